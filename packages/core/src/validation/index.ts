export * from './patterns.js';
export * from './cards.js';
export * from './fields.js';
export * from './files.js';
export * from './text.js';
export * from './numbers.js';
export * from './field-groups.js';
export * from './bank.js';
