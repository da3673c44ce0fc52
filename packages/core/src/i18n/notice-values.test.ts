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
});
