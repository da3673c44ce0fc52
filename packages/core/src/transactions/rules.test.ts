import { describe, expect, it } from 'vitest';
import {
  hasTransactionCriterion,
  readInstant,
  transactionWindowProblems,
  windowEnd,
  windowStart,
  writtenOffsetMinutes,
} from './rules.js';

const NOW = new Date('2026-11-23T15:00:00Z');

describe('transaction search rules (part 1 §9, part 2 §5/§9, decision 0033)', () => {
  it('reads ISO date-times with their offset only', () => {
    expect(readInstant('2026-11-20T13:05:00Z')?.toISOString()).toBe('2026-11-20T13:05:00.000Z');
    expect(readInstant('2026-11-20 08:05-05:00')?.toISOString()).toBe('2026-11-20T13:05:00.000Z');
    expect(readInstant('2026-11-20T13:05:00')).toBeNull();
    expect(readInstant('2026-11-20')).toBeNull();
    expect(readInstant('2026-02-30T10:00:00Z')).toBeNull();
  });

  it('starts the window at :00 and ends it through :59 of the minute', () => {
    expect(windowStart(new Date('2026-11-20T13:05:42.123Z')).toISOString()).toBe('2026-11-20T13:05:00.000Z');
    expect(windowEnd(new Date('2026-11-20T13:05:00Z')).toISOString()).toBe('2026-11-20T13:05:59.999Z');
  });

  it('bounds the start from 2022-02-01, the end from 2022-08-01, both to today + 183, end not before start', () => {
    expect(transactionWindowProblems({ start: '2022-02-01T00:00:00-05:00' }, NOW)).toEqual([]);
    // The recipient portal's searches start from 2020-08-01 (part 1 §5, §9).
    const early = { start: '2021-03-01T12:00:00Z', end: '2021-04-01T12:00:00Z' };
    expect(transactionWindowProblems(early, NOW, 'recipient')).toEqual([]);
    expect(transactionWindowProblems(early, NOW).map((p) => p.field)).toEqual(['startDate', 'endDate']);
    expect(transactionWindowProblems({ start: '2020-07-31T12:00:00Z' }, NOW, 'recipient')).toHaveLength(1);
    expect(transactionWindowProblems({ start: '2022-01-31T23:59:00-05:00' }, NOW)).toEqual([
      { field: 'startDate', message: 'Date cannot be before 2022-02-01.' },
    ]);
    expect(transactionWindowProblems({ end: '2022-07-31T12:00:00Z' }, NOW)[0]?.message).toBe(
      'Date cannot be before 2022-08-01.',
    );
    expect(transactionWindowProblems({ end: '2027-05-26T12:00:00Z' }, NOW)[0]?.message).toBe(
      'Date cannot be after 2027-05-25.',
    );
    expect(transactionWindowProblems({ start: '2026-11-20T00:00:00Z', end: '2026-11-19T00:00:00Z' }, NOW)).toEqual([
      { field: 'endDate', message: 'End date cannot be before start date.' },
    ]);
    // The same minute as start and end is a one-minute window, not an end before the start.
    expect(transactionWindowProblems({ start: '2026-11-20T10:05:00Z', end: '2026-11-20T10:05:00Z' }, NOW)).toEqual([]);
  });

  it('judges each date-time by the day it names at the offset it was written with (decision 0033)', () => {
    // 2022-02-01 00:30 in Honolulu is 10:30 UTC; 2022-01-31 23:30 in New York is 04:30 UTC on 2022-02-01. The
    // screen sends local time with its offset, so both are judged by the day the person typed.
    expect(transactionWindowProblems({ start: '2022-02-01T00:30:00-10:00' }, NOW)).toEqual([]);
    expect(transactionWindowProblems({ start: '2022-01-31T23:30:00-05:00' }, NOW)).toHaveLength(1);
    // Today is today at the written offset: at 2026-11-23 15:00 UTC it is already 2026-11-24 in Tokyo.
    expect(transactionWindowProblems({ end: '2027-05-26T08:00:00+09:00' }, NOW)).toEqual([]);
    expect(transactionWindowProblems({ end: '2027-05-26T08:00:00-05:00' }, NOW)).toHaveLength(1);
    expect(writtenOffsetMinutes('2026-11-20 08:05-0530')).toBe(-330);
    expect(writtenOffsetMinutes('2026-11-20T08:05:00z')).toBe(0);
    expect(writtenOffsetMinutes('2026-11-20T08:05:00')).toBeNull();
  });

  it('counts a criterion when any field but the paging holds text', () => {
    expect(hasTransactionCriterion({ page: 2, pageSize: 10, merchantNbr: ' ' })).toBe(false);
    expect(hasTransactionCriterion({ rid: '10000001' })).toBe(true);
  });
});
