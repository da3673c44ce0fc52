import { and, asc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import { ACCOUNT_STATUS } from '@ebt/core/enums';
import type { DbOrTx } from '../../db/client.js';
import { incentives, recipientAccounts, recipientIncentives } from '../../db/schema/index.js';
import { preparedFor } from '../../platform/prepared.js';

// The transaction engine's question (docs/decisions/0041): which incentives does an account
// earn on a day? An enrolment is in force from its start through its end date; its incentive must be too (an
// incentive whose dates were narrowed after the enrolment bounds it, decision 0041), and its account must be active (an
// inactive or deleted account earns nothing, as it is issued no benefit). A prepared statement that reads
// recipient_incentives_account_id_idx (account_id, start_date): the account's few enrolments that started by the day,
// whatever the table's size (bench/incentive-enrolments.ts: under 5 ms at 1,000,000 enrolments on PostgreSQL).

/** An incentive an account earns on the day, with the terms the engine applies (rates as two-decimal text). */
export interface ActiveEnrolment {
  recipientIncentiveId: number;
  incentiveId: number;
  incentiveUuid: string;
  fundingSourceId: number;
  /** 5.25 means 5.25% of the purchase (B§5). */
  matchRate: string;
  /** 0.00 means no maximum (B§5). */
  accrualMaxDay: string;
  accrualMaxMonth: string;
  accrualMaxTrx: string;
  accrualFeeRate: string;
  redemptionFeeRate: string;
}

function activeEnrolmentsStatement(db: DbOrTx, name: string) {
  const day = sql.placeholder('day');
  return db
    .select({
      recipientIncentiveId: recipientIncentives.id,
      incentiveId: incentives.id,
      incentiveUuid: incentives.uuid,
      fundingSourceId: incentives.fundingSourceId,
      matchRate: incentives.matchRate,
      accrualMaxDay: incentives.accrualMaxDay,
      accrualMaxMonth: incentives.accrualMaxMonth,
      accrualMaxTrx: incentives.accrualMaxTrx,
      accrualFeeRate: incentives.accrualFeeRate,
      redemptionFeeRate: incentives.redemptionFeeRate,
    })
    .from(recipientIncentives)
    .innerJoin(incentives, eq(incentives.id, recipientIncentives.incentiveId))
    .innerJoin(recipientAccounts, eq(recipientAccounts.id, recipientIncentives.accountId))
    .where(
      and(
        eq(recipientIncentives.accountId, sql.placeholder('accountId')),
        eq(recipientAccounts.statusId, ACCOUNT_STATUS.ACTIVE),
        lte(recipientIncentives.startDate, sql`${day}::date`),
        or(isNull(recipientIncentives.endDate), gte(recipientIncentives.endDate, sql`${day}::date`)),
        lte(incentives.startDate, sql`${day}::date`),
        or(isNull(incentives.endDate), gte(incentives.endDate, sql`${day}::date`)),
      ),
    )
    .orderBy(asc(incentives.id))
    .prepare(name);
}

/**
 * The enrolments of an account in force on `day` ('YYYY-MM-DD', the program's calendar day of the purchase), one per
 * incentive (enrolments in one incentive never overlap), by incentive id.
 */
export async function activeEnrolments(db: DbOrTx, accountId: number, day: string): Promise<ActiveEnrolment[]> {
  return preparedFor(db, 'incentive_active_enrolments', activeEnrolmentsStatement).execute({ accountId, day });
}
