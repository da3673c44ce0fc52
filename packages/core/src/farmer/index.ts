export * from './access.js';
export * from './messages.js';
export * from './schemas.js';
export * as farmerApi from './endpoints.js';
