import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { benefits } from './benefits.js';
import { coordinate, createdAt, day, money, publicUuid } from './columns.js';
import { pans } from './pans.js';
import { recipientIncentives } from './incentives.js';
import { recipientAccounts } from './recipients.js';

/** Transaction types (reference data): 1 Purchase, 2 Refund, 3 Balance Inquiry, 4 Purchase Reversal, 5 Refund Reversal. */
export const transactionTypes = pgTable('transaction_types', {
  id: smallint('id').primaryKey(), // transactionTypeId
  descr: varchar('descr', { length: 50 }).notNull(),
});

/** Authorisation response codes (reference data): responseCodeId, the ISO 8583 style code and its text. */
export const responseCodes = pgTable('response_codes', {
  id: smallint('id').primaryKey(), // responseCodeId
  code: varchar('code', { length: 4 }).notNull().unique(), // responseCode, '00' approved
  descr: varchar('descr', { length: 100 }).notNull(),
});

/**
 * A card transaction at a merchant (part 1 §3, part 2 §7 "Transactions (detail)"). Written by the
 * authorisation side (terminals, the POS API); the portal reads them. Amounts are money; balances are the account's
 * total spendable balance in the program before and after.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uuid: publicUuid(), // trxUuid
    trxDatetime: timestamp('trx_datetime', { withTimezone: true }).notNull(),
    // No foreign key to the program, agency, merchant, type or response code (decision 0123): each key's check locks
    // the row it names, and every purchase of a market names the same few. Those rows are never deleted (triggers).
    programId: integer('program_id').notNull(),
    /**
     * The agency that served the account when the transaction happened (decision 0033): agency staff see the
     * transactions of their agencies' recipients through it, and it leads the agency indexes. Null for an account
     * held at program level or a refused card that matches no account.
     */
    agencyId: integer('agency_id'),
    // Null for a refused card that matches no account.
    accountId: integer('account_id').references(() => recipientAccounts.id),
    panId: integer('pan_id').references(() => pans.id),
    merchantId: integer('merchant_id'),
    trxTypeId: smallint('trx_type_id').notNull(),
    respCodeId: smallint('resp_code_id').notNull(),
    reqAmt: money('req_amt').notNull(),
    settleAmt: money('settle_amt'),
    settleDate: day('settle_date'),
    authNumber: varchar('auth_number', { length: 20 }),
    traceNumber: varchar('trace_number', { length: 20 }),
    mcc: varchar('mcc', { length: 4 }),
    terminalId: varchar('terminal_id', { length: 20 }),
    panEntryMode: varchar('pan_entry_mode', { length: 3 }),
    posConditionCode: varchar('pos_condition_code', { length: 2 }),
    aiCode: varchar('ai_code', { length: 11 }), // acquiring institution id
    apiVersion: varchar('api_version', { length: 10 }),
    additionalResponseText: varchar('additional_response_text', { length: 200 }),
    deliveryAddress: varchar('delivery_address', { length: 200 }),
    locationAddress: varchar('location_address', { length: 200 }),
    /** On a reversal: the transaction it reverses. On the reversed one, reversed_at says when. */
    reversalOfId: bigint('reversal_of_id', { mode: 'number' }).references((): AnyPgColumn => transactions.id),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    latitude: coordinate('latitude'),
    longitude: coordinate('longitude'),
    startBalance: money('start_balance'),
    endBalance: money('end_balance'),
    // The transaction engine's columns (decision 0044; docs/transaction-engine.md).
    /** The day the terminal's date-time carried: a trace number is unique per terminal and this day. */
    traceDay: day('trace_day'),
    /**
     * The transaction this one acts on: a refund's purchase, an accrual's purchase, a clawback's accrual. (A reversal
     * names its original by reversal_of_id.)
     */
    originalId: bigint('original_id', { mode: 'number' }).references((): AnyPgColumn => transactions.id),
    /** The engine call whose work this row records: an accrual's purchase, a clawback's refund or reversal. */
    causedById: bigint('caused_by_id', { mode: 'number' }).references((): AnyPgColumn => transactions.id),
    /** A purchase's eligible part (eligibleAmount): what incentive benefits may pay and accrual is computed on. */
    eligibleAmt: money('eligible_amt'),
    /** redemptionFeeRate on the part a purchase paid from incentive benefits; accrualFeeRate on an accrual. */
    redemptionFee: money('redemption_fee'),
    accrualFee: money('accrual_fee'),
    /** On an accrual or clawback: the enrolment it counts against, and the day (program time zone) it counts on. */
    recipientIncentiveId: integer('recipient_incentive_id').references(() => recipientIncentives.id, {
      onDelete: 'set null',
    }),
    accrualDay: day('accrual_day'),
    /** On a clawback: what could not be taken back because the incentive benefit had been spent. */
    unrecoveredAmt: money('unrecovered_amt'),
    /**
     * On an engine call's own row: the keyed hash (HMAC-SHA-256, the PAN key) of what the call asked: its kind, card,
     * amounts, original (modules/pos/retry.ts). A later call under the same terminal, day and trace number is a retry
     * only when its digest is this one; a row without one (written before it existed, the demo data) has no retry.
     */
    requestDigest: varchar('request_digest', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    // The transaction search: program scope plus a date-time range, newest first.
    index('transactions_program_datetime_idx').on(t.programId, t.trxDatetime),
    // Platform admins search by date range without a program.
    index('transactions_datetime_idx').on(t.trxDatetime),
    // A recipient's transactions (recipient detail link ?rid=, recipient portal) newest first.
    index('transactions_account_datetime_idx').on(t.accountId, t.trxDatetime),
    // merchantNbr filter and the dashboard's top merchants.
    index('transactions_merchant_datetime_idx').on(t.merchantId, t.trxDatetime),
    // Agency staff (their agencies) and the agencyUuid criterion, newest first.
    index('transactions_agency_datetime_idx').on(t.agencyId, t.trxDatetime),
    // Type and response code alone (a platform admin's "every decline"), newest first, and within a program.
    index('transactions_type_datetime_idx').on(t.trxTypeId, t.trxDatetime),
    index('transactions_resp_code_datetime_idx').on(t.respCodeId, t.trxDatetime),
    // Type and response together ('declined purchases'): without it the count filtered the response's range by type
    // on the table, 104 ms at p95 at 10,000,000 rows (bench/README.md).
    index('transactions_resp_code_type_datetime_idx').on(t.respCodeId, t.trxTypeId, t.trxDatetime),
    index('transactions_program_type_datetime_idx').on(t.programId, t.trxTypeId, t.trxDatetime),
    index('transactions_program_resp_code_datetime_idx').on(t.programId, t.respCodeId, t.trxDatetime),
    // Agency staff by type or response (their scope is the agency: bench/README.md "Transaction search").
    index('transactions_agency_type_datetime_idx').on(t.agencyId, t.trxTypeId, t.trxDatetime),
    index('transactions_agency_resp_code_datetime_idx').on(t.agencyId, t.respCodeId, t.trxDatetime),
    index('transactions_pan_id_idx').on(t.panId),
    // A terminal's wrong PINs of the last minutes (response codes 55 and 75, ids 20 and 21): the engine's throttle of
    // a terminal that tries PINs over many cards reads them here.
    index('transactions_terminal_wrong_pin_idx')
      .on(t.terminalId, t.trxDatetime)
      .where(sql`${t.respCodeId} in (20, 21)`),
    index('transactions_reversal_of_id_idx').on(t.reversalOfId),
    // One transaction per terminal, day and trace number, and one reversal of it: a repeated request finds the
    // first answer, and two racing copies cannot both be written (decision 0044). The 94 declines of other calls sent
    // under a used trace number (response code id 14, modules/pos/retry.ts) are recorded beside the call that holds
    // it, outside the index; every look-up by trace number says `resp_code_id <> 14` to use it.
    uniqueIndex('transactions_terminal_trace_key')
      .on(t.terminalId, t.traceDay, t.traceNumber, sql`(${t.trxTypeId} in (4, 5))`)
      .where(sql`${t.traceDay} is not null and ${t.respCodeId} <> 14`),
    index('transactions_original_id_idx')
      .on(t.originalId)
      .where(sql`${t.originalId} is not null`),
    index('transactions_caused_by_id_idx')
      .on(t.causedById)
      .where(sql`${t.causedById} is not null`),
    // What an enrolment earned on a day and in a month (the accrual caps, the recipient's headroom).
    index('transactions_recipient_incentive_day_idx')
      .on(t.recipientIncentiveId, t.accrualDay)
      .where(sql`${t.recipientIncentiveId} is not null`),
    check('transactions_req_amt_check', sql`${t.reqAmt} >= 0`),
    check('transactions_settle_amt_check', sql`${t.settleAmt} >= 0`),
    check('transactions_start_balance_check', sql`${t.startBalance} >= 0`),
    check('transactions_end_balance_check', sql`${t.endBalance} >= 0`),
    check(
      'transactions_engine_amounts_check',
      sql`${t.eligibleAmt} >= 0 and ${t.redemptionFee} >= 0 and ${t.accrualFee} >= 0 and ${t.unrecoveredAmt} >= 0`,
    ),
  ],
);

/** Which benefits an approved transaction drew on (or, for a refund, credited) and by how much. */
export const transactionBenefits = pgTable(
  'transaction_benefits',
  {
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    benefitId: integer('benefit_id')
      .notNull()
      .references(() => benefits.id),
    amount: money('amount').notNull(),
    /**
     * On a refund: the benefit the purchase debited that this credit gives back for. The same as benefit_id, unless
     * that benefit was no longer Issued and a new regular benefit took the credit (decision 0044).
     */
    originalBenefitId: integer('original_benefit_id').references(() => benefits.id),
  },
  (t) => [
    primaryKey({ columns: [t.transactionId, t.benefitId] }),
    // A benefit's history ("benefit(s) affected", redemption per benefit).
    index('transaction_benefits_benefit_id_idx').on(t.benefitId),
    check('transaction_benefits_amount_check', sql`${t.amount} >= 0`),
  ],
);

export type TransactionRow = typeof transactions.$inferSelect;
