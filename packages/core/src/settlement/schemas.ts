import { z } from 'zod';
import { cappedAnswer } from '../pager/answers.js';
import { text } from '../validation/text.js';
import { SETTLEMENT_MESSAGES } from './messages.js';

// Requests and answers of the settlement area (issue 24; decision 0056; docs/settlement.md). Money is a number of
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

/** The answer of a close: the batch written, or null when there was nothing to settle and no hold to record. */
export const CloseBatchAnswer = z.object({ batch: BatchRow.nullable(), message: z.string() });
export type CloseBatchAnswer = z.infer<typeof CloseBatchAnswer>;

export const MarkPaidAnswer = z.object({ batch: BatchRow, message: z.string() });
