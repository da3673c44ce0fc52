import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, day, money, publicUuid } from './columns.js';
import { merchants } from './merchants.js';
import { fundingSources, programs } from './programs.js';
import { users } from './users.js';

/**
 * A settlement batch (decision 0056): what a program owes its merchants for the approved purchases, refunds
 * and reversals up to a cut-off. Written closed in one transaction by the close (the job at the program's cut-off, or
 * an administrator's "close now"); afterwards only its status moves (file downloaded, marked paid). Its lines and
 * holds never change (a trigger refuses it); a correction is a line of a later batch. The totals are the sums of its
 * lines and holds, kept here so the list reads one row a batch.
 */
export const settlementBatches = pgTable(
  'settlement_batches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uuid: publicUuid(), // batchUuid
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
    /** The program's day (its time zone) of the cut-off. */
    businessDay: day('business_day').notNull(),
    /** Transactions up to (before) this instant are in the batch. */
    cutoffAt: timestamp('cutoff_at', { withTimezone: true }).notNull(),
    statusId: smallint('status_id').notNull().default(1),
    merchantCount: integer('merchant_count').notNull().default(0),
    transactionCount: integer('transaction_count').notNull().default(0),
    grossAmt: money('gross_amt').notNull().default('0'),
    refundAmt: money('refund_amt').notNull().default('0'),
    reversalAmt: money('reversal_amt').notNull().default('0'),
    feeAmt: money('fee_amt').notNull().default('0'),
    netAmt: money('net_amt').notNull().default('0'),
    heldAmt: money('held_amt').notNull().default('0'),
    heldMerchantCount: integer('held_merchant_count').notNull().default(0),
    /** Null when the job closed it. */
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
    fileDownloadedAt: timestamp('file_downloaded_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: integer('paid_by').references(() => users.id, { onDelete: 'set null' }),
    bankReference: varchar('bank_reference', { length: 40 }),
    createdAt: createdAt(),
  },
  (t) => [
    // A program's batches newest first (the list, the job's "is this cut-off closed" probe).
    index('settlement_batches_program_cutoff_idx').on(t.programId, t.cutoffAt),
    index('settlement_batches_cutoff_idx').on(t.cutoffAt),
    check('settlement_batches_status_check', sql`${t.statusId} between 0 and 3`),
  ],
);

/**
 * One line of a batch: a merchant's money from one funding source, regular (1) or incentive (2) benefits. gross is
 * what purchases took from those benefits, refunds what refunds gave back, reversals purchase reversals less refund
 * reversals, fees the incentive redemption fee, net = gross - refunds - reversals - fees (negative when a reversal of
 * an earlier batch's purchase is all the merchant has).
 */
export const settlementLines = pgTable(
  'settlement_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    batchId: bigint('batch_id', { mode: 'number' })
      .notNull()
      .references(() => settlementBatches.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    fundingSourceId: integer('funding_source_id').references(() => fundingSources.id),
    benefitTypeId: smallint('benefit_type_id').notNull(),
    transactionCount: integer('transaction_count').notNull(),
    grossAmt: money('gross_amt').notNull(),
    refundAmt: money('refund_amt').notNull(),
    reversalAmt: money('reversal_amt').notNull(),
    feeAmt: money('fee_amt').notNull(),
    netAmt: money('net_amt').notNull(),
  },
  (t) => [
    uniqueIndex('settlement_lines_batch_merchant_key').on(t.batchId, t.merchantId, t.fundingSourceId, t.benefitTypeId),
    // A merchant's settled batches (the merchant detail, the statement).
    index('settlement_lines_merchant_idx').on(t.merchantId, t.batchId),
    check('settlement_lines_type_check', sql`${t.benefitTypeId} in (1, 2)`),
    check(
      'settlement_lines_net_check',
      sql`${t.netAmt} = ${t.grossAmt} - ${t.refundAmt} - ${t.reversalAmt} - ${t.feeAmt}`,
    ),
  ],
);

/** A merchant whose money a batch did not take, with the reason; its transactions wait for a later batch. */
export const settlementHolds = pgTable(
  'settlement_holds',
  {
    batchId: bigint('batch_id', { mode: 'number' })
      .notNull()
      .references(() => settlementBatches.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    reasonId: smallint('reason_id').notNull(),
    transactionCount: integer('transaction_count').notNull(),
    heldAmt: money('held_amt').notNull(),
  },
  (t) => [
    uniqueIndex('settlement_holds_batch_merchant_key').on(t.batchId, t.merchantId),
    index('settlement_holds_merchant_idx').on(t.merchantId),
    check('settlement_holds_reason_check', sql`${t.reasonId} between 1 and 3`),
  ],
);

/**
 * What waits to be settled: every approved purchase, refund and reversal with a merchant, added by the statement
 * trigger transactions_settlement_queue in the transaction that inserts it (so a row appears only once committed),
 * and deleted by the close that settles it. It holds a day's worth (and what held merchants wait with), however long
 * the history grows; the close reads it instead of the transactions table (decision 0056).
 */
export const settlementQueue = pgTable(
  'settlement_queue',
  {
    transactionId: bigint('transaction_id', { mode: 'number' }).primaryKey(),
    programId: integer('program_id').notNull(),
    merchantId: integer('merchant_id').notNull(),
    trxTypeId: smallint('trx_type_id').notNull(),
    trxDatetime: timestamp('trx_datetime', { withTimezone: true }).notNull(),
  },
  (t) => [index('settlement_queue_program_datetime_idx').on(t.programId, t.trxDatetime)],
);

/**
 * Which batch settled a transaction: its primary key makes a transaction belong to one batch, ever, and a trigger
 * refuses update and delete. No foreign keys: only the close writes it, and a check per row of 100,000 would cost
 * more than the close itself (bench/README.md "Settlement").
 */
export const settlementEntries = pgTable(
  'settlement_entries',
  {
    transactionId: bigint('transaction_id', { mode: 'number' }).primaryKey(),
    batchId: bigint('batch_id', { mode: 'number' }).notNull(),
    merchantId: integer('merchant_id').notNull(),
  },
  (t) => [index('settlement_entries_batch_merchant_idx').on(t.batchId, t.merchantId)],
);

export type SettlementBatchRow = typeof settlementBatches.$inferSelect;

/**
 * The identity of a batch's ACH file, fixed at its first download (docs/settlement.md "ACH file"): the destination and
 * the program-local day it was made, its File ID Modifier (A-Z then 0-9, the next free one of that destination and
 * day, so a bank never sees two files with one header) and the instant it was made. A re-download writes the same
 * file; a new batch never reuses a modifier.
 */
export const settlementAchFiles = pgTable(
  'settlement_ach_files',
  {
    batchId: bigint('batch_id', { mode: 'number' })
      .primaryKey()
      .references(() => settlementBatches.id),
    destination: varchar('destination', { length: 10 }).notNull(),
    fileDay: day('file_day').notNull(),
    modifier: varchar('modifier', { length: 1 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('settlement_ach_files_destination_day_key').on(t.destination, t.fileDay, t.modifier)],
);
