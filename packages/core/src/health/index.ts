export * from './schemas.js';
export * as healthApi from './endpoints.js';
