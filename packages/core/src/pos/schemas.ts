import { z } from 'zod';
import { PAN_LENGTH } from '../constants/limits.js';
import { isIsoDate } from '../format/dates.js';
import { readInstant } from '../transactions/rules.js';
import { money } from '../validation/numbers.js';
import { parsePayCode } from '../pans/pay-code.js';
import { PIN_PATTERN } from '../pans/pin.js';
import { text } from '../validation/text.js';
import { POS_MESSAGES } from './messages.js';

// The transaction engine's wire format (docs/transaction-engine.md). Point-of-sale clients (a farmer's
// card reader, a market tablet, `npm run pos`) call POST /transaction-api/pos/* with HTTP Basic (terminal id and
// secret). Anything malformed is a 400 that writes nothing; a well-formed request the engine refuses is a recorded
// decline with a response code (200).

/** The most a terminal may ask in one transaction, whatever the configuration says: numeric(12,2)'s room is far more. */
export const POS_AMOUNT_CEILING_CENTS = 99_999_999;

const amount = money(POS_AMOUNT_CEILING_CENTS).refine((dollars) => dollars > 0, POS_MESSAGES.AMOUNT_POSITIVE);

/** The 19 digits of a program card; the printed card's QR code holds exactly these (decision 0035). */
const pan = text(POS_MESSAGES.PAN_INVALID)
  .trim()
  .regex(new RegExp(`^\\d{${PAN_LENGTH}}$`), POS_MESSAGES.PAN_INVALID);

/** The most characters a pay code may have on the wire (a real one has about 140). */
export const PAY_CODE_MAX = 200;

/**
 * A pay code (docs/transaction-engine.md "Pay codes"): the short-lived, single-use text a registered phone signs for
 * its card. Its form is checked here (400); its device, signature, age and use by the engine (a recorded 14 or 94).
 */
const payCode = text(POS_MESSAGES.PAY_CODE_INVALID)
  .trim()
  .max(PAY_CODE_MAX, POS_MESSAGES.PAY_CODE_INVALID)
  .refine((value) => parsePayCode(value) !== null, POS_MESSAGES.PAY_CODE_INVALID);

/** The card's PIN as the cardholder keyed it: exactly four digits, never trimmed or padded. */
const pin = text(POS_MESSAGES.PIN_INVALID).regex(PIN_PATTERN, POS_MESSAGES.PIN_INVALID);

/**
 * How a purchase or balance inquiry names its card: the 19 digits (`pan`) or a pay code (`payCode`), exactly one of
 * the two, and the PIN when the card's program requires one (a call to a program that does not ignores it).
 */
const cardFields = { pan: pan.optional(), payCode: payCode.optional(), pin: pin.optional() };

/** The refinement of a body with `cardFields`: exactly one of pan and payCode, said on the field at fault. */
function oneCard(body: { pan?: string | undefined; payCode?: string | undefined }, ctx: z.RefinementCtx): void {
  if (body.pan === undefined && body.payCode === undefined)
    ctx.addIssue({ code: 'custom', path: ['pan'], message: POS_MESSAGES.CARD_REQUIRED });
  else if (body.pan !== undefined && body.payCode !== undefined)
    ctx.addIssue({ code: 'custom', path: ['payCode'], message: POS_MESSAGES.CARD_TWICE });
}

/** A terminal's trace (system trace audit) number: unique per terminal and day. */
export const TRACE_NUMBER_MAX = 20;
const traceNumber = text(POS_MESSAGES.TRACE_REQUIRED)
  .trim()
  .regex(/^[0-9A-Za-z-]{1,20}$/, POS_MESSAGES.TRACE_INVALID);

/** The terminal's local date and time with its offset: the trace number's day is the date as written. */
const terminalDateTime = text(POS_MESSAGES.DATETIME_INVALID)
  .trim()
  .max(40, POS_MESSAGES.DATETIME_INVALID)
  .refine((value) => readInstant(value) !== null, POS_MESSAGES.DATETIME_INVALID);

const digits = (length: string, message: string) =>
  text(message)
    .trim()
    .regex(new RegExp(`^\\d{${length}}$`), message);

const day = text(POS_MESSAGES.DATE_INVALID).trim().refine(isIsoDate, POS_MESSAGES.DATE_INVALID);

/** Where the sale happened (a market's stall, a mobile stand). */
export const PosLocation = z.strictObject({
  latitude: z.number().min(-90, POS_MESSAGES.LOCATION_INVALID).max(90, POS_MESSAGES.LOCATION_INVALID),
  longitude: z.number().min(-180, POS_MESSAGES.LOCATION_INVALID).max(180, POS_MESSAGES.LOCATION_INVALID),
  address: text().trim().max(200, POS_MESSAGES.ADDRESS_TOO_LONG).optional(),
});

