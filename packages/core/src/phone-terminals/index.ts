export * from './schemas.js';
export * from './messages.js';
export * as phoneTerminalApi from './endpoints.js';
