export * from './schemas.js';
export * from './messages.js';
export * from './rules.js';
export * as merchantUserApi from './endpoints.js';
