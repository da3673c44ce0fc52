import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { jobLocks } from '../db/schema/index.js';

/**
 * Scheduled jobs that are safe with several server instances on one database: a job runs only in the instance
 * that takes its lease row in job_locks (an atomic upsert that succeeds only when the previous lease is over).
 */
export interface JobDefinition {
  name: string;
  everyMs: number;
  /** How long the lease lasts: longer than the job can take, so a second instance never starts it twice. */
  leaseMs: number;
  /**
   * Runs in every instance at once, without a lease: for work that claims its own rows (FOR UPDATE SKIP LOCKED), so
   * each instance takes a share (the outbox sender, decision 0050).
   */
  shared?: boolean;
  run(db: Db, now: Date): Promise<unknown>;
}

export async function tryAcquireLease(
  db: Db,
  name: string,
  holder: string,
  leaseMs: number,
  now: Date,
): Promise<boolean> {
  const until = new Date(now.getTime() + leaseMs);
  const rows = await db
    .insert(jobLocks)
    .values({ name, lockedUntil: until, lockedBy: holder })
    .onConflictDoUpdate({
      target: jobLocks.name,
      set: { lockedUntil: until, lockedBy: holder },
      setWhere: sql`${jobLocks.lockedUntil} <= ${now}`,
    })
    .returning({ name: jobLocks.name });
  return rows.length === 1;
}

/** Ends a lease; `nextRunAfter` keeps other instances' timers from running the job again within its interval. */
export async function releaseLease(
  db: Db,
  name: string,
  holder: string,
  now: Date,
  nextRunAfter: Date = now,
): Promise<void> {
  await db
    .update(jobLocks)
    .set({ lockedUntil: nextRunAfter, lastRunAt: now })
    .where(sql`${jobLocks.name} = ${name} and ${jobLocks.lockedBy} = ${holder}`);
}

/** Runs `job` once if this holder gets the lease; answers whether it ran. */
export async function runExclusive(db: Db, job: JobDefinition, holder: string, now: () => Date): Promise<boolean> {
  const startedAt = now();
  if (!(await tryAcquireLease(db, job.name, holder, job.leaseMs, startedAt))) return false;
  try {
    await job.run(db, startedAt);
  } finally {
    // Once per interval across all instances: each has its own timer, so the next lease opens near the next tick.
    const finished = now();
    const nextRunAfter = new Date(Math.max(finished.getTime(), startedAt.getTime() + job.everyMs * 0.9));
    await releaseLease(db, job.name, holder, finished, nextRunAfter);
  }
  return true;
}

/** Starts the timers; the answer stops them (graceful shutdown waits for a running job to finish). */
export function startScheduler(
  db: Db,
  jobs: JobDefinition[],
  holder: string,
  log: FastifyBaseLogger,
  now: () => Date = () => new Date(),
) {
  const running = new Set<Promise<unknown>>();
  // A job whose last run is still going is not started again by this process (a slow fold or a slow mail server
  // would otherwise pile runs up); other instances are kept out by the lease or by the rows their runs claim.
  const busy = new Set<string>();
  const timers = jobs.map((job) =>
    setInterval(() => {
      if (busy.has(job.name)) return;
      busy.add(job.name);
      const run = (job.shared ? job.run(db, now()).then(() => true) : runExclusive(db, job, holder, now))
        .then((ran) => ran && log.debug({ job: job.name }, 'job ran'))
        .catch((err: unknown) => log.error({ err, job: job.name }, 'job failed'))
        .finally(() => {
          running.delete(run);
          busy.delete(job.name);
        });
      running.add(run);
    }, job.everyMs).unref(),
  );
  return async function stop(): Promise<void> {
    timers.forEach(clearInterval);
    await Promise.allSettled([...running]);
  };
}
