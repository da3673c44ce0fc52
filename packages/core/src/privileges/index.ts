export * from './privileges.js';
export * from './rules.js';
