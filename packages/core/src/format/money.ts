// Money is integer cents in code and two decimals on the wire and on screen (architecture.md "Money", A§9).
// Parsing works on the decimal text so 0.1 + 0.2 style float drift never reaches an amount.
import { remember, remembered } from './remembered.js';

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

function decimalText(value: string | number): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    // String() gives the shortest exact text of a number but switches to exponent form for tiny and huge values.
    const text = String(value);
    return /e/i.test(text) ? value.toFixed(20) : text;
  }
  // Typed and exported amounts may carry a dollar sign, thousands separators and spaces.
  return value.trim().replace(/[$,\s]/g, '');
}

/**
 * Dollars to integer cents, rounding half away from zero on the third decimal. Empty, null and undefined are 0
 * (A§9: an empty value shows $0.00). Text that is not a decimal number gives NaN, so a caller cannot mistake it for 0.
 */
export function toCents(value: string | number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const text = decimalText(value);
  if (typeof value === 'string' && text === '') return 0;
  const match = DECIMAL.exec(text);
  if (!match) return Number.NaN;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return Number.NaN;
  const padded = fraction.padEnd(3, '0');
  let cents = Number(whole || '0') * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) return Number.NaN;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** Integer cents to the two-decimal wire text: 1250 -> '12.50', -5 -> '-0.05'. */
export function fromCents(cents: number): string {
  const rounded = Math.round(cents);
  const abs = Math.abs(rounded);
  const text = `${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return rounded < 0 ? `-${text}` : text;
}

const CURRENCY_FORMATS = new Map<string, Intl.NumberFormat>();
/** Amounts already written per locale (as LOCALE_DATES in dates.ts: a file's notices repeat a few dozen amounts). */
const LOCALE_AMOUNTS = new Map<string, Map<number, string>>();

/**
 * A§9: USD with a dollar sign and thousands separators; empty (or unreadable) shows $0.00. With a `locale` other than
 * en-US ('es-US': docs/i18n.md) the amount is written by `Intl` for that locale, still in USD.
 */
export function formatMoney(value: string | number | null | undefined, locale?: string): string {
  const cents = toCents(value);
  if (locale && locale !== 'en-US') {
    let format = CURRENCY_FORMATS.get(locale);
    if (!format) {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
      CURRENCY_FORMATS.set(locale, format);
    }
    const key = Number.isNaN(cents) ? 0 : cents;
    const known = remembered(LOCALE_AMOUNTS, locale);
    let text = known.get(key);
    if (text === undefined) {
      text = format.format(key / 100);
      remember(known, key, text);
    }
    return text;
  }
  if (Number.isNaN(cents)) return '$0.00';
  const [whole = '0', fraction = '00'] = fromCents(Math.abs(cents)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${grouped}.${fraction}`;
}

/**
 * A§9/B§5: incentive and fee rates show two decimals; empty becomes 0.00. Unreadable text is returned as typed so
 * the form's validation can point at it instead of silently replacing it.
 */
export function formatRate(value: string | number | null | undefined): string {
  const hundredths = toCents(value);
  if (Number.isNaN(hundredths)) return typeof value === 'string' ? value : '';
  return fromCents(hundredths);
}

/** Whether an amount is a non-negative number of at most two decimals no greater than `maxCents`. */
export function isAmountWithin(value: string | number, maxCents: number): boolean {
  const text = decimalText(value);
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return false;
  const cents = toCents(text);
  return cents >= 0 && cents <= maxCents;
}
