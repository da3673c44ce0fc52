// What the settlement module offers the rest of the server (decision 0019): its routes, its close job, a close itself
// for the demo seed (seed/settlement.ts), and the reconciliation figures the dashboard shows (decision 0074).
export { default as settlementRoutes } from './routes.js';
export { closeBatch, settlementCloseJob } from './close.js';
export { reconciliationRows, totalOf } from './reconciliation.js';
