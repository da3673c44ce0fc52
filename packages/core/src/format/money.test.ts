import { describe, expect, it } from 'vitest';
import { formatMoney, formatRate, fromCents, isAmountWithin, toCents } from './money.js';

describe('toCents', () => {
  it('reads decimal text exactly', () => {
    expect(toCents('12.5')).toBe(1250);
    expect(toCents('12.50')).toBe(1250);
    expect(toCents('0.07')).toBe(7);
    expect(toCents('9999.99')).toBe(999_999);
    expect(toCents('.5')).toBe(50);
    expect(toCents('12.')).toBe(1200);
    expect(toCents('$1,234.56')).toBe(123_456);
  });

  it('rounds half away from zero on the third decimal', () => {
    expect(toCents('1.004')).toBe(100);
    expect(toCents('1.005')).toBe(101);
    expect(toCents('1.0049999')).toBe(100);
    expect(toCents('-1.005')).toBe(-101);
    expect(toCents('0.995')).toBe(100);
  });

  it('reads numbers without float drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(1e-7)).toBe(0);
    expect(toCents(-0)).toBe(0);
  });

  it('treats empty as zero and junk as NaN', () => {
    expect(toCents('')).toBe(0);
    expect(toCents('  ')).toBe(0);
    expect(toCents(null)).toBe(0);
    expect(toCents(undefined)).toBe(0);
    expect(toCents('abc')).toBeNaN();
    expect(toCents('1.2.3')).toBeNaN();
    expect(toCents('.')).toBeNaN();
    expect(toCents(Number.POSITIVE_INFINITY)).toBeNaN();
  });
});

describe('fromCents', () => {
  it('writes two decimals', () => {
    expect(fromCents(1250)).toBe('12.50');
    expect(fromCents(7)).toBe('0.07');
    expect(fromCents(0)).toBe('0.00');
    expect(fromCents(-5)).toBe('-0.05');
    expect(fromCents(999_999)).toBe('9999.99');
  });
});

describe('formatMoney', () => {
  it('shows USD with separators', () => {
    expect(formatMoney('1234567.8')).toBe('$1,234,567.80');
    expect(formatMoney(12.5)).toBe('$12.50');
    expect(formatMoney('999.999')).toBe('$1,000.00');
    expect(formatMoney(-1234.5)).toBe('-$1,234.50');
  });

  it('shows $0.00 for an empty value', () => {
    expect(formatMoney('')).toBe('$0.00');
    expect(formatMoney(null)).toBe('$0.00');
    expect(formatMoney(undefined)).toBe('$0.00');
    expect(formatMoney('n/a')).toBe('$0.00');
  });
});

describe('formatRate', () => {
  it('shows two decimals and 0.00 for empty', () => {
    expect(formatRate('5.25')).toBe('5.25');
    expect(formatRate(5)).toBe('5.00');
    expect(formatRate('0.125')).toBe('0.13');
    expect(formatRate('')).toBe('0.00');
    expect(formatRate(null)).toBe('0.00');
  });

  it('keeps unreadable text as typed', () => {
    expect(formatRate('abc')).toBe('abc');
  });
});

describe('isAmountWithin', () => {
  it('takes 0.00 to the maximum with at most two decimals', () => {
    expect(isAmountWithin('0', 999_999)).toBe(true);
    expect(isAmountWithin('9999.99', 999_999)).toBe(true);
    expect(isAmountWithin('10000.00', 999_999)).toBe(false);
    expect(isAmountWithin('1.001', 999_999)).toBe(false);
    expect(isAmountWithin('-1', 999_999)).toBe(false);
    expect(isAmountWithin(12.5, 999_999)).toBe(true);
  });
});
