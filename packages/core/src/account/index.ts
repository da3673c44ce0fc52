export * from './schemas.js';
export * as accountApi from './endpoints.js';
