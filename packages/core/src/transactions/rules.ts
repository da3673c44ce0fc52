import { MIN_DATES, SEARCH_END_SECOND, SEARCH_START_SECOND } from '../constants/dates.js';
import { isIsoDate, searchDateMax } from '../format/dates.js';
import { ruleMessage } from '../messages/origin.js';
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

/** Minutes east of UTC of an ISO date-time's written offset ('Z' is 0), or null when the text has none. */
export function writtenOffsetMinutes(value: string): number | null {
  const match = /(Z|([+-])(\d{2}):?(\d{2}))$/i.exec(value.trim());
  if (!match) return null;
  if (match[1]!.toUpperCase() === 'Z') return 0;
  const minutes = Number(match[3]) * 60 + Number(match[4]);
  return match[2] === '-' ? -minutes : minutes;
}

/** The calendar day a clock at `offsetMinutes` east of UTC shows at `instant`. */
function dayAtOffset(instant: Date, offsetMinutes: number): string {
  return new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/**
 * The bounds of part 2 §5/§9: the start not before 2022-02-01, the end not before 2022-08-01, both at most today plus
 * 183 days, the end not before the start. The recipient portal's searches start from 2020-08-01 instead (part 1 §5,
 * §9: `side` 'recipient').
 *
 * Each date-time is judged by the calendar day it names at the offset it was written with, and 'today' is today at
 * that offset (decision 0033): the screen sends the person's local time with its offset, so the screen and the server
 * give the same answer for the same text, wherever the server runs and whatever the program's zone. Texts that are
 * not ISO date-times with an offset are not judged here (the request schema refuses them).
 */
export function transactionWindowProblems(
  window: { start?: string; end?: string },
  now: Date,
  side: 'staff' | 'recipient' = 'staff',
): TransactionRuleProblem[] {
  const problems: TransactionRuleProblem[] = [];
  const bounds =
    side === 'recipient'
      ? { startDate: MIN_DATES.recipientSearch, endDate: MIN_DATES.recipientSearch }
      : { startDate: MIN_DATES.programSearchStart, endDate: MIN_DATES.programSearchEnd };
  const texts = { startDate: window.start, endDate: window.end } as const;
  const instants: Partial<Record<'startDate' | 'endDate', Date>> = {};
  for (const field of ['startDate', 'endDate'] as const) {
    const text = texts[field];
    const instant = text === undefined ? null : readInstant(text);
    const offset = text === undefined ? null : writtenOffsetMinutes(text);
    if (instant === null || offset === null) continue;
    instants[field] = instant;
    const day = dayAtOffset(instant, offset);
    const latest = searchDateMax(dayAtOffset(now, offset));
    if (day < bounds[field])
      problems.push({ field, message: ruleMessage(TRANSACTION_MESSAGES.DATE_TOO_EARLY, { date: bounds[field] }) });
    else if (day > latest)
      problems.push({ field, message: ruleMessage(TRANSACTION_MESSAGES.DATE_TOO_LATE, { date: latest }) });
  }
  const { startDate: start, endDate: end } = instants;
  if (start && end && windowEnd(end) < windowStart(start))
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
