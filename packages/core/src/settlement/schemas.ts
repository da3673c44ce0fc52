import { z } from 'zod';
import { daysBetween, isIsoDate } from '../format/dates.js';
import { MESSAGES } from '../messages/messages.js';
import { cappedAnswer, pagedAnswer } from '../pager/answers.js';
import { text } from '../validation/text.js';
import { SETTLEMENT_MESSAGES } from './messages.js';

// Requests and answers of the settlement area (decision 0056; docs/settlement.md). Money is a number of
// dollars with two decimals, as the other answers carry it (decision 0004).

/** The most batches the list answers at once (newest first). */
export const SETTLEMENT_LIST_CAP = 1000;

const optionalUuid = () => z.union([z.literal(''), z.uuid()]).optional();

/** GET /settlement-api/batches: optionally one program (programUuid). */
export const BatchListQuery = z.object({ programUuid: optionalUuid() }).strict();
export type BatchListQuery = z.infer<typeof BatchListQuery>;

export const BatchParams = z.object({ batchUuid: z.uuid() });
export const BatchMerchantParams = z.object({ batchUuid: z.uuid(), merchantUuid: z.uuid() });

/** POST /settlement-api/batches/close: close a batch of the program now (up to this moment). */
export const CloseBatchBody = z.object({ programUuid: z.uuid() }).strict();
export type CloseBatchBody = z.infer<typeof CloseBatchBody>;

/** POST /settlement-api/batches/{batchUuid}/paid: the bank confirmed the deposit. */
export const MarkPaidBody = z
  .object({
    bankReference: text(SETTLEMENT_MESSAGES.BANK_REFERENCE_REQUIRED)
      .trim()
      .min(1, SETTLEMENT_MESSAGES.BANK_REFERENCE_REQUIRED)
      .max(40, SETTLEMENT_MESSAGES.BANK_REFERENCE_INVALID)
      .regex(/^[0-9A-Za-z ./-]+$/, SETTLEMENT_MESSAGES.BANK_REFERENCE_INVALID),
  })
  .strict();
export type MarkPaidBody = z.infer<typeof MarkPaidBody>;

/** One batch in the list. */
export const BatchRow = z.object({
  batchUuid: z.uuid(),
  batchNbr: z.number().int(),
  businessDay: z.string(),
  cutoffAt: z.string(),
  programUuid: z.uuid(),
  programName: z.string(),
  merchantCount: z.number().int(),
  transactionCount: z.number().int(),
  grossAmt: z.number(),
  refundAmt: z.number(),
  reversalAmt: z.number(),
  feeAmt: z.number(),
  netAmt: z.number(),
  heldAmt: z.number(),
  heldMerchantCount: z.number().int(),
  statusId: z.number().int(),
  status: z.string(),
  closedAt: z.string(),
  fileDownloadedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  bankReference: z.string().nullable(),
});
export type BatchRow = z.infer<typeof BatchRow>;
export const BatchList = cappedAnswer(BatchRow);
export type BatchList = z.infer<typeof BatchList>;

/** A line of a batch: one merchant, one funding source, regular or incentive money. */
export const BatchLine = z.object({
  merchantUuid: z.uuid(),
  merchantIdentifier: z.string(),
  merchantName: z.string(),
  fundingSourceId: z.number().int().nullable(),
  fundingSourceName: z.string().nullable(),
  benefitTypeId: z.number().int(),
  benefitType: z.string(),
  transactionCount: z.number().int(),
  grossAmt: z.number(),
  refundAmt: z.number(),
  reversalAmt: z.number(),
  feeAmt: z.number(),
  netAmt: z.number(),
});
export type BatchLine = z.infer<typeof BatchLine>;

/** A merchant whose money waits for a later batch, with the reason. */
export const BatchHold = z.object({
  merchantUuid: z.uuid(),
  merchantIdentifier: z.string(),
  merchantName: z.string(),
  reasonId: z.number().int(),
  reason: z.string(),
  transactionCount: z.number().int(),
  heldAmt: z.number(),
});
export type BatchHold = z.infer<typeof BatchHold>;

export const BatchDetail = BatchRow.extend({ lines: z.array(BatchLine), holds: z.array(BatchHold) });
export type BatchDetail = z.infer<typeof BatchDetail>;

/**
 * The answer of a close: the batch written, or null when no merchant would be paid (nothing waits, or only money of
 * merchants on hold, or only money that nets to zero): then nothing is written and the message says why.
 */
export const CloseBatchAnswer = z.object({ batch: BatchRow.nullable(), message: z.string() });
export type CloseBatchAnswer = z.infer<typeof CloseBatchAnswer>;

export const MarkPaidAnswer = z.object({ batch: BatchRow, message: z.string() });

// ---------------------------------------------------------------------------------------------------------------
// Merchants on hold now (docs/settlement.md "Holds"): what waits in no batch because the merchant cannot be paid.

/** The most held merchants the read answers at once. */
export const HELD_MERCHANTS_CAP = 1000;

