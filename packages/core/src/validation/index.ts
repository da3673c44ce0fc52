export * from './patterns.js';
export * from './cards.js';
export * from './fields.js';
export * from './files.js';
