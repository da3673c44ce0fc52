export * from './schemas.js';
export * from './rules.js';
export * from './messages.js';
export * from './import.js';
export * from './life-cycle.js';
export * as benefitApi from './endpoints.js';
