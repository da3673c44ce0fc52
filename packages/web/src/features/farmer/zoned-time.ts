// A sale's time as the market saw it: in its program's time zone, whatever the phone's own zone.

/** `YYYY-MM-DD HH:mm` of the instant in the time zone. */
export function zonedDateTime(instant: string, timeZone: string): string {
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
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** Today in the time zone, `YYYY-MM-DD`. */
export function zonedToday(timeZone: string, now: Date = new Date()): string {
  return zonedDateTime(now.toISOString(), timeZone).slice(0, 10);
}
