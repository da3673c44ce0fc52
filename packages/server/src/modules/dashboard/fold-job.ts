import type { JobDefinition } from '../../platform/jobs.js';
import { foldAllPendingTotals } from './totals.js';

/**
 * Adds the engine's queued transactions (decision 0066) and the issuance journal (decision 0101) to the dashboard
 * and funding roll-ups every two seconds, in every server process: each fold claims its rows with SKIP LOCKED, so
 * instances share the work and never add a row twice. The dashboard is at most a few seconds behind; the funding
 * checks add the journal's unfolded rows and are never behind.
 */
export const dashboardFoldJob: JobDefinition = {
  name: 'fold-dashboard-totals',
  everyMs: 2_000,
  leaseMs: 60_000,
  shared: true,
  run: (db) => foldAllPendingTotals(db),
};
