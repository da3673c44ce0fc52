import { describe, expect, it } from 'vitest';
import { spanishNoticeDate, spanishNoticeMoney } from './notice-values.js';

describe('the values of a Spanish notice', () => {
  it('writes a calendar date day first, as es-US does, without moving the day', () => {
    expect(spanishNoticeDate('2026-11-23')).toBe('23/11/2026');
    expect(spanishNoticeDate('2027-01-01')).toBe('01/01/2027');
    expect(spanishNoticeDate('2026-12-31')).toBe('31/12/2026');
  });

  it('writes an amount in USD through Intl for es-US', () => {
    expect(spanishNoticeMoney('1234.50')).toBe('$1,234.50');
    expect(spanishNoticeMoney(7.25)).toBe('$7.25');
  });

  it('answers the same when asked again, past the bound of what it remembers', () => {
    // remembered.ts keeps 4,096 answers a locale, then starts again: the 5,000th day and the first stay right.
    const days = Array.from({ length: 5000 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10));
    const first = days.map(spanishNoticeDate);
    expect(days.map(spanishNoticeDate)).toEqual(first);
    expect(first[0]).toBe('01/01/2026');
    expect(first[4999]).toBe(spanishNoticeDate(days[4999]!));
    expect(spanishNoticeMoney('0.05')).toBe('$0.05');
    expect(spanishNoticeMoney('0.05')).toBe('$0.05');
  });
});
