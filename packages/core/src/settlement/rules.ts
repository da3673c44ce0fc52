// The settlement rules as pure functions (decision 0056; docs/settlement.md).

/** A batch's life: written closed, then its ACH file downloaded, then marked paid with the bank's reference. */
export const BATCH_STATUS = { OPEN: 0, CLOSED: 1, FILE_DOWNLOADED: 2, PAID: 3 } as const;
export const BATCH_STATUS_LABELS: Record<number, string> = {
  0: 'Open',
  1: 'Closed',
  2: 'File downloaded',
  3: 'Marked paid',
};

/** Why a merchant's money waits for a later batch. */
export const HOLD_REASON = { MERCHANT_INACTIVE: 1, NO_BANK_INFO: 2, BANK_INFO_INCOMPLETE: 3 } as const;
export const HOLD_REASON_LABELS: Record<number, string> = {
  1: 'Merchant inactive',
  2: 'No bank information',
  3: 'Bank information incomplete',
};

/** benefitTypeId of a settlement line: 1 Regular, 2 Incentive (the benefit the money came from). */
export const BENEFIT_KIND_LABELS: Record<number, string> = { 1: 'Regular', 2: 'Incentive' };

/** The default cut-off (settlement.cutoff) in the program's time zone. */
export const DEFAULT_CUTOFF = '18:00';

/** 'HH:MM' (24 hours) as minutes after midnight, or null when it is not one. */
export function cutoffMinutes(value: string | null | undefined): number | null {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec((value ?? '').trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** The wall-clock date and minutes after midnight of `instant` in `timeZone`. */
export function localClock(instant: Date, timeZone: string): { day: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    day: `${part('year')}-${part('month')}-${part('day')}`,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

/** The instant that is `minutes` after midnight of `day` in `timeZone` (the offset in force at that time). */
export function zonedInstant(day: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, Math.floor(minutes / 60), minutes % 60);
  // The zone's offset at the guess, applied once and checked again (enough for whole-hour and half-hour zones).
  let instant = guess;
  for (let i = 0; i < 2; i++) {
    const seen = localClock(new Date(instant), timeZone);
    const [sy, sm, sd] = seen.day.split('-').map(Number) as [number, number, number];
    const seenUtc = Date.UTC(sy, sm - 1, sd, Math.floor(seen.minutes / 60), seen.minutes % 60);
    instant += guess - seenUtc;
  }
  return new Date(instant);
}

/**
 * The scheduled cut-off a close at `now` settles up to: today's cut-off in the program's zone once it has passed,
 * else yesterday's. The job closes a batch when no batch of the program has a cut-off at or after it.
 */
export function dueCutoff(now: Date, timeZone: string, cutoff: number): { day: string; at: Date } {
  const clock = localClock(now, timeZone);
  if (clock.minutes >= cutoff) return { day: clock.day, at: zonedInstant(clock.day, cutoff, timeZone) };
  const yesterday = new Date(Date.parse(`${clock.day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return { day: yesterday, at: zonedInstant(yesterday, cutoff, timeZone) };
}

/** The net of a line: gross less refunds, reversals and fees (all in cents). */
export function netCents(line: { gross: number; refunds: number; reversals: number; fees: number }): number {
  return line.gross - line.refunds - line.reversals - line.fees;
}
