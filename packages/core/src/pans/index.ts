export * from './schemas.js';
export * from './messages.js';
export * from './rules.js';
export * from './pin.js';
export * from './pay-code.js';
export * as panApi from './endpoints.js';
