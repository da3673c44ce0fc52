// What the dashboard module offers other modules (decision 0019: a module's index.ts is its only door): the
// transaction engine queues the transactions it writes for the dashboard's roll-ups and the fold job adds them
// (decision 0066); bulk loads rebuild them.
export { dashboardFoldJob } from './fold-job.js';
export { foldAllPendingTotals, foldPendingTotals, rebuildDashboardTotals, recordTransactionTotals } from './totals.js';
