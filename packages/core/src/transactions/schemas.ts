import { z } from 'zod';
import { LIST_PAGE_SIZE, MAX_PAGE_SIZE, SEARCH_ACCOUNT_ID_MAX } from '../constants/index.js';
import { ruleMessage } from '../messages/origin.js';
import { MESSAGES } from '../messages/messages.js';
import { pagedAnswer } from '../pager/answers.js';
import { databaseIdDigits } from '../validation/numbers.js';
import { text } from '../validation/text.js';
import { TRANSACTION_MESSAGES } from './messages.js';
import { readInstant } from './rules.js';

// Requests and answers of the transactions area (part 1 §3 "transaction", "response code", "transaction type", §5,
// §7 "Transactions"; part 2 §5, §7 "Transactions (detail)"; resolutions 11-13; decisions 0033, 0034).

/** Part 2 §5: Merchant ID and Recipient Account ID take at most 20 characters. */
export const TRANSACTION_SEARCH_ID_MAX = 20;
/** The most matches a search counts (decision 0017: past it the page says more match). */
export const TRANSACTION_SEARCH_COUNT_CAP = 10_000;
/** The most rows an export writes. */
export const TRANSACTION_EXPORT_ROW_CAP = 100_000;
/** GET /transaction-api/transactions/currentuser/{programUuid}: the recent list of a program's detail. */
export const RECENT_TRANSACTIONS_LIMIT = 10;

const tooLong = (max: number) => ruleMessage(MESSAGES.TOO_LONG, { max });
const searchText = (max: number) => text().trim().max(max, tooLong(max)).optional();
/** An ISO 8601 date-time with its offset ('' for none); the window's seconds are set by the service. */
const searchInstant = () =>
  text()
    .trim()
    .refine((v) => v === '' || readInstant(v) !== null, TRANSACTION_MESSAGES.INVALID_DATE_TIME)
    .optional();
const optionalUuid = () => z.union([z.literal(''), z.uuid()]).optional();
/** A look-up id as digits; '' for none. An id that names no type or code answers 400 (the service checks). */
const lookupId = () => z.union([z.literal(''), databaseIdDigits().transform(Number)]).optional();

/**
 * GET /transaction-api/transactions (part 1 §7): staff send programUuid, the recipient portal programId (resolution
 * 11). startDate and endDate bound trxDatetime; merchantNbr is the exact Merchant ID; recipientIdentifier the exact
 * Recipient Account ID; accountUuid one account (the recipient detail's link). pageSize 1 to 2000: a larger size
 * is refused rather than capped (decision 0033), page zero-based.
 */
