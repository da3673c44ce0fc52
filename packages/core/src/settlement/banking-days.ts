// Banking days of the Federal Reserve's ACH operator (docs/settlement.md "ACH file"): an ACH file's effective entry
// date must be one, or the bank settles it on the next. Weekends and the Federal Reserve holidays are not, computed by
// rule for any year: fixed-date holidays that fall on a Sunday are observed the Monday after; one that falls on a
// Saturday is not moved (the Federal Reserve Banks are open the Friday before).

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of a UTC date. */
const iso = (date: Date) => date.toISOString().slice(0, 10);
const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));

/** The `nth` (1-based) `weekday` (0 Sunday … 6 Saturday) of a month; nth -1 is the last. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): Date {
  if (nth > 0) {
    const first = utc(year, month, 1);
    const offset = (weekday - first.getUTCDay() + 7) % 7;
    return utc(year, month, 1 + offset + (nth - 1) * 7);
  }
  const last = utc(year, month + 1, 0);
  const back = (last.getUTCDay() - weekday + 7) % 7;
  return utc(year, month, last.getUTCDate() - back);
}

/** A fixed-date holiday as the Federal Reserve closes for it: Sunday moves to Monday, Saturday is not observed. */
function observedFixed(year: number, month: number, day: number): Date | null {
  const date = utc(year, month, day);
  if (date.getUTCDay() === 6) return null;
  return date.getUTCDay() === 0 ? new Date(date.getTime() + DAY_MS) : date;
}

/** The days the Federal Reserve Banks are closed for a holiday in `year` ('YYYY-MM-DD', in date order). */
export function federalReserveHolidays(year: number): string[] {
  const days = [
    observedFixed(year, 1, 1), // New Year's Day
    nthWeekday(year, 1, 1, 3), // Birthday of Martin Luther King, Jr.
    nthWeekday(year, 2, 1, 3), // Washington's Birthday
    nthWeekday(year, 5, 1, -1), // Memorial Day
    observedFixed(year, 6, 19), // Juneteenth National Independence Day
    observedFixed(year, 7, 4), // Independence Day
    nthWeekday(year, 9, 1, 1), // Labor Day
    nthWeekday(year, 10, 1, 2), // Columbus Day
    observedFixed(year, 11, 11), // Veterans Day
    nthWeekday(year, 11, 4, 4), // Thanksgiving Day
    observedFixed(year, 12, 25), // Christmas Day
  ];
  return days.filter((d): d is Date => d !== null).map(iso);
}

/** A weekday on which the Federal Reserve is open. */
export function isBankingDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !federalReserveHolidays(date.getUTCFullYear()).includes(day);
}

/** The `count`-th banking day after `day` (count ≥ 1): the effective entry date of a file made that day. */
export function bankingDayAfter(day: string, count = 1): string {
  let date = new Date(`${day}T00:00:00Z`);
  for (let left = Math.max(1, count); left > 0;) {
    date = new Date(date.getTime() + DAY_MS);
    if (isBankingDay(iso(date))) left--;
  }
  return iso(date);
}
