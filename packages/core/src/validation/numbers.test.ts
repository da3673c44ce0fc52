import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DATABASE_INT_MAX, MAX_BENEFIT_AMOUNT_CENTS, MONEY_COLUMN_MAX_CENTS } from '../constants/limits.js';
import { MESSAGES } from '../messages/messages.js';
import { databaseId, databaseIdDigits, databaseIdParam, money } from './numbers.js';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};
const INVALID_ID = 'Must be a whole number from 1 to 2147483647.';

describe('databaseId', () => {
  it('takes 1 to 2147483647, the range of a PostgreSQL integer', () => {
    expect(DATABASE_INT_MAX).toBe(2_147_483_647);
    expect(databaseId().parse(1)).toBe(1);
    expect(databaseId().parse(2_147_483_647)).toBe(2_147_483_647);
    for (const value of [0, -1, 2_147_483_648, 1e15, Number('9007199254740993'), 1.5, Number.NaN, Infinity]) {
      expect(messageOf(databaseId(), value), String(value)).toBe(INVALID_ID);
    }
  });

  it('reads a missing id as required (a select left empty) and one that is not a number as invalid', () => {
    expect(messageOf(databaseId(), undefined)).toBe(MESSAGES.FIELD_REQUIRED);
    expect(messageOf(databaseId(), '12')).toBe(INVALID_ID);
    expect(messageOf(databaseId({ invalid: 'No such one.' }), '12')).toBe('No such one.');
  });

  it('answers the required message for a missing or non-number value, and the invalid one out of range', () => {
    const id = databaseId({ required: 'Pick one.', invalid: 'No such one.' });
    expect(messageOf(id, undefined)).toBe('Pick one.');
    expect(messageOf(id, '12')).toBe('Pick one.');
    expect(messageOf(id, 2_147_483_648)).toBe('No such one.');
  });

  it('reads a path or query id from its digits with the same bounds', () => {
    expect(databaseIdParam().parse('2147483647')).toBe(2_147_483_647);
    expect(databaseIdParam().parse('1')).toBe(1);
    for (const value of ['0', '2147483648', '99999999999999999999999', '1e400', 'abc', '', '1.5']) {
      expect(messageOf(databaseIdParam(), value), value).toBe(INVALID_ID);
    }
  });

  it('keeps digits as text within the same bounds', () => {
    expect(databaseIdDigits().parse(' 2147483647 ')).toBe('2147483647');
    for (const value of ['0', '2147483648', '9999999999', '12345678901', '1\u0000']) {
      expect(databaseIdDigits().safeParse(value).success, value).toBe(false);
    }
  });
});

describe('money', () => {
  it('takes up to 9999999999.99, the most numeric(12,2) holds', () => {
    expect(MONEY_COLUMN_MAX_CENTS).toBe(999_999_999_999);
    expect(money().parse(9_999_999_999.99)).toBe(9_999_999_999.99);
    expect(money().parse('9999999999.99')).toBe(9_999_999_999.99);
    expect(money().parse(9_999_999_999.98)).toBe(9_999_999_999.98);
    expect(messageOf(money(), '10000000000.00')).toBe('Amount cannot be more than $9,999,999,999.99.');
    expect(messageOf(money(), 10_000_000_000)).toBe('Amount cannot be more than $9,999,999,999.99.');
  });

  it('refuses amounts too large for integer cents as too high, never as NaN', () => {
    for (const value of [
      1_000_000_000_000_000,
      Number('9007199254740993'),
      '99999999999999999999999',
      '9007199254740993.01',
    ]) {
      expect(messageOf(money(), value), String(value)).toBe('Amount cannot be more than $9,999,999,999.99.');
    }
  });

  it('never exceeds the column, whatever maximum a caller asks for', () => {
    expect(messageOf(money(Number.MAX_SAFE_INTEGER), '10000000000')).toBe(
      'Amount cannot be more than $9,999,999,999.99.',
    );
  });

  it('refuses negative, three-decimal, non-finite and non-numeric amounts', () => {
    expect(messageOf(money(), -0.01)).toBe(MESSAGES.AMOUNT_NEGATIVE);
    expect(messageOf(money(), '1.005')).toBe(MESSAGES.INVALID_AMOUNT);
    expect(messageOf(money(), 0.1 + 0.2)).toBe(MESSAGES.INVALID_AMOUNT);
    expect(messageOf(money(), 1e21)).toBe(MESSAGES.INVALID_AMOUNT);
    expect(messageOf(money(), Infinity)).toBe(MESSAGES.INVALID_AMOUNT);
    expect(messageOf(money(), Number.NaN)).toBe(MESSAGES.INVALID_AMOUNT);
    expect(messageOf(money(), 'abc')).toBe(MESSAGES.INVALID_AMOUNT);
    expect(messageOf(money(), '1\u0000')).toBe(MESSAGES.INVALID_AMOUNT);
    expect(messageOf(money(), [1])).toBe(MESSAGES.INVALID_AMOUNT);
    expect(money().parse(0)).toBe(0);
    expect(money().parse('12.5')).toBe(12.5);
  });

  it('reads a missing amount (a field left blank) as required', () => {
    expect(messageOf(money(), undefined)).toBe(MESSAGES.FIELD_REQUIRED);
    expect(messageOf(money(), null)).toBe(MESSAGES.INVALID_AMOUNT);
  });

  it('holds a smaller maximum at, below and above it (the benefit maximum, 9999.99)', () => {
    const benefit = money(MAX_BENEFIT_AMOUNT_CENTS);
    expect(benefit.parse(9999.99)).toBe(9999.99);
    expect(benefit.parse(9999.98)).toBe(9999.98);
    expect(messageOf(benefit, 10_000)).toBe('Amount cannot be more than $9,999.99.');
  });
});
