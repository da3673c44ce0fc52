import { z } from 'zod';
import { DATABASE_INT_MAX, MONEY_COLUMN_MAX_CENTS } from '../constants/limits.js';
import { formatMoney, toCents } from '../format/money.js';
import { ruleMessage } from '../messages/origin.js';
import { MESSAGES } from '../messages/messages.js';
import { MONEY_PATTERN } from './patterns.js';
import { text } from './text.js';

// Numbers the database can hold (architecture.md "The request path"). An id beyond PostgreSQL's integer and an
// amount beyond numeric(12,2) failed in SQL with a 500 (an unbounded amount even became the parameter 'NaN.NaN');
// these builders refuse them with a 400 first.

const INVALID_ID = ruleMessage(MESSAGES.INVALID_ID, { max: DATABASE_INT_MAX });

/** The messages of an id: `required` when it is missing or not a number, `invalid` when out of range. */
export interface IdMessages {
  required?: string;
  invalid?: string;
}

/**
 * An id of an integer column sent as a JSON number: a whole number from 1 to 2147483647. Without `required`, a missing
 * id reads 'This field is required.' (a select left empty) and one that is not a number `invalid`.
 */
export function databaseId({ required, invalid = INVALID_ID }: IdMessages = {}) {
  return z
    .number({ error: (issue) => required ?? (issue.input === undefined ? MESSAGES.FIELD_REQUIRED : invalid) })
    .int(invalid)
    .min(1, invalid)
    .max(DATABASE_INT_MAX, invalid);
}

/** The same id in a path or query string, where it arrives as digits ('' and other text are refused). */
export function databaseIdParam({ required = INVALID_ID, invalid = INVALID_ID }: IdMessages = {}) {
  return z.coerce.number({ error: required }).int(invalid).min(1, invalid).max(DATABASE_INT_MAX, invalid);
}

/** Digits naming an integer id, kept as text (a value that may also be a uuid): '1' to '2147483647'. */
export function databaseIdDigits(invalid: string = INVALID_ID) {
  return text(invalid)
    .trim()
    .regex(/^\d{1,10}$/, invalid)
    .refine((digits) => Number(digits) >= 1 && Number(digits) <= DATABASE_INT_MAX, invalid);
}

/**
 * An amount as a JSON number with at most two decimals (decision 0004); a numeric string such as '12.50' is read
 * the same way. From 0 to `maxCents`, which never exceeds what numeric(12,2) holds. The output is the amount as a
 * number of dollars. An amount too large for integer cents (toCents answers NaN) is too high, not a number; a missing
 * one reads 'This field is required.'.
 */
export function money(maxCents: number = MONEY_COLUMN_MAX_CENTS, tooHigh: string = MESSAGES.AMOUNT_TOO_HIGH) {
  const max = Math.min(maxCents, MONEY_COLUMN_MAX_CENTS);
  // A missing amount (a field left blank) is required, not badly written.
  const missingOrInvalid = (issue: { input?: unknown }) =>
    issue.input === undefined ? MESSAGES.FIELD_REQUIRED : MESSAGES.INVALID_AMOUNT;
  return z
    .union([z.number(), text().trim()], { error: missingOrInvalid })
    .superRefine((value, ctx) => {
      const digits = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
      if (/^-/.test(digits)) ctx.addIssue({ code: 'custom', message: MESSAGES.AMOUNT_NEGATIVE });
      else if (!MONEY_PATTERN.test(digits)) ctx.addIssue({ code: 'custom', message: MESSAGES.INVALID_AMOUNT });
      else if (!(toCents(digits) <= max))
        ctx.addIssue({ code: 'custom', message: ruleMessage(tooHigh, { max: formatMoney(max / 100) }) });
    })
    .transform((value) => toCents(value) / 100);
}
