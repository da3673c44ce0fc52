export * from './schemas.js';
export * from './search.js';
export * from './messages.js';
export * as applicantApi from './endpoints.js';
