import { describe, expect, it } from 'vitest';
import { POS_MESSAGES } from '@ebt/core/pos';
import { en } from '../../lib/i18n/en';
import {
  answerReasonKey,
  centsToDollars,
  entryModeOf,
  isPartial,
  pressAmountKey,
  readCardText,
  type SaleCard,
} from './sale';

const PAY_CODE = `EBTPAY1.${'A'.repeat(22)}.1790000000.${'B'.repeat(16)}.${'C'.repeat(86)}`;

describe('the amount keypad', () => {
  it('fills digits from the right, as a card terminal does', () => {
    const cents = ['1', '2', '5'].reduce(pressAmountKey, 0);
    expect(cents).toBe(125);
    expect(centsToDollars(cents)).toBe(1.25);
    expect(pressAmountKey(125, 'back')).toBe(12);
    expect(pressAmountKey(125, 'clear')).toBe(0);
    expect(pressAmountKey(0, '0')).toBe(0);
  });

  it('ignores other keys and stops at six digits', () => {
    expect(pressAmountKey(12, 'x')).toBe(12);
    expect(pressAmountKey(999_999, '1')).toBe(999_999);
    expect(centsToDollars(999_999)).toBe(9999.99);
  });
});

describe('what a card text names', () => {
  it('reads 19 digits, with spaces or hyphens, as the card number', () => {
    expect(readCardText('9001000021000000013')).toEqual({ kind: 'pan', pan: '9001000021000000013' });
    expect(readCardText(' 9001 0000 2100 0000 013 ')).toEqual({ kind: 'pan', pan: '9001000021000000013' });
    expect(readCardText('900100002100000001')).toBeNull();
    expect(readCardText('https://example.com')).toBeNull();
  });

  it('reads a pay code as a pay code', () => {
    expect(readCardText(PAY_CODE)).toEqual({ kind: 'payCode', payCode: PAY_CODE });
  });

  it('sends 031 for a scanned code and 010 for a typed number', () => {
    expect(entryModeOf(true)).toBe('031');
    expect(entryModeOf(false)).toBe('010');
  });
});

describe('the words of an answer', () => {
  const pan = { kind: 'pan', pan: '9001000021000000013' } as const;
  const payCode = { kind: 'payCode', payCode: PAY_CODE } as const;
  const reason = (responseCode: string, additionalResponseText: string | null = null, card: SaleCard = pan) =>
    answerReasonKey({ responseCode, additionalResponseText }, card);

  it('has plain words for every response code of the engine, never a bare code', () => {
    for (const code of [
      '00',
      '51',
      '55',
      '75',
      '65',
      '14',
      '54',
      '41',
      '43',
      '62',
      '78',
      '57',
      '58',
      '91',
      '03',
      '13',
      '94',
      '05',
      '12',
      '25',
      '33',
      '96',
    ]) {
      const key = reason(code).replace('sell.', '');
      expect(key, code).not.toBe('whyOther');
      expect((en.sell as Record<string, string>)[key], code).toBeTruthy();
    }
    expect(reason('99')).toBe('sell.whyOther');
  });

  it('tells a PIN not set and a PIN not sent from a wrong one', () => {
    expect(reason('55')).toBe('sell.why55');
    expect(reason('55', POS_MESSAGES.PIN_NOT_SET)).toBe('sell.why55NoPin');
    expect(reason('55', POS_MESSAGES.PIN_REQUIRED)).toBe('sell.why55Missing');
  });

  it('speaks of the pay code when the card was one', () => {
    expect(reason('14', 'The pay code is too old.', payCode)).toBe('sell.why14PayCode');
    expect(reason('94', POS_MESSAGES.PAY_CODE_USED)).toBe('sell.why94PayCode');
    expect(reason('94', POS_MESSAGES.TRACE_USED)).toBe('sell.why94');
  });

  it('knows a partial approval', () => {
    expect(isPartial({ responseCode: '00', approvedAmount: 3, requestedAmount: 5 })).toBe(true);
    expect(isPartial({ responseCode: '00', approvedAmount: 5, requestedAmount: 5 })).toBe(false);
    expect(isPartial({ responseCode: '51', approvedAmount: 0, requestedAmount: 5 })).toBe(false);
  });
});
