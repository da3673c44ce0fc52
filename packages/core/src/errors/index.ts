export * from './schemas.js';
export * from './read.js';
