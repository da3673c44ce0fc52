import { bigint, index, integer, numeric, pgTable, primaryKey, unique } from 'drizzle-orm/pg-core';
import { agencies } from './agencies.js';
import { day } from './columns.js';
import { merchants } from './merchants.js';
import { fundingSources, programs } from './programs.js';
import { recipientAccounts } from './recipients.js';

// The dashboard's daily roll-ups (docs/dashboard.md, decision 0053): what the snapshot and the charts read instead of
// scanning benefits and transactions. Days are the program's days (programs.time_zone). Null agency: program-level
// accounts; null funding source: benefits loaded without one. Keys are NULLS NOT DISTINCT, so those are keys too.
// Sums are wider than money(): a program's year of purchases.

const total = (name: string) => numeric(name, { precision: 16, scale: 2 }).notNull().default('0');
// The key columns every roll-up shares, each a function so every table gets its own column objects.
const programColumn = () =>
  integer('program_id')
    .notNull()
    .references(() => programs.id, { onDelete: 'cascade' });
const merchantColumn = () =>
  integer('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' });
const agencyColumn = () => integer('agency_id').references(() => agencies.id, { onDelete: 'cascade' });
const fundingColumn = () => integer('funding_source_id').references(() => fundingSources.id, { onDelete: 'cascade' });
const keyColumns = () => ({
  programId: programColumn(),
  day: day('day').notNull(),
  agencyId: agencyColumn(),
  fundingSourceId: fundingColumn(),
});

/**
 * Benefits issued per available date (not Voided), kept by the triggers on benefits of migration 0023, so every
 * writer of benefits (issue, void, change, file import, the engine's incentive benefits, bulk loads) keeps it in
 * step in its own transaction.
 */
export const dashboardIssuanceDays = pgTable(
  'dashboard_issuance_days',
  {
    ...keyColumns(),
    issuedAmount: total('issued_amount'),
    issuedCount: integer('issued_count').notNull().default(0),
  },
  (t) => [
    unique('dashboard_issuance_days_key').on(t.programId, t.day, t.agencyId, t.fundingSourceId).nullsNotDistinct(),
  ],
);

/**
 * Approved purchases, refunds, reversals, accruals and clawbacks per transaction day, added by
 * modules/dashboard `recordTransactionTotals` in the transaction that writes them. Redeemed may be negative on a
 * day of refunds.
 */
export const dashboardRedemptionDays = pgTable(
  'dashboard_redemption_days',
  {
    ...keyColumns(),
    redeemedAmount: total('redeemed_amount'),
    redemptionCount: integer('redemption_count').notNull().default(0),
    recipientCount: integer('recipient_count').notNull().default(0),
    incentiveAmount: total('incentive_amount'),
  },
  (t) => [
    unique('dashboard_redemption_days_key').on(t.programId, t.day, t.agencyId, t.fundingSourceId).nullsNotDistinct(),
  ],
);

/** Redeemed per merchant and day: the top redemption merchants and merchant participation. */
export const dashboardMerchantDays = pgTable(
  'dashboard_merchant_days',
  {
    ...keyColumns(),
    merchantId: merchantColumn(),
    redeemedAmount: total('redeemed_amount'),
  },
  (t) => [
    unique('dashboard_merchant_days_key')
      .on(t.programId, t.day, t.merchantId, t.agencyId, t.fundingSourceId)
      .nullsNotDistinct(),
  ],
);

/**
 * Redeemed per merchant and month (the first day of the program's month), the same sums as dashboard_merchant_days
 * (decision 0067): the top merchants and merchant participation read whole months here and only the days of the
 * range's partial months from the daily table, so a year-long range reads about 12 rows per merchant, not 365.
 */
export const dashboardMerchantMonths = pgTable(
  'dashboard_merchant_months',
  {
    programId: programColumn(),
    month: day('month').notNull(),
    merchantId: merchantColumn(),
    agencyId: agencyColumn(),
    fundingSourceId: fundingColumn(),
    redeemedAmount: total('redeemed_amount'),
  },
  (t) => [
    unique('dashboard_merchant_months_key')
      .on(t.programId, t.month, t.merchantId, t.agencyId, t.fundingSourceId)
      .nullsNotDistinct(),
  ],
);

