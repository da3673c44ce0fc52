export * from './schemas.js';
export * from './messages.js';
export * from './rules.js';
export * as programApi from './endpoints.js';
