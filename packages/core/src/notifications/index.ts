export * from './messages.js';
export * from './rules.js';
export * from './schemas.js';
export * as notificationApi from './endpoints.js';
export * from './notice-kit.js';
