import { describe, expect, it } from 'vitest';
import { hasTransactionCriterion, readInstant, transactionWindowProblems, windowEnd, windowStart } from './rules.js';

const NOW = new Date('2026-11-23T15:00:00Z');
const ZONE = 'America/New_York';

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
    const at = (text: string) => new Date(text);
    expect(transactionWindowProblems({ start: at('2022-02-01T05:00:00Z') }, ZONE, NOW)).toEqual([]);
    // The recipient portal's searches start from 2020-08-01 (part 1 §5, §9).
    const early = { start: at('2021-03-01T12:00:00Z'), end: at('2021-04-01T12:00:00Z') };
    expect(transactionWindowProblems(early, ZONE, NOW, 'recipient')).toEqual([]);
    expect(transactionWindowProblems(early, ZONE, NOW).map((p) => p.field)).toEqual(['startDate', 'endDate']);
    expect(transactionWindowProblems({ start: at('2020-07-31T12:00:00Z') }, ZONE, NOW, 'recipient')).toHaveLength(1);
    expect(transactionWindowProblems({ start: at('2022-02-01T04:59:00Z') }, ZONE, NOW)).toEqual([
      { field: 'startDate', message: 'Date cannot be before 2022-02-01.' },
    ]);
    expect(transactionWindowProblems({ end: at('2022-07-31T12:00:00Z') }, ZONE, NOW)[0]?.message).toBe(
      'Date cannot be before 2022-08-01.',
    );
    expect(transactionWindowProblems({ end: at('2027-05-26T12:00:00Z') }, ZONE, NOW)[0]?.message).toBe(
      'Date cannot be after 2027-05-25.',
    );
    expect(
      transactionWindowProblems({ start: at('2026-11-20T00:00:00Z'), end: at('2026-11-19T00:00:00Z') }, ZONE, NOW),
    ).toEqual([{ field: 'endDate', message: 'End date cannot be before start date.' }]);
  });

  it('counts a criterion when any field but the paging holds text', () => {
    expect(hasTransactionCriterion({ page: 2, pageSize: 10, merchantNbr: ' ' })).toBe(false);
    expect(hasTransactionCriterion({ rid: '10000001' })).toBe(true);
  });
});
