import { sql } from 'drizzle-orm';
import { cutoffMinutes, DEFAULT_CUTOFF, dueCutoff, localClock } from '@ebt/core/settlement';
import type { Db } from '../../db/client.js';
import type { JobDefinition } from '../../platform/jobs.js';
import { configBoolean, configValueInForce } from '../../platform/config-values.js';
import {
  assignTransactions,
  claimProgram,
  cutoffClosed,
  insertBatch,
  insertHolds,
  insertLines,
  payableWaiting,
  rowsOf,
  totalBatch,
} from './close-queries.js';

// Closing settlement batches (decision 0056; docs/settlement.md "Cut-off").

export type CloseOutcome =
  | { kind: 'closed'; batchId: number }
  | { kind: 'empty' } // nobody to pay (nothing waits, only held merchants' money, or money netting to zero): nothing written
  | { kind: 'busy' } // another close holds the program
  | { kind: 'covered' }; // the scheduled cut-off already has its batch

/**
 * Closes a batch of the program up to `cutoff`, in one transaction. `scheduled` (the job) skips a cut-off some batch
 * already covers; an administrator's close (not scheduled) settles everything up to now. A batch is written only when
 * it pays some merchant (a merchant whose lines do not net to zero): otherwise nothing is written, no batch row, no
 * lines, no holds, and held merchants' money keeps waiting in the queue (docs/settlement.md "Cut-off and the close").
 */
export async function closeBatch(
  db: Db,
  options: { programId: number; cutoff: Date; closedBy: number | null; now: Date; scheduled: boolean },
): Promise<CloseOutcome> {
  class Empty extends Error {}
  try {
    return await db.transaction(async (tx) => {
      const program = await claimProgram(tx, options.programId);
      if (!program) return { kind: 'busy' } as const;
      if (options.scheduled && (await cutoffClosed(tx, options.programId, options.cutoff)))
        return { kind: 'covered' } as const;
      // Nobody that can be paid waits: stop before the batch row (no batch number is used up either).
      if (!(await payableWaiting(tx, options.programId, options.cutoff))) return { kind: 'empty' } as const;
      const businessDay = localClock(new Date(options.cutoff.getTime() - 1), program.time_zone).day;
      const batchId = await insertBatch(tx, { ...options, businessDay });
      const count = await assignTransactions(tx, batchId, options.programId, options.cutoff);
      if (count === 0) throw new Empty(); // the merchants were held meanwhile: roll the batch back
      await insertLines(tx, batchId);
      await insertHolds(tx, batchId, options.programId, options.cutoff);
      // Every merchant's lines net to zero (a purchase reversed): no ACH entry, so no batch; the money waits.
      if ((await totalBatch(tx, batchId, count)) === 0) throw new Empty();
      return { kind: 'closed', batchId } as const;
    });
  } catch (error) {
    if (error instanceof Empty) return { kind: 'empty' };
    throw error;
  }
}

/** Whether the program settles (settlement.enabled.<SHORT NAME>, else settlement.enabled; off by default). */
export async function settlementEnabled(db: Db, shortName: string, today: string): Promise<boolean> {
  const global = await configBoolean(db, 'settlement.enabled', today, false);
  return configBoolean(db, `settlement.enabled.${shortName}`, today, global);
}

/** The cut-off in minutes after midnight (settlement.cutoff, 'HH:MM' in the program's zone; default 18:00). */
export async function settlementCutoff(db: Db, today: string): Promise<number> {
  return cutoffMinutes(await configValueInForce(db, 'settlement.cutoff', today)) ?? cutoffMinutes(DEFAULT_CUTOFF)!;
}

/** One run of the job: every program whose cut-off has passed and is not yet covered gets its batch. */
export async function closeDueBatches(db: Db, now: Date): Promise<number> {
  const programs = await rowsOf<{ id: number; short_name: string; time_zone: string }>(
    db,
    sql`select id, short_name, time_zone from programs order by id`,
  );
  let closed = 0;
  for (const program of programs) {
    const today = localClock(now, program.time_zone).day;
    if (!(await settlementEnabled(db, program.short_name, today))) continue;
    const due = dueCutoff(now, program.time_zone, await settlementCutoff(db, today));
    if (await cutoffClosed(db, program.id, due.at)) continue;
    const outcome = await closeBatch(db, {
      programId: program.id,
      cutoff: due.at,
      closedBy: null,
      now,
      scheduled: true,
    });
    if (outcome.kind === 'closed') closed++;
  }
  return closed;
}

/**
 * The close job: in every process (shared, like the outbox sender), each program claimed with SKIP LOCKED, so two
 * instances never close one cut-off twice and never wait on each other.
 */
export const settlementCloseJob: JobDefinition = {
  name: 'settlement-close',
  everyMs: 60_000,
  leaseMs: 10 * 60_000,
  shared: true,
  run: (db, now) => closeDueBatches(db, now),
};
