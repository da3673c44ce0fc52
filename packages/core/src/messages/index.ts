export * from './messages.js';
export * from './fill.js';
