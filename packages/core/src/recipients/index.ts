export * from './schemas.js';
export * from './rules.js';
export * from './messages.js';
export * from './import.js';
export * from './current-user.js';
export * as recipientApi from './endpoints.js';
