import type { Config } from './config.js';
import { purgeSignInFailures } from './modules/auth/sign-in-failures.js';
import { benefitLifeCycleJob } from './modules/benefits/lifecycle.js';
import { dashboardFoldJob } from './modules/dashboard/index.js';
import { farmerApplicationExpungeJob } from './modules/farmer-applications/index.js';
import type { JobDefinition } from './platform/jobs.js';
import { outboxSenderJob } from './platform/mailer.js';
import type { Metrics } from './platform/metrics.js';
import { settlementCloseJob } from './modules/settlement/index.js';
import { purgeOldSessions } from './platform/sessions.js';

/** Every scheduled job of the product: each runs in one instance at a time (platform/jobs.ts leases), or, when
 * `shared`, in every instance on rows it claims for itself. With `metrics`, the batches the close job writes and the
 * messages the sender cannot deliver are counted (each run's time and outcome is `Metrics.timedJobs`'). */
export function scheduledJobs(config: Config, metrics?: Metrics): JobDefinition[] {
  return [
    {
      name: 'purge-old-sessions',
      everyMs: 60 * 60_000,
      leaseMs: 10 * 60_000,
      run: (db, now) => purgeOldSessions(db, now),
    },
    { name: 'purge-sign-in-failures', everyMs: 60 * 60_000, leaseMs: 10 * 60_000, run: purgeSignInFailures },
    benefitLifeCycleJob(config),
    dashboardFoldJob,
    metrics
      ? {
          ...settlementCloseJob,
          run: async (db, now) => {
            const closed = await settlementCloseJob.run(db, now); // the batches it wrote
            metrics.settlementClosed('scheduled', typeof closed === 'number' ? closed : 0);
            return closed;
          },
        }
      : settlementCloseJob,
    farmerApplicationExpungeJob(config),
    ...(config.smtpUrl || config.sms
      ? [outboxSenderJob(config, {}, metrics && ((channel, givenUp) => metrics.deliveryFailed(channel, givenUp)))]
      : []),
  ];
}
