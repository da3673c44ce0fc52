import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, day, id, publicUuid, rate, updatedAt } from './columns.js';
import { fundingSources, programs } from './programs.js';
import { recipientAccounts } from './recipients.js';

/**
 * An incentive definition (part 2 §3 "Incentive"): purchases of an enrolled recipient earn Incentive benefits.
 * match_rate 5.25 means 5.25%; an accrual maximum of 0.00 means no maximum (part 2 §5). Dates are date columns
 * (resolutions §17).
 */
export const incentives = pgTable(
  'incentives',
  {
    id: id(),
    uuid: publicUuid(), // incentiveUuid
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
    fundingSourceId: integer('funding_source_id')
      .notNull()
      .references(() => fundingSources.id),
    name: varchar('name', { length: 100 }).notNull(),
    startDate: day('start_date').notNull(),
    endDate: day('end_date'),
    matchRate: rate('match_rate').notNull().default('0'),
    accrualMaxDay: rate('accrual_max_day').notNull().default('0'),
    accrualMaxMonth: rate('accrual_max_month').notNull().default('0'),
    accrualMaxTrx: rate('accrual_max_trx').notNull().default('0'),
    accrualFeeRate: rate('accrual_fee_rate').notNull().default('0'),
    redemptionFeeRate: rate('redemption_fee_rate').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('incentives_program_id_idx').on(t.programId, t.startDate),
    // A name says which incentive a benefit or an enrolment is in: unique in its program, ignoring case (409,
    // docs/decisions/0040).
    uniqueIndex('incentives_program_name_key').on(t.programId, sql`lower(${t.name})`),
    index('incentives_funding_source_id_idx').on(t.fundingSourceId),
    check('incentives_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check(
      'incentives_rates_check',
      sql`${t.matchRate} >= 0 and ${t.accrualMaxDay} >= 0 and ${t.accrualMaxMonth} >= 0 and ${t.accrualMaxTrx} >= 0
        and ${t.accrualFeeRate} >= 0 and ${t.redemptionFeeRate} >= 0`,
    ),
  ],
);

/**
 * A recipient account's enrolment in an incentive for a period (part 2 "Recipient incentive"), both days included; no
 * end date runs on. Two enrolments of one account in one incentive never share a day: migration 0016 adds the
 * exclusion constraint recipient_incentives_no_overlap (Drizzle cannot declare one; docs/decisions/0041). The
 * transaction engine's look-up (modules/incentives/active-enrolments.ts) reads recipient_incentives_account_id_idx.
 */
export const recipientIncentives = pgTable(
  'recipient_incentives',
  {
    id: id(), // recipientIncentiveId
    accountId: integer('account_id')
      .notNull()
      .references(() => recipientAccounts.id, { onDelete: 'cascade' }),
    incentiveId: integer('incentive_id')
      .notNull()
      .references(() => incentives.id),
    startDate: day('start_date').notNull(),
    endDate: day('end_date'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('recipient_incentives_account_id_idx').on(t.accountId, t.startDate),
    index('recipient_incentives_incentive_id_idx').on(t.incentiveId),
    check('recipient_incentives_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

export type IncentiveRow = typeof incentives.$inferSelect;
