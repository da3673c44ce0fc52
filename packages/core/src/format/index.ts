export * from './money.js';
export * from './dates.js';
export * from './pan.js';
export * from './phone.js';
