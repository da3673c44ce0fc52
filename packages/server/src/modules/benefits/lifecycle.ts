import { BENEFIT_EXPUNGE_DAYS_KEY, expungeCutoff, expungeDaysFrom } from '@ebt/core/benefits';
import { BENEFIT_STATUS } from '@ebt/core/enums';
import { addDays, fromCents, todayIn, toCents } from '@ebt/core/format';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { type AuditEntry, recordAudit } from '../../platform/audit.js';
import { configValueInForce } from '../../platform/config-values.js';
import type { JobDefinition } from '../../platform/jobs.js';
import {
  expireBatch,
  expungeBatch,
  LIFE_CYCLE_CHANNEL,
  type MovedBenefit,
  type NoticeContext,
  notifyExpired,
  notifyExpiring,
  notifyExpunged,
  programTimeZones,
  remindBatch,
} from './lifecycle-queries.js';
import { expiringSoonDays } from './detail.js';

// The benefit life cycle (part 1 §4: "Expired and Expunged exist; transitions into them: not shown"; decision 0011):
// - Issued -> Expired once the expiration date is past in the program's time zone (resolution 26): on the first run
//   after midnight there. The balance stays on the benefit, no longer spendable; recipients with money left are told.
// - Expired -> Expunged `benefit.expungeDays` days (configuration key, default 90, 'never' to keep) after the
//   expiration date. The balance is set to 0: forfeited, and recorded per benefit in the audit log.
// Safe on several instances: the scheduler's lease runs it in one instance at a time, and every batch takes its rows
// with `for update skip locked` and re-checks the status, so even two overlapping runs never move a benefit twice.

export const BENEFIT_LIFE_CYCLE_JOB = 'benefit-life-cycle';

/** Benefits per batch: one short transaction each, so purchases never wait long on a locked benefit. */
const BATCH_SIZE = 500;

export interface LifeCycleOptions {
  /** The zone of "today" for the configuration key, and for a program whose own zone the runtime does not know. */
  defaultTimeZone: string;
  batchSize?: number;
  /** Where the notices' log lines go (the scheduler's logger); silent when not given. */
  log?: NoticeContext['log'];
  /** The portal's address, for the notices' links (config publicUrl). */
  publicUrl?: string;
}

export interface LifeCycleResult {
  expired: number;
  expunged: number;
  /** Expiry reminders sent (decision 0049). */
  reminded: number;
  /** Balances set to 0 by expunging, in cents. */
  forfeitedCents: number;
  /** The delay applied (null: expunging is off). */
  expungeDays: number | null;
}

/** The scheduled job: every 15 minutes, so a benefit leaves Issued within a quarter hour of midnight in its zone. */
export function benefitLifeCycleJob(
  config: Pick<Config, 'defaultTimeZone'> & Partial<Pick<Config, 'publicUrl'>>,
): JobDefinition {
  return {
    name: BENEFIT_LIFE_CYCLE_JOB,
    everyMs: 15 * 60_000,
    leaseMs: 10 * 60_000,
    run: (db, now) =>
      runBenefitLifeCycle(db, now, { defaultTimeZone: config.defaultTimeZone, publicUrl: config.publicUrl }),
  };
}

const SILENT: NoticeContext['log'] = { info: () => undefined };

/** A job has no request: its audit rows name no user, address or request. */
const jobContext = (now: Date) => ({ caller: null, ip: undefined, requestId: undefined, now: () => now });

function zoneToday(timeZone: string, fallback: string, now: Date): string {
  try {
    return todayIn(timeZone, now);
  } catch {
    return todayIn(fallback, now); // a zone the runtime does not know: the platform's
  }
}

/** One pass of the life cycle at `now`. Idempotent: a second pass at the same time changes nothing. */
export async function runBenefitLifeCycle(db: Db, now: Date, options: LifeCycleOptions): Promise<LifeCycleResult> {
  const limit = options.batchSize ?? BATCH_SIZE;
  const zones = await programTimeZones(db);
  const { days: expungeDays } = expungeDaysFrom(
    await configValueInForce(db, BENEFIT_EXPUNGE_DAYS_KEY, todayIn(options.defaultTimeZone, now)),
  );
  const result: LifeCycleResult = { expired: 0, expunged: 0, reminded: 0, forfeitedCents: 0, expungeDays };
  const notices: NoticeContext = {
    now: () => now,
    log: options.log ?? SILENT,
    ...(options.publicUrl ? { config: { publicUrl: options.publicUrl } } : {}),
  };

  for (const zone of zones) {
    const today = zoneToday(zone, options.defaultTimeZone, now);
    // The 'expiring soon' reminder, once per benefit, the lead time of the expiring-soon marker (default 14 days).
    const lastDay = addDays(today, await expiringSoonDays(db, today));
    for (;;) {
      const done = await db.transaction(async (tx) => {
        const batch = await remindBatch(tx, zone, today, lastDay, now, limit);
        await notifyExpiring(tx, notices, batch);
        return batch.length;
      });
      result.reminded += done;
      if (done < limit) break;
    }
    for (;;) {
      const done = await db.transaction(async (tx) => {
        const batch = await expireBatch(tx, zone, today, now, limit);
        if (batch.length === 0) return 0;
        await recordAudit(
          tx,
          jobContext(now),
          batch.map((b) => auditOf(b, 'expire', BENEFIT_STATUS.ISSUED, BENEFIT_STATUS.EXPIRED)),
        );
        await notifyExpired(tx, notices, batch);
        return batch.length;
      });
      result.expired += done;
      if (done < limit) break;
    }
    if (expungeDays === null) continue;
    const cutoff = expungeCutoff(today, expungeDays);
    for (;;) {
      const batch = await db.transaction(async (tx) => {
        const rows = await expungeBatch(tx, zone, cutoff, now, limit);
        await notifyExpunged(tx, notices, rows);
        if (rows.length)
          await recordAudit(
            tx,
            jobContext(now),
            rows.map((b) => auditOf(b, 'expunge', BENEFIT_STATUS.EXPIRED, BENEFIT_STATUS.EXPUNGED)),
          );
        return rows;
      });
      result.expunged += batch.length;
      result.forfeitedCents += batch.reduce((sum, b) => sum + toCents(b.balance), 0);
      if (batch.length < limit) break;
    }
  }

  if (result.expired || result.expunged) {
    // One line per run that changed something: what an operator or an auditor reads first.
    await recordAudit(db, jobContext(now), {
      action: 'life-cycle',
      entity: 'benefit_job',
      entityId: BENEFIT_LIFE_CYCLE_JOB,
      after: {
        expired: result.expired,
        expunged: result.expunged,
        forfeited: fromCents(result.forfeitedCents),
        expungeDays,
      },
    });
  }
  return result;
}

function auditOf(b: MovedBenefit, action: 'expire' | 'expunge', from: number, to: number): AuditEntry {
  // The names benefitAuditView gives these fields, so a benefit's history reads the same whoever changed it.
  const before: Record<string, unknown> = { benefitStatusId: from, updationChannel: b.updationChannel };
  const after: Record<string, unknown> = { benefitStatusId: to, updationChannel: LIFE_CYCLE_CHANNEL };
  if (action === 'expunge') {
    // The forfeited money, recorded with the benefit it came from.
    before.benefitBalance = b.balance;
    after.benefitBalance = '0.00';
    after.forfeited = b.balance;
  }
  return { action, entity: 'benefit', entityId: b.uuid, before, after };
}
