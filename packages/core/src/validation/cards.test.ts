import { describe, expect, it } from 'vitest';
import {
  cardNameContainsPan,
  isDuplicateFundingSourceName,
  isExpirationDays,
  isExternalCardPan,
  isFundingSourceName,
  isProgramPan,
  luhnValid,
  normalizeAssignPan,
} from './cards.js';

/** Appends the Luhn check digit to a digit string. */
function withCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d += 1) if (luhnValid(body + d)) return body + d;
  throw new Error('unreachable');
}

describe('luhnValid', () => {
  it('accepts numbers whose check digit is right', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('79927398713')).toBe(true);
  });

  it('refuses a wrong check digit and non-digits', () => {
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('4111 1111 1111 1111')).toBe(false);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('0')).toBe(false);
  });
});

describe('isExternalCardPan', () => {
  it('takes 16 to 19 digits passing Luhn', () => {
    expect(isExternalCardPan(withCheckDigit('5'.repeat(14)))).toBe(false); // 15
    expect(isExternalCardPan(withCheckDigit('5'.repeat(15)))).toBe(true); // 16
    expect(isExternalCardPan(withCheckDigit('5'.repeat(18)))).toBe(true); // 19
    expect(isExternalCardPan(withCheckDigit('5'.repeat(19)))).toBe(false); // 20
  });

  it('refuses a bad check digit', () => {
    expect(isExternalCardPan('4111111111111112')).toBe(false);
  });
});

describe('isProgramPan', () => {
  const pan19 = withCheckDigit('123456789000000001');

  it('takes exactly 19 digits passing Luhn', () => {
    expect(pan19).toHaveLength(19);
    expect(isProgramPan(pan19)).toBe(true);
    expect(isProgramPan(withCheckDigit('5'.repeat(15)))).toBe(false); // 16
    expect(isProgramPan(withCheckDigit('5'.repeat(19)))).toBe(false); // 20
  });

  it('refuses a bad check digit', () => {
    const wrong = pan19.slice(0, 18) + String((Number(pan19[18]) + 1) % 10);
    expect(isProgramPan(wrong)).toBe(false);
  });
});

describe('normalizeAssignPan', () => {
  it('keeps a 19-digit entry', () => {
    expect(normalizeAssignPan('1234567890123456789', '999999999')).toBe('1234567890123456789');
  });

  it('prefixes a 10-digit entry with bin and series', () => {
    expect(normalizeAssignPan('0000000017', '123456789')).toBe('1234567890000000017');
    expect(normalizeAssignPan('00000-00017', '123456789')).toBe('1234567890000000017');
  });

  it('refuses other lengths, letters and a bad prefix', () => {
    expect(normalizeAssignPan('000000001', '123456789')).toBeNull();
    expect(normalizeAssignPan('00000000170', '123456789')).toBeNull();
    expect(normalizeAssignPan('12345678901234567890', '123456789')).toBeNull();
    expect(normalizeAssignPan('00000000AB', '123456789')).toBeNull();
    expect(normalizeAssignPan('0000000017', '12345678')).toBeNull();
  });
});

describe('cardNameContainsPan', () => {
  // First 13 digits: 6011000990139; the last three (424) are outside the rule.
  const pan = '6011000990139424';

  it('finds a 4-digit run of the first 13 digits', () => {
    expect(cardNameContainsPan('card6011', pan)).toBe(true); // digits 1-4
    expect(cardNameContainsPan('x0990y', pan)).toBe(true); // digits 7-10
    expect(cardNameContainsPan('0139card', pan)).toBe(true); // digits 10-13
  });

  it('ignores runs reaching past digit 13 and shorter runs', () => {
    expect(cardNameContainsPan('x1394', pan)).toBe(false); // digits 11-14
    expect(cardNameContainsPan('x9424', pan)).toBe(false); // digits 13-16
    expect(cardNameContainsPan('x601', pan)).toBe(false);
    expect(cardNameContainsPan('MyCard', pan)).toBe(false);
  });

  it('finds the runs in a name with separators or other characters (the number written as printed)', () => {
    for (const name of [
      '6011 0009 9013 9424',
      '6011-0009-9013-9424',
      'card 6011000990139',
      '6011000990139.',
      'card 6011',
      '60/11',
      'x 0 9 9 0',
      '(0139)',
    ])
      expect(cardNameContainsPan(name, pan), name).toBe(true);
  });

  it('lets names with other characters and no run through', () => {
    for (const name of ['My SNAP card', 'card 9424', 'card 601', "Mom's card", '60 1x1'])
      expect(cardNameContainsPan(name, pan), name).toBe(false);
  });
});

describe('expiration days and funding source names', () => {
  it('takes whole days 0 to 9999', () => {
    expect(isExpirationDays(-1)).toBe(false);
    expect(isExpirationDays(0)).toBe(true);
    expect(isExpirationDays(9999)).toBe(true);
    expect(isExpirationDays(10000)).toBe(false);
    expect(isExpirationDays(1.5)).toBe(false);
  });

  it('takes funding source names of 2 to 30 characters', () => {
    expect(isFundingSourceName('A')).toBe(false);
    expect(isFundingSourceName('AB')).toBe(true);
    expect(isFundingSourceName('A'.repeat(30))).toBe(true);
    expect(isFundingSourceName('A'.repeat(31))).toBe(false);
    expect(isFundingSourceName(' A ')).toBe(false);
  });

  it('finds a duplicate funding source name whatever its case', () => {
    expect(isDuplicateFundingSourceName('State Funds', ['state funds '])).toBe(true);
    expect(isDuplicateFundingSourceName('Federal', ['State Funds'])).toBe(false);
  });
});
