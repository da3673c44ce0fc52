import { z } from 'zod';
import { LIST_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants/index.js';
import { isIsoDate } from '../format/dates.js';
import { LANGUAGES } from '../languages/languages.js';
import { MESSAGES } from '../messages/messages.js';
import { pagedAnswer } from '../pager/answers.js';
import { text } from '../validation/text.js';

/** One program a farmer's merchant sells in, as the sell screen needs it. */
export const FarmerProgram = z.object({
  programUuid: z.uuid(),
  programName: z.string(),
  /** The merchant's mapping to the program is active (an inactive one declines at the engine). */
  active: z.boolean(),
  /** The program has an incentive in effect today: the sell screen asks for the fruit and vegetables part. */
  hasIncentives: z.boolean(),
  /** Its cards need the cardholder's PIN at a sale. */
  pinRequired: z.boolean(),
  /** The program's IANA time zone: its day, its receipts' times. */
  timeZone: z.string(),
});
export type FarmerProgram = z.infer<typeof FarmerProgram>;

/** A merchant the signed-in farmer user sells for. */
export const FarmerMerchant = z.object({
  merchantUuid: z.uuid(),
  merchantIdentifier: z.string(),
  name: z.string(),
  /** The merchant's status (MERCHANT_STATUS): only an active merchant's sales are approved. */
  statusId: z.number().int(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  programs: z.array(FarmerProgram),
});
export type FarmerMerchant = z.infer<typeof FarmerMerchant>;

// ---------------------------------------------------------------------------------------------------------------
// The portal's reads: a merchant's day, its sales, its payouts, its business (docs/farmer-app.md).

/** The most sales a search counts and pages; past it the page says more match (a narrower range finds them). */
export const FARMER_SALES_COUNT_CAP = 10_000;
/** The most rows a sales export writes. */
export const FARMER_SALES_EXPORT_CAP = 50_000;
/** The longest date range a sales search takes: a year of one stall's sales. */
export const FARMER_SALES_MAX_DAYS = 366;
/** The most payouts the payouts list answers, newest first. */
export const FARMER_PAYOUTS_CAP = 500;

/** The kinds of sales the list filters on: a purchase, a refund, or a reversal (a void) of either. */
export const FARMER_SALE_KINDS = ['purchase', 'refund', 'reversal'] as const;
export type FarmerSaleKind = (typeof FARMER_SALE_KINDS)[number];
/** The transaction types of each kind (transaction_types ids). */
export const FARMER_SALE_KIND_TYPES: Readonly<Record<FarmerSaleKind, readonly number[]>> = {
  purchase: [1],
  refund: [2],
  reversal: [4, 5],
};

export const FarmerMerchantParams = z.object({ merchantUuid: z.uuid() });
export type FarmerMerchantParams = z.infer<typeof FarmerMerchantParams>;

export const FarmerStatementParams = z.object({ merchantUuid: z.uuid(), batchUuid: z.uuid() });
export type FarmerStatementParams = z.infer<typeof FarmerStatementParams>;

/** The statement's language: the page's, sent by the portal; without it the caller's chosen one, else English. */
export const FarmerStatementQuery = z.object({
  lang: z.enum(LANGUAGES, { error: MESSAGES.VALIDATION_FAILED }).optional(),
});
export type FarmerStatementQuery = z.infer<typeof FarmerStatementQuery>;

const optionalDay = () =>
  z.union([z.literal(''), text(MESSAGES.INVALID_DATE).trim().refine(isIsoDate, MESSAGES.INVALID_DATE)]).optional();

/**
 * The sales search: `from` and `to` are days in each sale's program time zone (both default to today there), a
 * program, a kind, approved or declined. Page zero-based.
 */
export const FarmerSalesQuery = z.object({
  from: optionalDay(),
  to: optionalDay(),
  programUuid: z.union([z.literal(''), z.uuid()]).optional(),
  kind: z.union([z.literal(''), z.enum(FARMER_SALE_KINDS)]).optional(),
  outcome: z.union([z.literal(''), z.enum(['approved', 'declined'])]).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(LIST_PAGE_SIZE),
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type FarmerSalesQuery = z.infer<typeof FarmerSalesQuery>;

export const FarmerSalesExportQuery = FarmerSalesQuery.omit({ page: true, pageSize: true }).extend({
  exportType: text().trim().toLowerCase().max(10).optional(),
});
export type FarmerSalesExportQuery = z.infer<typeof FarmerSalesExportQuery>;

/** One sale of the list: the card by its last four digits only. */
export const FarmerSale = z.object({
  trxUuid: z.uuid(),
  trxDatetime: z.iso.datetime({ offset: true }),
  programUuid: z.uuid(),
  programName: z.string(),
  /** The program's IANA time zone: the row's time is shown in it. */
  timeZone: z.string(),
  trxTypeId: z.number().int(),
  trxType: z.string(),
  approved: z.boolean(),
  responseCode: z.string(),
  responseText: z.string(),
  reqAmt: z.number(),
  /** What the engine approved (0 when declined). */
  approvedAmt: z.number(),
  cardLast4: z.string().nullable(),
  terminalId: z.string().nullable(),
  traceNumber: z.string().nullable(),
  /** A purchase's amount still refundable (its approved refunds not reversed taken off); 0 for anything else. */
  refundable: z.number(),
  /** A reversal undid it. */
  reversed: z.boolean(),
  /**
   * The last approved purchase of its terminal, not reversed, without refunds, within the engine's reversal window:
   * that terminal may void it.
   */
  voidable: z.boolean(),
});
export type FarmerSale = z.infer<typeof FarmerSale>;

/** The range's figures: approved purchases, refunds and reversals, and what they come to. */
export const FarmerSalesTotals = z.object({
  salesCount: z.number().int(),
  salesAmt: z.number(),
  refundsCount: z.number().int(),
  refundsAmt: z.number(),
  /** Purchases undone by a reversal (a void), and refunds undone, counted as they change the net. */
  voidsCount: z.number().int(),
  netAmt: z.number(),
  declinedCount: z.number().int(),
});
export type FarmerSalesTotals = z.infer<typeof FarmerSalesTotals>;

export const FarmerSalesPage = pagedAnswer(FarmerSale).extend({
  /** The range searched, as days (today's when none was sent). */
  from: z.iso.date(),
  to: z.iso.date(),
  totals: FarmerSalesTotals,
});
export type FarmerSalesPage = z.infer<typeof FarmerSalesPage>;

/** The export's columns, in order. */
export const FARMER_SALES_EXPORT_HEADERS = [
  'Date',
  'Time',
  'Program',
  'Type',
  'Amount',
  'Approved Amount',
  'Response Code',
  'Response',
  'Card',
  'Terminal',
  'Trace Number',
] as const;

/** Money of the merchant that waits unpaid, and why (HOLD_REASON of settlement): the portal says what to do. */
export const FarmerHold = z.object({
  programUuid: z.uuid(),
  programName: z.string(),
  /** 1 merchant inactive, 2 no bank information, 3 bank information incomplete. */
  reasonId: z.number().int(),
  reason: z.string(),
  transactionCount: z.number().int(),
  heldAmt: z.number(),
  waitingSince: z.iso.datetime({ offset: true }),
});
export type FarmerHold = z.infer<typeof FarmerHold>;

/** One settlement of the merchant: its share of a batch. */
export const FarmerPayout = z.object({
  batchUuid: z.uuid(),
  batchNbr: z.number().int(),
  programName: z.string(),
  /** The business day the batch closed, and its cut-off: the period it pays runs up to the cut-off. */
  businessDay: z.iso.date(),
  cutoffAt: z.iso.datetime({ offset: true }),
  /** The previous batch's cut-off of the program (null for its first batch): the period's start. */
  periodStart: z.iso.datetime({ offset: true }).nullable(),
  statusId: z.number().int(),
  status: z.string(),
  /** When staff marked the batch paid (the bank sent it), else null. */
  paidAt: z.iso.datetime({ offset: true }).nullable(),
  transactionCount: z.number().int(),
  grossAmt: z.number(),
  feeAmt: z.number(),
  netAmt: z.number(),
});
export type FarmerPayout = z.infer<typeof FarmerPayout>;

export const FarmerPayouts = z.object({
  data: z.array(FarmerPayout),
  countCapped: z.boolean(),
  holds: z.array(FarmerHold),
});
export type FarmerPayouts = z.infer<typeof FarmerPayouts>;

/** The home's figures: today's approved sales in the merchant's program time zone, the last payout, any hold. */
export const FarmerToday = z.object({
  /** Today, in the time zone of the merchant's first program (the zone the figures are counted in). */
  today: z.iso.date(),
  timeZone: z.string(),
  salesCount: z.number().int(),
  salesAmt: z.number(),
  netAmt: z.number(),
  lastPayout: FarmerPayout.nullable(),
  holds: z.array(FarmerHold),
});
export type FarmerToday = z.infer<typeof FarmerToday>;

export const FarmerLocation = z.object({
  /** registered, mailing or physical (the market stall's place). */
  kind: z.enum(['registered', 'mailing', 'physical']),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
});
export type FarmerLocation = z.infer<typeof FarmerLocation>;

/** The bank account payouts go to: its numbers' last four only, as staff bank screens show them. */
export const FarmerBank = z.object({
  bankName: z.string().nullable(),
  /** `****1234`, or null when none is recorded. */
  accountNumber: z.string().nullable(),
  routingNumber: z.string().nullable(),
  /** 0 checking, 1 savings; null when not given. */
  accountTypeId: z.number().int().nullable(),
  /** Everything settlement needs is there (else payouts are held: bank information incomplete). */
  complete: z.boolean(),
});
export type FarmerBank = z.infer<typeof FarmerBank>;

export const FarmerBusiness = z.object({
  merchantUuid: z.uuid(),
  merchantIdentifier: z.string(),
  name: z.string(),
  statusId: z.number().int(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  programs: z.array(FarmerProgram),
  locations: z.array(FarmerLocation),
  bank: FarmerBank.nullable(),
});
export type FarmerBusiness = z.infer<typeof FarmerBusiness>;