/** What every terminal request carries. */
const terminalFields = {
  traceNumber,
  terminalDateTime,
  /** ISO 8583 POS entry mode: '051' chip, '071' contactless, '010' keyed, '031' QR code. */
  posEntryMode: digits('2,3', POS_MESSAGES.ENTRY_MODE_INVALID).optional(),
  posConditionCode: digits('2', POS_MESSAGES.CONDITION_CODE_INVALID).optional(),
  mcc: digits('4', POS_MESSAGES.MCC_INVALID).optional(),
  location: PosLocation.optional(),
};

/** POST /transaction-api/pos/purchase */
export const PurchaseBody = z
  .strictObject({
    ...cardFields,
    amount,
    /** The part of the amount that incentives may pay and earn on (eligible foods); the whole amount when absent. */
    eligibleAmount: money(POS_AMOUNT_CEILING_CENTS).optional(),
    allowPartial: z.boolean().optional(),
    ...terminalFields,
  })
  .refine((b) => b.eligibleAmount === undefined || b.eligibleAmount <= b.amount, {
    path: ['eligibleAmount'],
    message: POS_MESSAGES.ELIGIBLE_TOO_HIGH,
  })
  .superRefine(oneCard);
export type PurchaseBody = z.infer<typeof PurchaseBody>;

/**
 * The transaction a refund or reversal acts on: its trxUuid, or its trace number and the day it carried (and, for a
 * refund, the terminal of the same merchant that made it; the calling one when absent).
 */
export const OriginalReference = z
  .strictObject({
    trxUuid: z.uuid(POS_MESSAGES.ORIGINAL_INVALID).optional(),
    terminalId: text()
      .trim()
      .toUpperCase()
      .regex(/^[0-9A-HJKMNP-TV-Z]{12}$/, POS_MESSAGES.ORIGINAL_INVALID)
      .optional(),
    traceNumber: traceNumber.optional(),
    date: day.optional(),
  })
  .refine((o) => o.trxUuid !== undefined || (o.traceNumber !== undefined && o.date !== undefined), {
    message: POS_MESSAGES.ORIGINAL_REQUIRED,
  });
export type OriginalReference = z.infer<typeof OriginalReference>;

/** POST /transaction-api/pos/refund: its own trace number, the purchase it refunds, and how much. */
export const RefundBody = z.strictObject({ amount, original: OriginalReference, ...terminalFields });
export type RefundBody = z.infer<typeof RefundBody>;

/**
 * POST /transaction-api/pos/reversal: undoes a purchase or refund of the calling terminal. As in ISO 8583, the
 * reversal names its original by the original's trace number and day (a terminal that timed out never learnt the
 * trxUuid); one reversal per original, so a repeat is answered as the first.
 */
export const ReversalBody = z.strictObject({
  original: OriginalReference,
  terminalDateTime,
  posEntryMode: terminalFields.posEntryMode,
  posConditionCode: terminalFields.posConditionCode,
  mcc: terminalFields.mcc,
  location: terminalFields.location,
});
export type ReversalBody = z.infer<typeof ReversalBody>;

/** POST /transaction-api/pos/balance-inquiry */
export const BalanceInquiryBody = z.strictObject({ ...cardFields, ...terminalFields }).superRefine(oneCard);
export type BalanceInquiryBody = z.infer<typeof BalanceInquiryBody>;

/** One benefit a transaction debited or credited. */
export const PosBenefit = z.object({
  benefitUuid: z.uuid(),
  authorizationNumber: z.string(),
  benefitTypeId: z.number().int(),
  amount: z.number(),
});

/** What a purchase earned in one incentive (an incentive benefit was issued for it). */
export const PosIncentive = z.object({
  incentiveUuid: z.uuid(),
  benefitUuid: z.uuid(),
  amount: z.number(),
});

/** The answer of every engine call, approved or declined. Amounts in dollars with two decimals. */
export const PosAnswer = z.object({
  /** Null only for a decline that names no program (an unknown card at a merchant in no program). */
  trxUuid: z.uuid().nullable(),
  transactionTypeId: z.number().int(),
  responseCode: z.string(),
  responseText: z.string(),
  additionalResponseText: z.string().nullable(),
  authNumber: z.string().nullable(),
  requestedAmount: z.number(),
  approvedAmount: z.number(),
  /**
   * The card's spendable balance in its program after the call, with what it earned or gave back of incentives (null
   * when no card was identified).
   */
  balanceAfter: z.number().nullable(),
  /** The soonest expiry among the spendable benefits (balance inquiry; null on other calls or when none). */
  soonestExpiration: z.iso.date().nullable(),
  benefits: z.array(PosBenefit),
  incentiveEarned: z.number(),
  incentives: z.array(PosIncentive),
  /** Incentive taken back by a refund or reversal, and what could not be (already spent). */
  incentiveTakenBack: z.number(),
  incentiveNotRecovered: z.number(),
});
export type PosAnswer = z.infer<typeof PosAnswer>;