/** GET /settlement-api/holds: optionally one program (programUuid), else every program of the caller. */
export const HeldMerchantsQuery = z.object({ programUuid: optionalUuid() }).strict();
export type HeldMerchantsQuery = z.infer<typeof HeldMerchantsQuery>;

/** A merchant of a program whose approved transactions wait, unpaid, because it cannot be paid now. */
export const HeldMerchant = z.object({
  programUuid: z.uuid(),
  programName: z.string(),
  merchantUuid: z.uuid(),
  merchantIdentifier: z.string(),
  merchantName: z.string(),
  /** Why it cannot be paid now (HOLD_REASON): inactive, no bank information, bank information incomplete. */
  reasonId: z.number().int(),
  reason: z.string(),
  transactionCount: z.number().int(),
  /** What it is owed: purchases and refund reversals less refunds and purchase reversals, before fees. */
  heldAmt: z.number(),
  /** The date-time of its oldest waiting transaction. */
  waitingSince: z.string(),
});
export type HeldMerchant = z.infer<typeof HeldMerchant>;
export const HeldMerchantList = cappedAnswer(HeldMerchant);
export type HeldMerchantList = z.infer<typeof HeldMerchantList>;

// ---------------------------------------------------------------------------------------------------------------
// The ACH originator of a program (docs/settlement.md "ACH file"): the ids its files carry, and the
// other programs whose files carry the same ones.

/** GET /settlement-api/ach-settings?programUuid=: one program of the caller. */
export const AchSettingsQuery = z.object({ programUuid: z.uuid() }).strict();
export type AchSettingsQuery = z.infer<typeof AchSettingsQuery>;

/** A program the caller may see that shares the originator. */
export const AchSharingProgram = z.object({ programUuid: z.uuid(), programName: z.string() });
export type AchSharingProgram = z.infer<typeof AchSharingProgram>;

export const AchSettingsAnswer = z.object({
  programUuid: z.uuid(),
  programName: z.string(),
  /** Company identification on the batch header (settlement.ach.companyId[.<SHORT NAME>]). */
  companyId: z.string(),
  /** Immediate origin on the file header (settlement.ach.immediateOrigin[.<SHORT NAME>], else the company id). */
  immediateOrigin: z.string(),
  /** Company name on the batch header. */
  companyName: z.string(),
  /** Banking days from the close to the effective entry date. */
  leadDays: z.number().int(),
  /** Other programs whose files carry the same company id or immediate origin, those the caller may see, by name. */
  sharedWith: z.array(AchSharingProgram),
  /** How many more share it among programs the caller may not see (counted, never named). */
  sharedWithOthers: z.number().int(),
});
export type AchSettingsAnswer = z.infer<typeof AchSettingsAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// Reconciliation (decision 0058; docs/settlement.md "Reconciliation")

/** The longest range a reconciliation answers (days, both ends counted). */
export const RECONCILIATION_MAX_DAYS = 366;

const reconciliationDay = () =>
  text(MESSAGES.FIELD_REQUIRED).trim().min(1, MESSAGES.FIELD_REQUIRED).refine(isIsoDate, MESSAGES.INVALID_DATE);

const bothDays = (q: { startDate: unknown; endDate: unknown }) =>
  typeof q.startDate === 'string' && typeof q.endDate === 'string' && isIsoDate(q.startDate) && isIsoDate(q.endDate);

/** GET /settlement-api/reconciliation: a program and a range of its days (both ends included). */
export const ReconciliationQuery = z
  .object({ programUuid: z.uuid(), startDate: reconciliationDay(), endDate: reconciliationDay() })
  .strict()
  // Object checks run even when a field failed (zod 4): each first asks whether both dates are dates.
  .refine((q) => !bothDays(q) || q.startDate <= q.endDate, {
    message: SETTLEMENT_MESSAGES.RANGE_REVERSED,
    path: ['endDate'],
  })
  .refine((q) => !bothDays(q) || daysBetween(q.startDate, q.endDate) < RECONCILIATION_MAX_DAYS, {
    message: SETTLEMENT_MESSAGES.RANGE_TOO_LONG,
    path: ['endDate'],
  });
export type ReconciliationQuery = z.infer<typeof ReconciliationQuery>;

/** The figures of one funding source (or of the whole program). */
export const ReconciliationFigures = z.object({
  /** Benefits available within the range, voided ones excluded. */
  issuedAmt: z.number(),
  /** Purchases less refunds and reversals within the range whose transaction is in a closed batch. */
  redeemedSettledAmt: z.number(),
  /** The same, not yet in a batch. */
  redeemedUnsettledAmt: z.number(),
  /** Redemption fees of those redemptions (the incentives' redemptionFeeRate). */
  feeAmt: z.number(),
  /** Balances now of Issued benefits available within the range. */
  outstandingAmt: z.number(),
  /** Balances of Expired benefits whose expiration date is within the range. */
  expiredAmt: z.number(),
  /** What expunging forfeited from benefits whose expiration date is within the range. */
  expungedAmt: z.number(),
});
export type ReconciliationFigures = z.infer<typeof ReconciliationFigures>;