export const TransactionSearchQuery = z.object({
  startDate: searchInstant(),
  endDate: searchInstant(),
  trxTypeId: lookupId(),
  respCodeId: lookupId(),
  programUuid: optionalUuid(),
  programId: z.union([z.literal(''), z.uuid(), text().regex(/^\d{1,10}$/)]).optional(),
  merchantNbr: searchText(TRANSACTION_SEARCH_ID_MAX),
  agencyUuid: optionalUuid(),
  recipientIdentifier: searchText(Math.max(TRANSACTION_SEARCH_ID_MAX, SEARCH_ACCOUNT_ID_MAX)),
  accountUuid: optionalUuid(),
  pageSize: z.coerce
    .number()
    .int(TRANSACTION_MESSAGES.PAGE_SIZE_RANGE)
    .min(1, TRANSACTION_MESSAGES.PAGE_SIZE_RANGE)
    .max(MAX_PAGE_SIZE, TRANSACTION_MESSAGES.PAGE_SIZE_RANGE)
    .default(LIST_PAGE_SIZE),
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type TransactionSearchQuery = z.infer<typeof TransactionSearchQuery>;

export const TransactionExportQuery = TransactionSearchQuery.omit({ page: true, pageSize: true }).extend({
  exportType: text().trim().toLowerCase().max(10).optional(),
});
export type TransactionExportQuery = z.infer<typeof TransactionExportQuery>;

/** One row of the list (part 1 §3 "transaction"): trxDatetime is an instant, the screen shows it in local time. */
export const TransactionSearchRow = z.object({
  trxUuid: z.uuid(),
  trxDatetime: z.iso.datetime({ offset: true }),
  programName: z.string(),
  programUuid: z.uuid(),
  trxTypeId: z.number().int(),
  trxType: z.string(),
  reqAmt: z.number(),
  settleAmt: z.number().nullable(),
  respCodeId: z.number().int(),
  responseCode: z.string(),
  responseText: z.string(),
  merchantName: z.string().nullable(),
});
export type TransactionSearchRow = z.infer<typeof TransactionSearchRow>;

export const TransactionSearchPage = pagedAnswer(TransactionSearchRow);
export type TransactionSearchPage = z.infer<typeof TransactionSearchPage>;

/** The export's columns, in order (the file content is not shown in the specification; decision 0034). */
export const TRANSACTION_EXPORT_HEADERS = [
  'Date',
  'Program',
  'Account ID',
  'Type',
  'Request Amount',
  'Settlement Amount',
  'Response Code',
  'Response',
  'Merchant ID',
  'Merchant',
  'Card',
  'Auth Number',
  'Trace Number',
] as const;

// ---------------------------------------------------------------------------------------------------------------
// Look-ups

export const ResponseCodeOption = z.object({
  responseCodeId: z.number().int(),
  responseCode: z.string(),
  descr: z.string(),
});
export type ResponseCodeOption = z.infer<typeof ResponseCodeOption>;

export const TransactionTypeOption = z.object({ transactionTypeId: z.number().int(), descr: z.string() });
export type TransactionTypeOption = z.infer<typeof TransactionTypeOption>;

// ---------------------------------------------------------------------------------------------------------------
// Detail

export const TransactionParams = z.object({ id: z.uuid() });
export type TransactionParams = z.infer<typeof TransactionParams>;

export const CurrentUserParams = z.object({ programUuid: z.uuid() });
export type CurrentUserParams = z.infer<typeof CurrentUserParams>;

/** A transaction named from another (the reversal and the one it reverses). */
export const LinkedTransaction = z.object({
  trxUuid: z.uuid(),
  trxDatetime: z.iso.datetime({ offset: true }),
  trxType: z.string(),
  reqAmt: z.number(),
});

/**
 * GET /transaction-api/transactions/{id} (part 2 §7 "Transactions (detail)"). The conditional blocks are null when
 * they do not apply. The card is masked (`*1234`): no answer carries a full PAN. A recipient's answer has null
 * transactionId, terminalId, aiCode and merchantIdentifier (staff-only, decision 0034).
 */
export const TransactionDetail = z.object({
  trxUuid: z.uuid(),
  trxDatetime: z.iso.datetime({ offset: true }),
  traceNumber: z.string().nullable(),
  transactionId: z.number().int().nullable(),
  apiVersion: z.string().nullable(),
  trxTypeId: z.number().int(),
  trxType: z.string(),
  reqAmt: z.number(),
  respCodeId: z.number().int(),
  responseCode: z.string(),
  responseText: z.string(),
  settleDate: z.iso.date().nullable(),
  settleAmt: z.number().nullable(),
  authNumber: z.string().nullable(),
  mcc: z.string().nullable(),
  terminalId: z.string().nullable(),
  panEntryMode: z.string().nullable(),
  posConditionCode: z.string().nullable(),
  aiCode: z.string().nullable(),
  programUuid: z.uuid(),
  /** The program's number: the recipient detail's route is {base}/recipient/{accountUuid}/{programId}. */
  programId: z.number().int(),
  programName: z.string(),
  pan: z.string().nullable(),
  recipient: z
    .object({
      accountUuid: z.uuid(),
      recipientIdentifier: z.string(),
      firstname: z.string(),
      lastname: z.string(),
    })
    .nullable(),
  startBalance: z.number().nullable(),
  endBalance: z.number().nullable(),
  benefits: z.array(z.object({ benefitUuid: z.uuid(), authorizationNumber: z.string(), amount: z.number() })),
  reversalOf: LinkedTransaction.nullable(),
  reversedBy: LinkedTransaction.nullable(),
  merchant: z
    .object({ merchantUuid: z.uuid(), merchantName: z.string(), merchantIdentifier: z.string().nullable() })
    .nullable(),
  deliveryAddress: z.string().nullable(),
  additionalResponseText: z.string().nullable(),
  locationAddress: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The incentive this purchase earned, as money text ('1.25'); filled by the transaction engine. */
  incentiveEarned: z.string().nullable().optional(),
});
export type TransactionDetail = z.infer<typeof TransactionDetail>;
