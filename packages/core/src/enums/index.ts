export * from './statuses.js';
export * from './roles.js';
export * from './codes.js';
export * from './states.js';