export const ReconciliationRow = ReconciliationFigures.extend({
  fundingSourceId: z.number().int().nullable(),
  fundingSourceName: z.string().nullable(),
});
export type ReconciliationRow = z.infer<typeof ReconciliationRow>;

export const ReconciliationAnswer = z.object({
  programUuid: z.uuid(),
  programName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** One row per funding source with any figure, by name (no funding source last). */
  sources: z.array(ReconciliationRow),
  total: ReconciliationFigures,
});
export type ReconciliationAnswer = z.infer<typeof ReconciliationAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// The batch list's export (decision 0059)

/** GET /settlement-api/batches/export: the list's criteria and exportType=xlsx for Excel (CSV otherwise). */
export const BatchExportQuery = z
  .object({ programUuid: optionalUuid(), exportType: text().trim().toLowerCase().max(10).optional() })
  .strict();
export type BatchExportQuery = z.infer<typeof BatchExportQuery>;

/** The most batches an export writes. */
export const BATCH_EXPORT_ROW_CAP = 100_000;

/** The export's columns, in order. */
export const BATCH_EXPORT_HEADERS = [
  'Batch',
  'Date',
  'Cut-off',
  'Program',
  'Merchants',
  'Transactions',
  'Gross',
  'Refunds',
  'Reversals',
  'Fees',
  'Net',
  'Held',
  'Held Merchants',
  'Status',
  'Closed',
  'File Downloaded',
  'Paid',
  'Bank Reference',
] as const;

// ---------------------------------------------------------------------------------------------------------------
// A merchant's settlements: its batches, its transactions of a batch, its statement (decision
// 0068)

export const MerchantParams = z.object({ merchantUuid: z.uuid() });
export type BatchMerchantParams = z.infer<typeof BatchMerchantParams>;

/** One batch as one merchant sees it: the batch and that merchant's share of it (the sum of its lines). */
export const MerchantBatchRow = z.object({
  batchUuid: z.uuid(),
  batchNbr: z.number().int(),
  businessDay: z.string(),
  cutoffAt: z.string(),
  programUuid: z.uuid(),
  programName: z.string(),
  statusId: z.number().int(),
  status: z.string(),
  transactionCount: z.number().int(),
  grossAmt: z.number(),
  refundAmt: z.number(),
  reversalAmt: z.number(),
  feeAmt: z.number(),
  netAmt: z.number(),
});
export type MerchantBatchRow = z.infer<typeof MerchantBatchRow>;
export const MerchantBatchList = cappedAnswer(MerchantBatchRow);
export type MerchantBatchList = z.infer<typeof MerchantBatchList>;

/** The most rows a page of a merchant's transactions of a batch holds. */
export const BATCH_TRANSACTIONS_MAX_PAGE_SIZE = 200;
/** The most transactions of one merchant in one batch that are paged (and printed on its statement). */
export const BATCH_TRANSACTIONS_CAP = 10_000;

/** GET …/batches/{batchUuid}/merchants/{merchantUuid}/transactions: zero-based page, 1 to 200 rows. */
export const BatchTransactionsQuery = z
  .object({
    page: z.coerce.number().int().min(0).max(1_000_000).default(0),
    pageSize: z.coerce.number().int().min(1).max(BATCH_TRANSACTIONS_MAX_PAGE_SIZE).default(10),
  })
  .strict();
export type BatchTransactionsQuery = z.infer<typeof BatchTransactionsQuery>;

/**
 * The money of a transaction from one benefit, signed as it counts for the merchant: a purchase and a refund reversal
 * add, a refund and a purchase reversal take away. The fee carries the same sign.
 */
export const SettledPart = z.object({
  fundingSourceName: z.string().nullable(),
  benefitTypeId: z.number().int(),
  benefitType: z.string(),
  amount: z.number(),
  feeAmt: z.number(),
});
export type SettledPart = z.infer<typeof SettledPart>;

/** A transaction of a batch, with its card masked ('*1234') and its money per benefit. */
export const SettledTransaction = z.object({
  trxUuid: z.uuid(),
  trxDatetime: z.iso.datetime({ offset: true }),
  trxTypeId: z.number().int(),
  trxType: z.string(),
  pan: z.string().nullable(),
  /** The sum of its parts (signed as they are). */
  amount: z.number(),
  feeAmt: z.number(),
  netAmt: z.number(),
  parts: z.array(SettledPart),
});
export type SettledTransaction = z.infer<typeof SettledTransaction>;

export const BatchTransactionsPage = pagedAnswer(SettledTransaction).extend({
  merchantUuid: z.uuid(),
  merchantName: z.string(),
  merchantIdentifier: z.string(),
  batchNbr: z.number().int(),
  businessDay: z.string(),
  programUuid: z.uuid(),
  programName: z.string(),
});
export type BatchTransactionsPage = z.infer<typeof BatchTransactionsPage>;

/** POST …/statement/email: queued in the outbox to the merchant's e-mail address. */
export const StatementEmailAnswer = z.object({ message: z.string(), email: z.string() });
export type StatementEmailAnswer = z.infer<typeof StatementEmailAnswer>;
