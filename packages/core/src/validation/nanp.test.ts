import { describe, expect, it } from 'vitest';
import { mobilePhone, optionalMobilePhone } from './fields.js';
import { isNanpNumber, toE164 } from './nanp.js';

describe('toE164', () => {
  it.each([
    ['(860) 555-0142', '+18605550142'],
    ['860-555-0142', '+18605550142'],
    ['860.555.0142', '+18605550142'],
    ['8605550142', '+18605550142'],
    [' 203 555 0100 ', '+12035550100'],
    ['+12035550100', '+12035550100'],
  ])('writes %s as %s', (stored, e164) => {
    expect(toE164(stored)).toBe(e164);
  });

  it.each(['(055) 555-0142', '160-555-0142', '860-055-0142', '860-155-0142', '555-0142', '+441632960961', ''])(
    'answers null for %s, which no NANP phone has',
    (stored) => {
      expect(toE164(stored)).toBeNull();
      expect(isNanpNumber(stored)).toBe(false);
    },
  );
});

describe('mobile phone fields', () => {
  const messageOf = (schema: ReturnType<typeof mobilePhone> | ReturnType<typeof optionalMobilePhone>, v: unknown) => {
    const parsed = schema.safeParse(v);
    return parsed.success ? null : parsed.error.issues[0]!.message;
  };

  it('accepts a NANP number in any of the spec formats', () => {
    expect(messageOf(mobilePhone(), '(860) 555-0142')).toBeNull();
    expect(messageOf(optionalMobilePhone(), '')).toBeNull();
    expect(messageOf(optionalMobilePhone(), null)).toBeNull();
  });

  it('refuses 10 digits that cannot be a NANP number with the mobile message, and a malformed one as before', () => {
    expect(messageOf(mobilePhone(), '(555) 123-4567')).toMatch(/cannot start with 0 or 1/);
    expect(messageOf(optionalMobilePhone(), '100-555-0142')).toMatch(/cannot start with 0 or 1/);
    expect(messageOf(mobilePhone(), '555-0142')).toBe('Phone number must have 10 digits.');
  });
});
