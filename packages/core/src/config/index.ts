export * from './schemas.js';
export * from './messages.js';
export * as configApi from './endpoints.js';
