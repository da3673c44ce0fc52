import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  authorizationNumber,
  email,
  expirationDays,
  externalCardName,
  externalCardPan,
  fundingSourceName,
  middleInitial,
  optionalPhone,
  optionalText,
  password,
  phone,
  requiredText,
  securityAnswer,
  username,
  zipCode,
} from './fields.js';

function messageOf(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

const ok = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

describe('requiredText and optionalText', () => {
  it('refuses empty and blank text with the given or default message', () => {
    expect(messageOf(requiredText(5), '')).toBe('This field is required.');
    expect(messageOf(requiredText(5), '   ')).toBe('This field is required.');
    expect(messageOf(requiredText(5, 'Name is required.'), '')).toBe('Name is required.');
    expect(messageOf(requiredText(5), undefined)).toBe('This field is required.');
  });

  it('takes up to max characters after trimming', () => {
    expect(requiredText(5).parse('  abcde ')).toBe('abcde');
    expect(messageOf(requiredText(5), 'abcdef')).toBe('Must be at most 5 characters.');
  });

  it('accepts empty, null and missing optional text', () => {
    expect(ok(optionalText(3), '')).toBe(true);
    expect(ok(optionalText(3), null)).toBe(true);
    expect(ok(optionalText(3), undefined)).toBe(true);
    expect(ok(optionalText(3), 'abc')).toBe(true);
    expect(ok(optionalText(3), 'abcd')).toBe(false);
  });

  it('allows a middle initial of one character', () => {
    expect(ok(middleInitial(), 'Q')).toBe(true);
    expect(ok(middleInitial(), '')).toBe(true);
    expect(ok(middleInitial(), 'QR')).toBe(false);
  });
});

describe('zipCode and phone', () => {
  it('checks the zip pattern', () => {
    expect(ok(zipCode(), '12345')).toBe(true);
    expect(ok(zipCode(), '12345-6789')).toBe(true);
    expect(messageOf(zipCode(), '1234')).toBe('Zip code must be 5 digits, optionally followed by a dash and 4 digits.');
    expect(messageOf(zipCode(), '')).toBe('This field is required.');
  });

  it('checks the phone pattern and length', () => {
    expect(ok(phone(), '(555) 123-4567')).toBe(true);
    expect(messageOf(phone(), '555-1234')).toBe('Phone number must have 10 digits.');
    expect(ok(optionalPhone(), '')).toBe(true);
    expect(ok(optionalPhone(), null)).toBe(true);
    expect(ok(optionalPhone(), '555.123.4567')).toBe(true);
    expect(ok(optionalPhone(), '555')).toBe(false);
  });
});

describe('email', () => {
  it("answers 'Invalid email format.' for a bad address", () => {
    expect(messageOf(email(), 'not-an-email')).toBe('Invalid email format.');
    expect(ok(email(), 'someone@example.org')).toBe(true);
  });

  it('applies the given maximum', () => {
    const address = `${'a'.repeat(92)}@ex.com`; // 99 characters
    expect(ok(email(100), address)).toBe(true);
    expect(ok(email(100), `a${address}`)).toBe(true);
    expect(ok(email(100), `aa${address}`)).toBe(false);
  });
});

describe('username and password', () => {
  it('takes 8 to 20 letters and digits starting with a letter', () => {
    expect(ok(username(), 'a'.repeat(7))).toBe(false);
    expect(ok(username(), 'a'.repeat(8))).toBe(true);
    expect(ok(username(), 'a'.repeat(20))).toBe(true);
    expect(ok(username(), 'a'.repeat(21))).toBe(false);
    expect(ok(username(), '1abcdefgh')).toBe(false);
    expect(messageOf(username(), '')).toBe('Username is required.');
  });

  it('takes strong passwords of 8 to 30 characters', () => {
    expect(messageOf(password(), '')).toBe('Password is required.');
    expect(ok(password(), 'Welcome#2026')).toBe(true);
    expect(ok(password(), 'Aa1#aaa')).toBe(false);
    expect(ok(password(), `Aa1#${'a'.repeat(26)}`)).toBe(true);
    expect(ok(password(), `Aa1#${'a'.repeat(27)}`)).toBe(false);
    expect(ok(password(), 'welcome#2026')).toBe(false);
  });

  it('takes a security answer of 2 to 100 characters', () => {
    expect(ok(securityAnswer(), 'a')).toBe(false);
    expect(ok(securityAnswer(), 'ab')).toBe(true);
    expect(ok(securityAnswer(), 'a'.repeat(100))).toBe(true);
    expect(ok(securityAnswer(), 'a'.repeat(101))).toBe(false);
  });
});

describe('benefit fields', () => {
  it('takes an authorization number without spaces, max 20', () => {
    expect(ok(authorizationNumber(), 'AUTH-0001')).toBe(true);
    expect(ok(authorizationNumber(), 'A'.repeat(20))).toBe(true);
    expect(ok(authorizationNumber(), 'A'.repeat(21))).toBe(false);
    expect(ok(authorizationNumber(), 'AU TH')).toBe(false);
  });

  it('takes expiration days 0 to 9999', () => {
    expect(ok(expirationDays(), -1)).toBe(false);
    expect(ok(expirationDays(), 0)).toBe(true);
    expect(ok(expirationDays(), 9999)).toBe(true);
    expect(ok(expirationDays(), 10000)).toBe(false);
    expect(ok(expirationDays(), 2.5)).toBe(false);
  });

  it('takes funding source names of 2 to 30 characters', () => {
    expect(ok(fundingSourceName(), 'A')).toBe(false);
    expect(ok(fundingSourceName(), 'AB')).toBe(true);
    expect(ok(fundingSourceName(), 'A'.repeat(30))).toBe(true);
    expect(messageOf(fundingSourceName(), 'A'.repeat(31))).toBe('Funding source name must be 2 to 30 characters.');
  });
});

describe('external card fields', () => {
  it("answers 'Invalid EBT card number.' for a bad PAN", () => {
    expect(ok(externalCardPan(), '4111111111111111')).toBe(true);
    expect(messageOf(externalCardPan(), '4111111111111112')).toBe('Invalid EBT card number.');
    expect(messageOf(externalCardPan(), '411111111111111')).toBe('Invalid EBT card number.');
  });

  it("answers 'Invalid EBT card name.' outside 2 to 35 characters", () => {
    expect(messageOf(externalCardName(), 'A')).toBe('Invalid EBT card name.');
    expect(ok(externalCardName(), 'AB')).toBe(true);
    expect(ok(externalCardName(), 'A'.repeat(35))).toBe(true);
    expect(messageOf(externalCardName(), 'A'.repeat(36))).toBe('Invalid EBT card name.');
  });
});
