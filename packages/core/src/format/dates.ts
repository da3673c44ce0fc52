import { AVAILABLE_DATE_MAX_DAYS, EXPIRING_SOON_DAYS, SEARCH_DATE_MAX_DAYS } from '../constants/dates.js';
import { remember, remembered } from './remembered.js';

// Date-only values are 'YYYY-MM-DD' strings (architecture.md "Dates"): they compare as text and carry no time zone,
// so arithmetic runs in UTC, where every day has 24 hours.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

function toUtcMs(isoDate: string): number {
  const match = ISO_DATE.exec(isoDate);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${isoDate}`);
  const [, y, m, d] = match;
  return Date.UTC(Number(y), Number(m) - 1, Number(d));
}

function fromUtcMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * A real calendar date written YYYY-MM-DD (2023-02-30 is not). By arithmetic rather than through `Date` (a file of
 * 10,000 rows asks this 40,000 times). Years before 100 are not real here, as they never were: `Date.UTC` reads
 * 0-99 as 1900-1999, so the round trip this replaces refused them.
 */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 100 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 ? (leap ? 29 : 28) : DAYS_IN_MONTH[month - 1]!);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function addDays(isoDate: string, days: number): string {
  return fromUtcMs(toUtcMs(isoDate) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

// Building an Intl.DateTimeFormat costs far more than using one (tens to hundreds of microseconds: a benefit search
// asks for "today" several times); one per time zone is kept. An unknown zone throws, as before, and is not kept.
const DAY_FORMATS = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = DAY_FORMATS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (DAY_FORMATS.size < 1000) DAY_FORMATS.set(timeZone, format);
  }
  return format;
}

/** Resolution 26: today's date in the program's time zone, the same on client and server. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = dayFormat(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export type ExpiryMarker = 'expired' | 'expiring soon';

/**
 * A§4: 'expired' once the expiry date is past, 'expiring soon' from `soonDays` (14 unless the configuration key
 * benefit.expiringSoonDays says otherwise) days before it through the expiry date itself (a benefit can still be
 * spent on its last day).
 */
export function expiryMarker(
  expiryDate: string,
  today: string,
  soonDays: number = EXPIRING_SOON_DAYS,
): ExpiryMarker | null {
  if (expiryDate < today) return 'expired';
  if (daysBetween(today, expiryDate) <= soonDays) return 'expiring soon';
  return null;
}

/**
 * A§4: with a program expiration period the expiration date is the available date plus (days - 1), so the
 * available day counts as the first day. Resolution 6: 0 days means no default, answered as null.
 */
export function expirationFromDays(availableDate: string, days: number): string | null {
  if (!Number.isInteger(days) || days < 1) return null;
  return addDays(availableDate, days - 1);
}

/** A§5: the latest available date is the program's last issuance date, or else today plus 366 days. */
export function availableDateMax(today: string, lastIssuanceDate?: string | null): string {
  return lastIssuanceDate || addDays(today, AVAILABLE_DATE_MAX_DAYS);
}

/** A§5: search dates allow up to today plus 183 days. */
export function searchDateMax(today: string): string {
  return addDays(today, SEARCH_DATE_MAX_DAYS);
}

// Display of dates and instants (architecture.md "Dates", B§9 "yyyy-MM-dd HH:mm:ss"). A date-only value is shown as
// written, never through Date, which would read it as UTC midnight and show the day before west of Greenwich.

const INSTANT_FORMATS = new Map<string, Intl.DateTimeFormat>();

function instantFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = INSTANT_FORMATS.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      // 'h23', not hour12: false, which some engines answer with '24' at midnight.
      hourCycle: 'h23',
    });
    INSTANT_FORMATS.set(key, format);
  }
  return format;
}

/** An instant's calendar date and clock time in `timeZone` (the runtime's own, the user's, when none is given). */
function instantParts(instant: Date, timeZone?: string): { date: string; time: string } {
  const parts = instantFormat(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}:${part('second')}`,
  };
}

