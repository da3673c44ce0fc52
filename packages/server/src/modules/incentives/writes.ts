import { type DateRange, incentiveDateIn, INCENTIVE_MESSAGES } from '@ebt/core/incentives';
import type { incentives } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';

// What the incentive writes share (add.ts, change.ts, enrol.ts, enrolment-change.ts).

/** The unique index behind the 409 of a name taken in the program (program_id, lower(name)). */
export const NAME_INDEX = 'incentives_program_name_key';
/** The exclusion constraint behind the 409 of an overlapping enrolment (migration 0016). */
const OVERLAP_CONSTRAINT = 'recipient_incentives_no_overlap';

/**
 * The exclusion constraint refused the write (PostgreSQL 23P01), from PGlite or node-postgres, directly or as a Drizzle
 * query error's cause: a concurrent enrolment the check before the write could not see.
 */
export function isOverlapViolation(error: unknown): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23P01') return e.constraint === undefined || e.constraint === OVERLAP_CONSTRAINT;
  return false;
}

/** Refuses with 400 and one entry per problem (each names its field), when there is any. */
export function refuseProblems(problems: readonly { field: string; message: string }[]): void {
  const [first] = problems;
  if (!first) return;
  const entries = problems.map((p) => ({ appErrorCode: 'VALIDATION', appErrorMessage: p.message, field: p.field }));
  throw new AppError(400, first.message, 'VALIDATION', first.field, entries);
}

/** The dates of a request as calendar days in the program's zone (resolution 17; the schema checked they read). */
export function datesIn(body: { startDate: string; endDate: string | null }, timeZone: string): DateRange {
  const startDate = incentiveDateIn(body.startDate, timeZone);
  const endDate = body.endDate === null ? null : incentiveDateIn(body.endDate, timeZone);
  if (startDate === null) throw AppError.badRequest(INCENTIVE_MESSAGES.INVALID_DATE, 'startDate');
  if (body.endDate !== null && endDate === null) throw AppError.badRequest(INCENTIVE_MESSAGES.INVALID_DATE, 'endDate');
  return { startDate, endDate };
}

/** The incentive's fields as its audit rows record them. */
export function incentiveAuditView(i: typeof incentives.$inferSelect | typeof incentives.$inferInsert) {
  return {
    name: i.name,
    programId: i.programId,
    fundingSourceId: i.fundingSourceId,
    startDate: i.startDate,
    endDate: i.endDate ?? null,
    matchRate: i.matchRate,
    accrualMaxDay: i.accrualMaxDay,
    accrualMaxMonth: i.accrualMaxMonth,
    accrualMaxTrx: i.accrualMaxTrx,
    accrualFeeRate: i.accrualFeeRate,
    redemptionFeeRate: i.redemptionFeeRate,
  };
}

/** A name taken in the program: 409 at the name (the §8 screens show the server's message). */
export function nameTaken(): AppError {
  return AppError.conflict(INCENTIVE_MESSAGES.NAME_TAKEN, 'name');
}
