export * from './pages.js';
export * from './answers.js';
