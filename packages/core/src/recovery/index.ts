export * from './rules.js';
export * from './schemas.js';
export * as recoveryApi from './endpoints.js';
