export * from './schemas.js';
export * as authApi from './endpoints.js';
