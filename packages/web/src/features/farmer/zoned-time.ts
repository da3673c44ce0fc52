import { displayDate } from '@ebt/core/format';

// A sale's time as the market saw it: in its program's time zone, whatever the phone's own zone.

/**
 * `YYYY-MM-DD HH:mm` of the instant in the time zone; its date as `locale` writes dates (es-US: `07/12/2026 13:04`,
 * as every Spanish page does, docs/i18n.md).
 */
export function zonedDateTime(instant: string, timeZone: string, locale?: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  return `${locale ? localDay(day, locale) : day} ${part('hour')}:${part('minute')}`;
}

/** A calendar day `YYYY-MM-DD` as `locale` writes it (as it is in English). */
export function localDay(day: string, locale: string): string {
  return displayDate(day, undefined, undefined, locale)?.text ?? day;
}

/** Today in the time zone, `YYYY-MM-DD`. */
export function zonedToday(timeZone: string, now: Date = new Date()): string {
  return zonedDateTime(now.toISOString(), timeZone).slice(0, 10);
}
