export * from './schemas.js';
export * from './search.js';
export * from './messages.js';
