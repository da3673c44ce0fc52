export * from './messages.js';
export * from './rules.js';
export * from './schemas.js';
export * from './ach.js';
export * from './banking-days.js';
export * from './statement-texts.js';
export * as settlementApi from './endpoints.js';
