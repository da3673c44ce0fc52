import { displayDate } from '../format/dates.js';
import { formatMoney } from '../format/money.js';
import { LANGUAGE_LOCALE } from '../languages/languages.js';

/**
 * How the Spanish e-mails and SMS to a recipient write their values (docs/i18n.md): a calendar date 'YYYY-MM-DD' day
 * first as `Intl` writes es-US (23/11/2026), as the recipient's Spanish pages show it, and an amount in USD through
 * `Intl` for es-US ($1,234.50). The English notices keep the specification's forms (A§9).
 */
export function spanishNoticeDate(isoDate: string): string {
  return displayDate(isoDate, 'date', undefined, LANGUAGE_LOCALE.es)?.text ?? isoDate;
}

export function spanishNoticeMoney(value: string | number): string {
  return formatMoney(value, LANGUAGE_LOCALE.es);
}
