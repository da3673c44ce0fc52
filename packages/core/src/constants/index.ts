export * from './timing.js';
export * from './lists.js';
export * from './dates.js';
export * from './limits.js';
export * from './defaults.js';
