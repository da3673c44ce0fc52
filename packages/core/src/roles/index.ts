export * from './schemas.js';
export * from './rules.js';
export * from './messages.js';
export * as roleApi from './endpoints.js';
