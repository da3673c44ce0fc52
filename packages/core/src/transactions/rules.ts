import { MIN_DATES, SEARCH_END_SECOND, SEARCH_START_SECOND } from '../constants/dates.js';
import { displayDate, isIsoDate, searchDateMax, todayIn } from '../format/dates.js';
import { fillMessage } from '../messages/fill.js';
import { TRANSACTION_MESSAGES } from './messages.js';

// The transaction search's rules (part 1 §5 "Transactions", §9; part 2 §5, §9; decision 0033).

/** An ISO 8601 date-time with seconds optional and its offset (Z or ±hh:mm): the instant the screen picked. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** The instant a search date-time names, or null when the text is not an ISO date-time with an offset. */
export function readInstant(value: string): Date | null {
  const text = value.trim();
  // The calendar date as written must exist: Date would roll 2026-02-30 over to March.
  if (!ISO_INSTANT.test(text) || !isIsoDate(text.slice(0, 10))) return null;
  const instant = new Date(text.replace(' ', 'T'));
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** Part 1 §9: the start of a search window is taken at :00 seconds of its minute. */
export function windowStart(instant: Date): Date {
  const t = instant.getTime();
  return new Date(t - (((t % 60_000) + 60_000) % 60_000) + SEARCH_START_SECOND * 1000);
}

/** Part 1 §9: the end of a search window runs to :59 seconds (and its last millisecond) of its minute. */
export function windowEnd(instant: Date): Date {
  const minute = windowStart(instant).getTime();
  return new Date(minute + SEARCH_END_SECOND * 1000 + 999);
}

export interface TransactionRuleProblem {
  field: 'startDate' | 'endDate';
  message: string;
}

/**
 * The bounds of part 2 §5/§9: the start not before 2022-02-01, the end not before 2022-08-01, both at most today plus
 * 183 days, the end not before the start. The recipient portal's searches start from 2020-08-01 instead (part 1 §5,
 * §9: `side` 'recipient'). Dates are compared in `timeZone` (the program's, or the default zone).
 */
export function transactionWindowProblems(
  window: { start?: Date; end?: Date },
  timeZone: string,
  now: Date,
  side: 'staff' | 'recipient' = 'staff',
): TransactionRuleProblem[] {
  const problems: TransactionRuleProblem[] = [];
  const latest = searchDateMax(todayIn(timeZone, now));
  const bounds =
    side === 'recipient'
      ? { startDate: MIN_DATES.recipientSearch, endDate: MIN_DATES.recipientSearch }
      : { startDate: MIN_DATES.programSearchStart, endDate: MIN_DATES.programSearchEnd };
  const values = { startDate: window.start, endDate: window.end } as const;
  for (const field of ['startDate', 'endDate'] as const) {
    const instant = values[field];
    if (instant === undefined) continue;
    const day = displayDate(instant, 'date', timeZone)?.text ?? '';
    if (day < bounds[field])
      problems.push({ field, message: fillMessage(TRANSACTION_MESSAGES.DATE_TOO_EARLY, { date: bounds[field] }) });
    else if (day > latest)
      problems.push({ field, message: fillMessage(TRANSACTION_MESSAGES.DATE_TOO_LATE, { date: latest }) });
  }
  if (window.start && window.end && window.end < window.start)
    problems.push({ field: 'endDate', message: TRANSACTION_MESSAGES.END_BEFORE_START });
  return problems;
}

/** Part 2 §5: Search stays disabled until one criterion is set (the page and its size are not criteria). */
export function hasTransactionCriterion(criteria: Record<string, unknown>): boolean {
  return Object.entries(criteria).some(
    ([key, value]) =>
      !['page', 'pageSize', 'exportType'].includes(key) &&
      value !== undefined &&
      value !== null &&
      String(value).trim() !== '',
  );
}
