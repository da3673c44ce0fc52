export * from './file-answer.js';
