import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { agencies } from './agencies.js';
import { createdAt, creationChannel, day, id, money, publicUuid, updatedAt, updationChannel } from './columns.js';
import { incentives } from './incentives.js';
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
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => recipientAccounts.id),
    agencyId: integer('agency_id').references(() => agencies.id),
    /** Required by the issue form; nullable only so a file import without a funding column can still load rows. */
    fundingSourceId: integer('funding_source_id').references(() => fundingSources.id),
    incentiveId: integer('incentive_id').references(() => incentives.id),
    authorizationNumber: varchar('authorization_number', { length: 20 }).notNull(),
    benefitTypeId: smallint('benefit_type_id').notNull().default(1),
    statusId: smallint('status_id').notNull().default(0),
    availableDate: day('available_date').notNull(),
    expirationDate: day('expiration_date').notNull(),
    amount: money('amount').notNull(),
    balance: money('balance').notNull(),
    note: varchar('note', { length: 100 }),
    benefitOptionId: integer('benefit_option_id').references(() => benefitOptions.id),
    notifiedRecipient: boolean('notified_recipient').notNull().default(false),
    creationChannel: creationChannel(),
    updationChannel: updationChannel(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // An authorization number names one benefit within its program; also the authNo search within a program.
    uniqueIndex('benefits_program_auth_number_key').on(t.programId, t.authorizationNumber),
    // authNo search across programs (platform admins, recipients over their programs).
    index('benefits_auth_number_idx').on(t.authorizationNumber),
    // The benefit search: program scope plus an available-date range, newest first.
    index('benefits_program_available_date_idx').on(t.programId, t.availableDate),
    // A recipient's benefits and balances (recipient detail, recipient portal, purchases).
    index('benefits_account_id_idx').on(t.accountId, t.expirationDate),
    // Agency staff scope.
    index('benefits_agency_id_idx').on(t.agencyId, t.availableDate),
    index('benefits_funding_source_id_idx').on(t.fundingSourceId),
    index('benefits_incentive_id_idx').on(t.incentiveId),
    // The expiry job reads only Issued benefits past their date; a partial index keeps it small because most
    // benefits leave status 0 for good.
    index('benefits_issued_expiration_idx')
      .on(t.expirationDate)
      .where(sql`${t.statusId} = 0`),
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
