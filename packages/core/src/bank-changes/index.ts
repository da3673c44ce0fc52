export * from './messages.js';
export * from './schemas.js';
export * as bankChangeApi from './endpoints.js';
