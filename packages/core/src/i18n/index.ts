export * from './messages-es.js';
