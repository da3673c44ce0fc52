export * from './messages.js';
export * from './fill.js';
export * from './origin.js';
