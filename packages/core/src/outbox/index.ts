export * from './schemas.js';
export * from './sms-segments.js';
export * as outboxApi from './endpoints.js';
export * from './delivery-log.js';
