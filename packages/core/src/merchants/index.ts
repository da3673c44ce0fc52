export * from './schemas.js';
export * from './rules.js';
export * from './messages.js';
export * from './form.js';
export * from './import.js';
export * from './recipient-search.js';
export * as merchantApi from './endpoints.js';