/**
 * The same per program, month and merchant only (decision 0067): what a program-wide merchant read of a long range
 * sums (no agency or funding filter, a caller who sees the whole program), a row per merchant and month. Its primary
 * key covers redeemed_amount since migration 0031 (decision 0075).
 */
export const dashboardProgramMerchantMonths = pgTable(
  'dashboard_program_merchant_months',
  {
    programId: programColumn(),
    month: day('month').notNull(),
    merchantId: merchantColumn(),
    redeemedAmount: total('redeemed_amount'),
  },
  (t) => [primaryKey({ columns: [t.programId, t.month, t.merchantId] })],
);

/**
 * Redeemed per program, day and merchant, without the agency and funding splits (decision 0075): what a program-wide
 * merchant read (no agency or funding filter, a caller who sees the whole program) sums for the days of a range, a row
 * per merchant and day. Migration 0031 makes the primary key cover redeemed_amount (INCLUDE, which Drizzle cannot
 * declare), so those reads are index-only scans of one (program_id, day) range.
 */
export const dashboardProgramMerchantDays = pgTable(
  'dashboard_program_merchant_days',
  {
    programId: programColumn(),
    day: day('day').notNull(),
    merchantId: merchantColumn(),
    redeemedAmount: total('redeemed_amount'),
  },
  (t) => [primaryKey({ name: 'dashboard_program_merchant_days_pkey', columns: [t.programId, t.day, t.merchantId] })],
);

/**
 * Redeemed per program, agency, day and merchant, without the funding split (decision 0075): what a merchant read
 * narrowed to agencies but not to a funding source sums (agency staff, or an agency chosen). Rows of agencies only:
 * program-level accounts (no agency) are read through the program-wide tables. Key agency before day, so the reads
 * of a few agencies are one (program, agency, day) range each; covering as above (migration 0031).
 */
export const dashboardAgencyMerchantDays = pgTable(
  'dashboard_agency_merchant_days',
  {
    programId: programColumn(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    day: day('day').notNull(),
    merchantId: merchantColumn(),
    redeemedAmount: total('redeemed_amount'),
  },
  (t) => [
    primaryKey({
      name: 'dashboard_agency_merchant_days_pkey',
      columns: [t.programId, t.agencyId, t.day, t.merchantId],
    }),
  ],
);

/** The same per month (its first day): the whole months of a long range narrowed to agencies (decision 0075). */
export const dashboardAgencyMerchantMonths = pgTable(
  'dashboard_agency_merchant_months',
  {
    programId: programColumn(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    month: day('month').notNull(),
    merchantId: merchantColumn(),
    redeemedAmount: total('redeemed_amount'),
  },
  (t) => [
    primaryKey({
      name: 'dashboard_agency_merchant_months_pkey',
      columns: [t.programId, t.agencyId, t.month, t.merchantId],
    }),
  ],
);

/**
 * The recipients who made an approved purchase on a day (one row each), so the recipient redemption count of a day
 * counts a recipient once however often they bought; agency and funding source are those of their first purchase
 * that day (decision 0053).
 */
export const dashboardRecipientDays = pgTable(
  'dashboard_recipient_days',
  {
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    day: day('day').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => recipientAccounts.id, { onDelete: 'cascade' }),
    agencyId: integer('agency_id'),
    fundingSourceId: integer('funding_source_id'),
  },
  (t) => [
    primaryKey({ columns: [t.programId, t.day, t.accountId] }),
    index('dashboard_recipient_days_account_id_idx').on(t.accountId),
  ],
);

/**
 * Engine transactions written but not yet added to the transaction roll-ups (decision 0066): the engine inserts the
 * ids of each call's rows in its own transaction (an insert only, so concurrent calls never wait on each other), and
 * the dashboard fold job (modules/dashboard `foldPendingTotals`, every few seconds in every process) claims them with
 * FOR UPDATE SKIP LOCKED, adds their contributions and deletes them in one transaction. No foreign key: the rows are
 * gone within seconds, and a key check would cost the engine's insert a lookup.
 */
export const dashboardPendingTransactions = pgTable('dashboard_pending_transactions', {
  transactionId: bigint('transaction_id', { mode: 'number' }).primaryKey(),
});
