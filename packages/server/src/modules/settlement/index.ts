// What the settlement module offers the rest of the server (decision 0019): its routes, its close job, a close itself
// for the demo seed (seed/settlement.ts), and the reconciliation figures the dashboard shows (decision 0074).
export { default as settlementRoutes } from './routes.js';
export { closeBatch, settlementCloseJob } from './close.js';
export { reconciliationRows, totalOf } from './reconciliation.js';
// The farmer portal (modules/farmer) lists its merchant's payouts and prints the same statement staff download: the
// hold reasons as settlement judges them, a batch's lines, and the statement, which it prints once it has found the
// batch within the farmer's own merchants.
export { holdReason } from './close-queries.js';
export { batchLines } from './queries.js';
export { printStatement, sendStatement } from './statement.js';
// The payout e-mail as the farmers read it, for the tests of every notice's words side by side (docs/notices.md).
export { payoutNotice } from './payout-notices.js';
