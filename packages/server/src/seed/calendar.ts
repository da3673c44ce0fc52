// Date helpers for the seed: date-only values are 'YYYY-MM-DD' strings (architecture.md "Dates"), and "today" and
// times of day are those of the demo programs' zone.

export const SEED_TIME_ZONE = 'America/New_York';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SEED_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SEED_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The calendar day of an instant in the seed's zone. */
export function localDay(instant: Date): string {
  return dayFormat.format(instant);
}

export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function zoneOffsetMs(utcMs: number): number {
  const parts: Record<string, number> = {};
  for (const p of partsFormat.formatToParts(new Date(utcMs))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const asUtc = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return asUtc - utcMs;
}

/** The instant at a wall-clock time of a day in the seed's zone. */
export function atLocalTime(day: string, hour: number, minute: number, second = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, hour, minute, second);
  return new Date(guess - zoneOffsetMs(guess));
}

/** Cents to the numeric(12,2) text drizzle writes ('12.30'); never through a float. */
export function money(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new Error(`not a money amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
