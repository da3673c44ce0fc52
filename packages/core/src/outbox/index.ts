export * from './schemas.js';
export * as outboxApi from './endpoints.js';
