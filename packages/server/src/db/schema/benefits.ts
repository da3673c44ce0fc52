import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { agencies } from './agencies.js';
import { createdAt, creationChannel, day, id, money, publicUuid, updatedAt, updationChannel } from './columns.js';
import { benefitOptions, fundingSources, programs } from './programs.js';
import { recipientAccounts } from './recipients.js';

/**
 * A benefit issued to a recipient account (part 1 §3 "Benefit"). Type 1 Regular, 2 Incentive. Status 0 Issued,
 * 1 Expired, 2 Expunged, 3 Voided. The balance is what remains to spend: purchases lower it (transaction_benefits
 * records which benefits paid for a purchase), refunds raise it. Updates of a balance lock the row (select ... for
 * update) so two purchases never spend the same money.
 */
export const benefits = pgTable(
  'benefits',
  {
    id: id(),
    uuid: publicUuid(), // benefitUuid
    // The program and the account are checked together, by benefits_account_program_fk below (decision 0087).
    programId: integer('program_id').notNull(),
    accountId: integer('account_id').notNull(),
    // No foreign key to the agency, funding source or incentive (decision 0123): a purchase's accrual issues a benefit
    // of the incentive, and each key's check would lock a row every accrual of the incentive names. Agencies and
    // incentives are never deleted, and a funding source only while no benefit names it (triggers).
    agencyId: integer('agency_id'),
    /** Required by the issue form; nullable only so a file import without a funding column can still load rows. */
    fundingSourceId: integer('funding_source_id'),
    incentiveId: integer('incentive_id'),
    authorizationNumber: varchar('authorization_number', { length: 20 }).notNull(),
    benefitTypeId: smallint('benefit_type_id').notNull().default(1),
    statusId: smallint('status_id').notNull().default(0),
    availableDate: day('available_date').notNull(),
    expirationDate: day('expiration_date').notNull(),
    amount: money('amount').notNull(),
    balance: money('balance').notNull(),
    /**
     * What expunging forfeited (the balance it set to 0; decision 0058), kept so reconciliation can sum it from the
     * benefits themselves. Null until the benefit is Expunged.
     */
    expungedAmt: money('expunged_amt'),
    note: varchar('note', { length: 100 }),
    benefitOptionId: integer('benefit_option_id').references(() => benefitOptions.id),
    notifiedRecipient: boolean('notified_recipient').notNull().default(false),
    creationChannel: creationChannel(),
    updationChannel: updationChannel(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A benefit belongs to its account's program: one check instead of two (the account, then the program, which
    // the account's own key already vouches for), and a program that does not match its account is refused
    // (decision 0087).
    foreignKey({
      name: 'benefits_account_program_fk',
      columns: [t.accountId, t.programId],
      foreignColumns: [recipientAccounts.id, recipientAccounts.programId],
    }),
    // An authorization number names one benefit within its program; also the authNo search within a program.
    uniqueIndex('benefits_program_auth_number_key').on(t.programId, t.authorizationNumber),
    // authNo search across programs (platform admins, recipients over their programs).
    index('benefits_auth_number_idx').on(t.authorizationNumber),
    // The benefit search (docs/data-model.md "Indexes"): program scope plus an available-date range, newest first.
    // The id closes the order (available date desc, id desc), so a page is an index walk that stops after its rows.
    index('benefits_program_available_date_idx').on(t.programId, t.availableDate, t.id),
    // The same for platform admins searching every program.
    index('benefits_available_date_idx').on(t.availableDate, t.id),
    // A recipient's benefits and balances (recipient detail, recipient portal, purchases: soonest expiring first).
    // The trailing scope and date columns let a search that names a person test each account's benefits against
    // the caller's program or agency and the date range, and order them by date, from the index alone (an index-only
    // scan), without a heap visit per benefit: name searches at 5,000,000 benefits (bench/README.md).
    index('benefits_account_id_idx').on(t.accountId, t.expirationDate, t.programId, t.agencyId, t.availableDate, t.id),
    // Agency staff scope, and the agency filter of the search, in the search's order.
    index('benefits_agency_id_idx').on(t.agencyId, t.availableDate, t.id),
    index('benefits_funding_source_id_idx').on(t.fundingSourceId),
    // Only Incentive benefits name an incentive: the others are left out of the index (every query of it, and the
    // foreign key's check when an incentive is deleted, asks `incentive_id = $1`, which implies not null), so
    // issuing a Regular benefit costs one index entry less (decision 0082, bench/README.md "Benefit file import").
    index('benefits_incentive_id_idx')
      .on(t.incentiveId)
      .where(sql`${t.incentiveId} is not null`),
    // The expiry job reads only Issued benefits past their date; a partial index keeps it small because most
    // benefits leave status 0 for good.
    index('benefits_issued_expiration_idx')
      .on(t.expirationDate)
      .where(sql`${t.statusId} = 0`),
    // Its expunge pass reads Expired benefits past the expunge cutoff: the same kind of partial index for status 1.
    index('benefits_expired_expiration_idx')
      .on(t.expirationDate)
      .where(sql`${t.statusId} = 1`),
    check('benefits_type_check', sql`${t.benefitTypeId} in (1, 2)`),
    check('benefits_status_check', sql`${t.statusId} between 0 and 3`),
    // An Incentive benefit always names its incentive (part 1 §5).
    check('benefits_incentive_check', sql`${t.benefitTypeId} = 1 or ${t.incentiveId} is not null`),
    check('benefits_dates_check', sql`${t.expirationDate} >= ${t.availableDate}`),
    check('benefits_amount_check', sql`${t.amount} >= 0`),
    // The invariant of architecture.md "Money". Not also `balance <= amount`: part 1 §5 lets staff edit a balance
    // up to the benefit's maximum amount (default 9999.99), which may exceed the issued amount.
    check('benefits_balance_check', sql`${t.balance} >= 0`),
    check('benefits_auth_number_check', sql`${t.authorizationNumber} !~ '[[:space:]]'`),
  ],
);

export type BenefitRow = typeof benefits.$inferSelect;

/**
 * What each funding source and agency has issued (docs/decisions/0010-benefit-rules.md "Funding accounting"): one row
 * per (program, funding source, agency) that benefits were issued from, holding the sum of the amounts and the count
 * of its benefits that are not Voided, as of the last fold of `issuance_journal` (decision 0101): the rows the fold
 * has not taken yet are added to it wherever the figure must be exact (platform/issuance-totals.ts `issuedSql`).
 * A roll-up, so the dashboard's "issued" and an agency's remaining funding never sum millions of benefits.
 * `rebuildIssuanceRollups` recomputes it from the benefits after a bulk load.
 */
export const benefitIssuanceTotals = pgTable(
  'benefit_issuance_totals',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
    // Null: benefits loaded without a funding source, or without an agency (program-level accounts).
    fundingSourceId: integer('funding_source_id').references(() => fundingSources.id, { onDelete: 'cascade' }),
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'cascade' }),
    // Wider than money(): a sum over millions of benefits of up to 9999.99 each.
    issuedAmount: numeric('issued_amount', { precision: 16, scale: 2 }).notNull().default('0'),
    issuedCount: integer('issued_count').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One row per key; NULLS NOT DISTINCT so "no funding source" and "no agency" are keys too (PostgreSQL 15+).
    unique('benefit_issuance_totals_key').on(t.programId, t.fundingSourceId, t.agencyId).nullsNotDistinct(),
    // An agency's totals (its funding amount against what it issued) and a funding source's.
    index('benefit_issuance_totals_agency_id_idx').on(t.agencyId),
    index('benefit_issuance_totals_funding_source_id_idx').on(t.fundingSourceId),
    // No check that the sums stay at or above zero: folds add the journal's deltas in whatever order their batches
    // commit (a void's batch may land before its issue's), and a check applies to the proposed row of an upsert, so a
    // negative delta could not even be added to a positive total. The sums equal the benefits once folded (tested).
  ],
);

export type BenefitIssuanceTotalRow = typeof benefitIssuanceTotals.$inferSelect;

/**
 * Every change of what benefits have issued, appended by the statement triggers on benefits (migration 0043): a
 * benefit issued (+amount, +1), voided or deleted (-amount, -1), its amount, available date, funding source or agency
 * changed (minus the old key, plus the new). Writers only insert, so no two transactions ever wait on each other
 * for a roll-up row (an incentive earned at a purchase included); the fold job (`foldIssuanceJournal`) moves the rows
 * into benefit_issuance_totals and dashboard_issuance_days, in one transaction per batch (decision 0101).
 */
export const issuanceJournal = pgTable(
  'issuance_journal',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // Copied from a benefit by its trigger, so without foreign keys as the benefit's (decision 0123).
    programId: integer('program_id').notNull(),
    day: day('day').notNull(),
    agencyId: integer('agency_id'),
    fundingSourceId: integer('funding_source_id'),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    count: integer('count').notNull(),
  },
  // An agency's issued total is its roll-up rows plus its rows here (the funding check, the agency screens).
  (t) => [index('issuance_journal_agency_id_idx').on(t.agencyId)],
);
