export * from './schemas.js';
export * from './messages.js';
