import { MIN_DATES } from '../constants/dates.js';
import { benefitDateIn } from '../benefits/rules.js';
import { formatMoney, formatRate, toCents } from '../format/money.js';
import { ruleMessage } from '../messages/origin.js';
import { MONEY_PATTERN } from '../validation/patterns.js';
import { INCENTIVE_MESSAGES } from './messages.js';

// Pure rules of the incentive area (B§4 "Recipient incentive", B§5 "Recipient incentive" and "Incentive definition",
// B§9; resolutions 17, 19, 26; docs/decisions/0040-incentive-definitions.md, 0041-recipient-incentive-enrolment.md).
// The server enforces them and the web forms apply the same functions. Dates are 'YYYY-MM-DD' and compare as text;
// `today` is the program's today (resolution 26).

/** The rate columns are numeric(9,2): 9,999,999.99 at most, in hundredths. */
export const INCENTIVE_RATE_MAX_CENTS = 999_999_999;
/** A recipient's enrolments, and the recipient portal's list, are answered whole up to this many (B§9: 1000). */
export const ENROLMENT_LIST_CAP = 1000;

/** The six decimal fields of an incentive (B§3), in the order the form shows them. */
export const INCENTIVE_RATE_FIELDS = [
  'matchRate',
  'accrualMaxDay',
  'accrualMaxMonth',
  'accrualMaxTrx',
  'accrualFeeRate',
  'redemptionFeeRate',
] as const;
export type IncentiveRateField = (typeof INCENTIVE_RATE_FIELDS)[number];

/** The form's labels (B§3 names the fields; B§5: match rate 5.25 means 5.25%, an accrual max of 0.00 none). */
export const INCENTIVE_RATE_LABELS: Readonly<Record<IncentiveRateField, string>> = {
  matchRate: 'Match Rate (%)',
  accrualMaxDay: 'Accrual Max per Day ($)',
  accrualMaxMonth: 'Accrual Max per Month ($)',
  accrualMaxTrx: 'Accrual Max per Transaction ($)',
  accrualFeeRate: 'Accrual Fee Rate (%)',
  redemptionFeeRate: 'Redemption Fee Rate (%)',
};

/** Whether a field is an accrual maximum, where 0.00 means "no maximum" (B§5). */
export function isAccrualMax(field: IncentiveRateField): boolean {
  return field === 'accrualMaxDay' || field === 'accrualMaxMonth' || field === 'accrualMaxTrx';
}

/**
 * B§5 "formatted to 2 decimals on blur, empty becomes 0.00": what a rate field shows once the person leaves it
 * ('5.2' -> '5.20', '' -> '0.00', '1.005' -> '1.01'). Text that is no number stays as typed, so its message shows.
 */
export function formatIncentiveRate(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '0.00';
  const text = typeof value === 'string' ? value.trim() : value;
  return formatRate(text);
}

/**
 * The problem with a rate as typed or sent (a number, or its text), or null when it is one: numeric, at most two
 * decimals, 0.00 to 9,999,999.99 (B§5 "min 0"). Empty and null are 0.00 (B§5 "empty becomes 0.00").
 */
export function incentiveRateProblem(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'NaN') : value.trim();
  if (text === '') return null;
  if (/^-\d*\.?\d+$/.test(text) && toCents(text) !== 0) return INCENTIVE_MESSAGES.RATE_NEGATIVE;
  if (!MONEY_PATTERN.test(text.replace(/^-/, ''))) return INCENTIVE_MESSAGES.RATE_INVALID;
  if (!(toCents(text.replace(/^-/, '')) <= INCENTIVE_RATE_MAX_CENTS))
    return ruleMessage(INCENTIVE_MESSAGES.RATE_TOO_HIGH, {
      max: formatMoney(INCENTIVE_RATE_MAX_CENTS / 100).replace('$', ''),
    });
  return null;
}

/** A valid rate as the two-decimal text the numeric column takes ('5.25'); empty is '0.00'. */
export function incentiveRateText(value: string | number | null | undefined): string {
  return formatIncentiveRate(value === '' ? null : value).replace(/^-(0\.00)$/, '$1');
}

/**
 * A date as sent (resolution 17): 'YYYY-MM-DD', or an ISO date-time whose date is taken in the program's time zone
 * (the original client sent incentive dates at midday, A§9/B§9). Null when the text is no date.
 */
export function incentiveDateIn(value: string, timeZone: string): string | null {
  return benefitDateIn(value, timeZone);
}

export interface DateRange {
  startDate: string;
  /** The last day, or null for no end. */
  endDate: string | null;
}

export interface IncentiveDateProblem {
  field: 'startDate' | 'endDate';
  message: string;
}

/**
 * The earliest dates the definition form offers (B§5): the start from today on a new incentive, from 2023-02-01 on
 * an edit; the end from today.
 */
export function incentiveDateMins(today: string, editing: boolean): { startDate: string; endDate: string } {
  return { startDate: editing ? MIN_DATES.incentiveEdit : today, endDate: today };
}

/**
 * B§5 "Incentive definition" dates: start required, from today (new) or 2023-02-01 (edit); end optional, from today
 * and not before the start. On an edit a date left as saved is not held to the moving bounds (today, 2023-02-01):
 * the name or a rate of an incentive that began last year, or ended yesterday, can still be corrected (decision
 * 0040); the end is never before the start.
 */
