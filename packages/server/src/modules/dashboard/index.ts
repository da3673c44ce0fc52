// What the dashboard module offers other modules (decision 0019: a module's index.ts is its only door): the
// transaction engine adds the transactions it writes to the dashboard's roll-ups; bulk loads rebuild them.
export { rebuildDashboardTotals, recordTransactionTotals } from './totals.js';
