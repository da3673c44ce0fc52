import { PAN_LENGTH } from '@ebt/core/constants';
import { parsePayCode } from '@ebt/core/pans';
import { POS_MESSAGES, type PosAnswer } from '@ebt/core/pos';

// The sell screen's own rules, apart from the screen: the amount as a card terminal keys it, what a scanned or typed
// text names as the card, and the plain words of each engine answer (docs/transaction-engine.md "Response codes").

/** The most digits the keypad takes: $9,999.99, past the engine's largest sale (it answers 13 above its own maximum). */
export const AMOUNT_MAX_DIGITS = 6;

/**
 * A key pressed on the amount: digits fill from the right as on a card terminal (1, 2, 5 is $1.25), 'back' takes the
 * last digit off, 'clear' empties it. The amount is kept in cents, so no sum of keys is ever a float's rounding.
 */
export function pressAmountKey(cents: number, key: string): number {
  if (key === 'clear') return 0;
  if (key === 'back') return Math.floor(cents / 10);
  if (!/^\d$/.test(key)) return cents;
  const next = cents * 10 + Number(key);
  return String(next).length > AMOUNT_MAX_DIGITS ? cents : next;
}

/** Dollars with two decimals as the engine takes them (`amount`, `eligibleAmount`). */
export const centsToDollars = (cents: number) => Math.round(cents) / 100;

/** The card a sale names: its 19 digits (keyed or from the printed card's QR code) or a pay code from a phone. */
export type SaleCard = { kind: 'pan'; pan: string } | { kind: 'payCode'; payCode: string };

/** The card a scanned or typed text names, or null (the printed card's QR holds exactly its 19 digits). */
export function readCardText(text: string): SaleCard | null {
  const trimmed = text.trim();
  if (parsePayCode(trimmed)) return { kind: 'payCode', payCode: trimmed };
  const digits = trimmed.replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${PAN_LENGTH}}$`).test(digits) ? { kind: 'pan', pan: digits } : null;
}

/**
 * ISO 8583 entry mode of the card: '031' for a QR code read by the camera (a pay code or the printed card's), '010'
 * for a number typed in.
 */
export const entryModeOf = (scanned: boolean) => (scanned ? '031' : '010');

/** Why an answer is what it is, as a catalogue key of `sell` (never a bare code on screen). */
export function answerReasonKey(answer: Pick<PosAnswer, 'responseCode' | 'additionalResponseText'>, card: SaleCard) {
  const extra = answer.additionalResponseText ?? '';
  switch (answer.responseCode) {
    case '55':
      if (extra === POS_MESSAGES.PIN_NOT_SET) return 'sell.why55NoPin';
      if (extra === POS_MESSAGES.PIN_REQUIRED) return 'sell.why55Missing';
      return 'sell.why55';
    case '14':
      return card.kind === 'payCode' ? 'sell.why14PayCode' : 'sell.why14';
    case '94':
      return extra === POS_MESSAGES.PAY_CODE_USED ? 'sell.why94PayCode' : 'sell.why94';
    default:
      return KNOWN_CODES.has(answer.responseCode) ? `sell.why${answer.responseCode}` : 'sell.whyOther';
  }
}

/** The words of a response code alone, for a list of past sales (the card's kind no longer known). */
export const responseReasonKey = (responseCode: string) =>
  KNOWN_CODES.has(responseCode) || ['55', '14', '94'].includes(responseCode)
    ? `sell.why${responseCode}`
    : 'sell.whyOther';

/** The response codes with words of their own (`sell.why<code>`). */
const KNOWN_CODES = new Set([
  '00',
  '51',
  '75',
  '65',
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
  '05',
  '12',
  '25',
  '33',
  '96',
]);

/** An approval for less than was asked (allowPartial): the rest is the customer's to pay another way. */
export const isPartial = (answer: Pick<PosAnswer, 'responseCode' | 'approvedAmount' | 'requestedAmount'>) =>
  answer.responseCode === '00' && answer.approvedAmount < answer.requestedAmount;

/** The last four digits a receipt shows of the card (a pay code shows none: the engine answers no card number). */
export const lastFourOf = (card: SaleCard) => (card.kind === 'pan' ? card.pan.slice(-4) : null);
