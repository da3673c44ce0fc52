// Every table of the relational model, one file per area; docs/data-model.md explains them.
export * from './programs.js';
export * from './agencies.js';
export * from './users.js';
export * from './security.js';
export * from './recipients.js';
export * from './applications.js';
export * from './benefits.js';
export * from './pans.js';
export * from './external-cards.js';
export * from './merchants.js';
export * from './terminals.js';
export * from './transactions.js';
export * from './incentives.js';
export * from './notifications.js';
export * from './config.js';
export * from './platform.js';
export * from './dashboard.js';
