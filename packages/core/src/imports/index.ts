export * from './file-answer.js';
export * from './file-check.js';