/** Reads an instant: a Date, or ISO 8601 text with a time (a space instead of the 'T' is accepted). */
function toInstant(value: Date | string): Date | null {
  const instant = value instanceof Date ? value : new Date(value.trim().replace(/^(\d{4}-\d{2}-\d{2}) /, '$1T'));
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/**
 * An instant as the wall clock of `timeZone` shows it, with that zone's offset at the instant, to the second:
 * `2026-12-04T18:00:00-05:00` (`+00:00` in UTC). What the exports write (docs/module-layout.md "Exports"): a local time
 * that says which it is. `wall` is the same without the offset, for a spreadsheet's date-time cell. Null for an
 * unreadable value.
 */
export function localDateTime(value: Date | string, timeZone: string): { text: string; wall: string } | null {
  const instant = toInstant(value);
  if (!instant) return null;
  const { date, time } = instantParts(instant, timeZone);
  const wall = `${date}T${time}`;
  const wallMs = Date.parse(`${wall}Z`);
  const minutes = Math.round((wallMs - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return { text: `${wall}${offset}`, wall };
}

export type DateDisplayFormat = 'date' | 'datetime';

export interface DisplayedDate {
  /** What the screen shows: 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss'. */
  text: string;
  /** A machine-readable twin for `<time dateTime>`; absent when the value could not be read. */
  dateTime?: string;
  /** True when the value was an instant, so what is shown depends on the time zone it was shown in. */
  instant?: boolean;
}

/**
 * How a date value is shown. A date-only 'YYYY-MM-DD' is shown as written, whatever the format. An instant is shown
 * in `timeZone` (default: the runtime's, i.e. the user's local time): with its time as 'YYYY-MM-DD HH:mm:ss' unless
 * `format` is 'date'. Empty values answer null; unreadable text is shown as it came, without a dateTime.
 */
export function displayDate(
  value: Date | string | null | undefined,
  format?: DateDisplayFormat,
  timeZone?: string,
  locale?: string,
): DisplayedDate | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    if (ISO_DATE.test(text)) return isIsoDate(text) ? { text: localDate(text, locale), dateTime: text } : { text };
  }
  const instant = toInstant(value);
  if (!instant) return { text: String(value) };
  const { date, time } = instantParts(instant, timeZone);
  if (format === 'date') return { text: localDate(date, locale), dateTime: date, instant: true };
  return { text: `${localDate(date, locale)} ${time}`, dateTime: instant.toISOString(), instant: true };
}

const LOCALE_DATE_FORMATS = new Map<string, Intl.DateTimeFormat>();
/** Dates already written per locale: `Intl` costs microseconds a call, and a file's notices repeat a few dozen dates. */
const LOCALE_DATES = new Map<string, Map<string, string>>();

/**
 * A calendar date 'YYYY-MM-DD' as written in `locale` ('es-US': 26/11/2026; docs/i18n.md); as it is for English. Read
 * at noon UTC and written in UTC, so the day never moves.
 */
function localDate(isoDate: string, locale?: string): string {
  if (!locale || locale === 'en-US') return isoDate;
  let format = LOCALE_DATE_FORMATS.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
    LOCALE_DATE_FORMATS.set(locale, format);
  }
  const known = remembered(LOCALE_DATES, locale);
  let text = known.get(isoDate);
  if (text === undefined) {
    text = format.format(new Date(`${isoDate}T12:00:00Z`));
    remember(known, isoDate, text);
  }
  return text;
}

const ZONE_NAMES = new Map<string, string>();

/**
 * A time zone as people say it, in `locale`: 'Central Time (Chicago)' / 'hora central (Chicago)'. The generic name
 * (no 'Standard' or 'Daylight') because one page shows times of both seasons; the city because two zones can share a
 * generic name (Phoenix keeps Mountain Standard Time all year). The zone's own id when the runtime has no name for it.
 */
export function timeZoneName(timeZone: string, locale = 'en-US'): string {
  const key = `${locale}|${timeZone}`;
  let name = ZONE_NAMES.get(key);
  if (name === undefined) {
    let generic: string | undefined;
    try {
      generic = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' })
        .formatToParts(new Date(0))
        .find((part) => part.type === 'timeZoneName')?.value;
    } catch {
      generic = undefined;
    }
    const city = timeZone.includes('/') ? timeZone.slice(timeZone.lastIndexOf('/') + 1).replace(/_/g, ' ') : '';
    name = generic && !/^GMT|^UTC/.test(generic) ? (city ? `${generic} (${city})` : generic) : timeZone;
    if (ZONE_NAMES.size < 1000) ZONE_NAMES.set(key, name);
  }
  return name;
}
