export * from './messages-es.js';
export * from './notice-values.js';
export * from './message-keys.js';
