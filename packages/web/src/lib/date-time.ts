import { localDateTime } from '@ebt/core/format';
import { zonedInstant } from '@ebt/core/settlement';

// Date-times a person types in local time (A§9 transaction search: 'yyyy-MM-dd HH:mm', seconds set by the rule) and
// the instants the API takes (ISO 8601 with the offset, decision 0033).

/** 'YYYY-MM-DD HH:mm' (or with a 'T'); the time may be left out. */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/;

/** The date and the time parts of a typed date-time ('' for a missing part). */
export function splitDateTime(value: string): { date: string; time: string } {
  const at = value.search(/[ T]/);
  return at < 0 ? { date: value, time: '' } : { date: value.slice(0, at), time: value.slice(at + 1) };
}

/** One value of a date part and a time part: 'YYYY-MM-DD HH:mm', or the date alone while no time is given. */
export function joinDateTime(date: string, time: string): string {
  return time ? `${date} ${time}` : date;
}

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');

/**
 * A Date as ISO 8601 in the browser's local time with its offset ('2026-11-20T08:05:00-05:00'): the server judges a
 * search's dates by the day written at that offset (core/transactions rules, decision 0033), as the screen does.
 */
export function isoWithLocalOffset(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return `${day}T${time}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/**
 * The instant of a date-time typed on `timeZone`'s clock (the browser's own without one), as ISO 8601 with that
 * clock's offset, at `second` of its minute; without a time, `fallbackTime` ('00:00' for a start, '23:59' for an end).
 * Null when the text names no real date and time. The screens show times on the program's clock (lib/clock.tsx), so
 * a person types them on it too.
 */
export function localDateTimeToIso(
  value: string,
  second: number,
  fallbackTime = '00:00',
  timeZone?: string,
): string | null {
  const match = LOCAL_DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi] = match;
  const [fh, fm] = fallbackTime.split(':');
  const hour = Number(h ?? fh);
  const minute = Number(mi ?? fm);
  const calendar = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  const real =
    calendar.getUTCFullYear() === Number(y) &&
    calendar.getUTCMonth() === Number(mo) - 1 &&
    calendar.getUTCDate() === Number(d) &&
    hour < 24 &&
    minute < 60;
  if (!real) return null;
  if (!timeZone) return isoWithLocalOffset(new Date(Number(y), Number(mo) - 1, Number(d), hour, minute, second));
  const instant = new Date(zonedInstant(`${y}-${mo}-${d}`, hour * 60 + minute, timeZone).getTime() + second * 1000);
  return localDateTime(instant, timeZone)?.text ?? null;
}