export function incentiveDateProblems(
  dates: DateRange,
  { today, saved }: { today: string; saved?: DateRange | null },
): IncentiveDateProblem[] {
  const problems: IncentiveDateProblem[] = [];
  const startChanged = !saved || saved.startDate !== dates.startDate;
  const endChanged = !saved || saved.endDate !== dates.endDate;
  if (startChanged) {
    if (!saved && dates.startDate < today)
      problems.push({ field: 'startDate', message: INCENTIVE_MESSAGES.START_BEFORE_TODAY });
    else if (saved && dates.startDate < MIN_DATES.incentiveEdit)
      problems.push({ field: 'startDate', message: INCENTIVE_MESSAGES.START_BEFORE_EDIT_MIN });
  }
  if (dates.endDate !== null) {
    if (endChanged && dates.endDate < today)
      problems.push({ field: 'endDate', message: INCENTIVE_MESSAGES.END_BEFORE_TODAY });
    else if (dates.endDate < dates.startDate)
      problems.push({ field: 'endDate', message: INCENTIVE_MESSAGES.END_BEFORE_START });
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// Enrolment (B§4, B§5 "Recipient incentive")

/** B§4: how an enrolment may be edited: not at all once ended, the end only once started (1), both before (2). */
export const ENROLMENT_EDIT_MODE = { NONE: 0, END_ONLY: 1, BOTH: 2 } as const;
export type EnrolmentEditMode = (typeof ENROLMENT_EDIT_MODE)[keyof typeof ENROLMENT_EDIT_MODE];

/**
 * B§4: edit is offered while the enrolment has not ended (its end date, the last day, is today or later, or it has
 * none); both dates before it starts (mode 2), only the end once it has (mode 1).
 */
export function enrolmentEditMode(enrolment: DateRange, today: string): EnrolmentEditMode {
  if (enrolment.endDate !== null && enrolment.endDate < today) return ENROLMENT_EDIT_MODE.NONE;
  return enrolment.startDate > today ? ENROLMENT_EDIT_MODE.BOTH : ENROLMENT_EDIT_MODE.END_ONLY;
}

/** B§4: an enrolment whose start is in the future can be deleted. */
export function canDeleteEnrolment(enrolment: Pick<DateRange, 'startDate'>, today: string): boolean {
  return enrolment.startDate > today;
}

/** Whether an enrolment is in force on a day: from its start through its end date, both included. */
export function isActiveOn(range: DateRange, day: string): boolean {
  return range.startDate <= day && (range.endDate === null || range.endDate >= day);
}

/** Two periods share at least one day (ends included; no end runs for ever). */
export function rangesOverlap(a: DateRange, b: DateRange): boolean {
  return a.startDate <= (b.endDate ?? '9999-12-31') && b.startDate <= (a.endDate ?? '9999-12-31');
}

/** The first of `others` (enrolments of the same account in the same incentive) that shares a day with `range`. */
export function overlappingEnrolment<T extends DateRange>(range: DateRange, others: readonly T[]): T | undefined {
  return others.find((other) => rangesOverlap(range, other));
}

/**
 * The earliest dates the enrolment form offers: a new enrolment and a not-yet-started one start from today (and not
 * before the incentive); every end from today.
 */
export function enrolmentDateMins(today: string, incentive: DateRange | null): { startDate: string; endDate: string } {
  const start = incentive && incentive.startDate > today ? incentive.startDate : today;
  return { startDate: start, endDate: today };
}

/**
 * B§5 "Recipient incentive": the start not before today nor the incentive's start; the end not before today; on an
 * update (mode 2) the start not before 2023-02-01. Ours (decision 0041): the start not after the incentive's end
 * (an enrolment in no day of the incentive means nothing), the end not before the start, and in mode 1 the start as
 * saved. The caller refuses mode 0 (ended) before asking.
 */
export function enrolmentDateProblems(
  dates: DateRange,
  { today, incentive, saved }: { today: string; incentive: DateRange; saved?: DateRange | null },
): IncentiveDateProblem[] {
  const problems: IncentiveDateProblem[] = [];
  const mode = saved ? enrolmentEditMode(saved, today) : ENROLMENT_EDIT_MODE.BOTH;
  if (saved && mode !== ENROLMENT_EDIT_MODE.BOTH) {
    if (dates.startDate !== saved.startDate)
      problems.push({ field: 'startDate', message: INCENTIVE_MESSAGES.START_READ_ONLY });
  } else if (saved && dates.startDate < MIN_DATES.incentiveEdit) {
    problems.push({ field: 'startDate', message: INCENTIVE_MESSAGES.START_BEFORE_EDIT_MIN });
  } else if (dates.startDate < today) {
    problems.push({ field: 'startDate', message: INCENTIVE_MESSAGES.START_BEFORE_TODAY });
  } else if (dates.startDate < incentive.startDate) {
    problems.push({
      field: 'startDate',
      message: ruleMessage(INCENTIVE_MESSAGES.START_BEFORE_INCENTIVE, { date: incentive.startDate }),
    });
  } else if (incentive.endDate !== null && dates.startDate > incentive.endDate) {
    problems.push({
      field: 'startDate',
      message: ruleMessage(INCENTIVE_MESSAGES.START_AFTER_INCENTIVE_END, { date: incentive.endDate }),
    });
  }
  if (dates.endDate !== null) {
    if (dates.endDate < today) problems.push({ field: 'endDate', message: INCENTIVE_MESSAGES.END_BEFORE_TODAY });
    else if (dates.endDate < dates.startDate)
      problems.push({ field: 'endDate', message: INCENTIVE_MESSAGES.END_BEFORE_START });
  }
  return problems;
}
