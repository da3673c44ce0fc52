export * from './schemas.js';
export * as staffNotificationApi from './endpoints.js';
