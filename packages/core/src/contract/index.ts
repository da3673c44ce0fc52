export * from './access.js';
export * from './endpoint.js';
