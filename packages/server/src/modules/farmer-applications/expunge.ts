import { DEFAULT_ABANDONED_DRAFT_DAYS, DEFAULT_REFUSED_APPLICATION_DAYS } from '@ebt/core/farmer-applications';
import { todayIn } from '@ebt/core/format';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { recordAudit } from '../../platform/audit.js';
import { configInteger } from '../../platform/config-values.js';
import type { JobDefinition } from '../../platform/jobs.js';
import { deleteOldConfirmations, deleteRefusedApplications } from './queries.js';

// The farmer application expunge (docs/decisions/0111, docs/configuration.md): confirmations older than
// `farmerApplication.draftDays` days (drafts never submitted, and the spent ones of submitted applications, which
// serve nothing once the application exists), and applications refused more than `farmerApplication.refusedDays` days
// ago, with their programs and history (cascade). Set-based deletes; one audit row counts what a run removed.

export const FARMER_APPLICATION_EXPUNGE_JOB = 'farmer-application-expunge';
export const DRAFT_DAYS_KEY = 'farmerApplication.draftDays';
export const REFUSED_DAYS_KEY = 'farmerApplication.refusedDays';

const DAY_MS = 86_400_000;

export interface ExpungeResult {
  confirmations: number;
  applications: number;
  draftDays: number;
  refusedDays: number;
}

/** A number of days from a key: a whole number of at least 1, else the default. */
async function days(db: Db, key: string, today: string, fallback: number): Promise<number> {
  const value = await configInteger(db, key, today, fallback);
  return value >= 1 ? value : fallback;
}

/** One pass at `now`: idempotent, a second pass at the same time removes nothing. */
export async function expungeFarmerApplications(
  db: Db,
  now: Date,
  options: Pick<Config, 'defaultTimeZone'>,
): Promise<ExpungeResult> {
  const today = todayIn(options.defaultTimeZone, now);
  const draftDays = await days(db, DRAFT_DAYS_KEY, today, DEFAULT_ABANDONED_DRAFT_DAYS);
  const refusedDays = await days(db, REFUSED_DAYS_KEY, today, DEFAULT_REFUSED_APPLICATION_DAYS);
  return db.transaction(async (tx) => {
    const confirmations = await deleteOldConfirmations(tx, new Date(now.getTime() - draftDays * DAY_MS));
    const applications = await deleteRefusedApplications(tx, new Date(now.getTime() - refusedDays * DAY_MS));
    if (confirmations > 0 || applications > 0)
      await recordAudit(
        tx,
        { caller: null, ip: undefined, requestId: undefined, now: () => now },
        {
          action: 'expunge',
          entity: 'farmer_application_job',
          entityId: FARMER_APPLICATION_EXPUNGE_JOB,
          after: { confirmations, applications, draftDays, refusedDays },
        },
      );
    return { confirmations, applications, draftDays, refusedDays };
  });
}

/** Hourly (the deletes are cheap, and a server that restarts daily still runs it), one instance at a time. */
export function farmerApplicationExpungeJob(config: Pick<Config, 'defaultTimeZone'>): JobDefinition {
  return {
    name: FARMER_APPLICATION_EXPUNGE_JOB,
    everyMs: 60 * 60_000,
    leaseMs: 10 * 60_000,
    run: (db, now) => expungeFarmerApplications(db, now, config),
  };
}
