export * from './schemas.js';
export * from './rules.js';
export * from './messages.js';
export * from './form.js';
export * as userAdminApi from './admin-endpoints.js';
export * as userApi from './endpoints.js';
