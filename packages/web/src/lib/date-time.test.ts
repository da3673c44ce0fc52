import { describe, expect, it } from 'vitest';
import { joinDateTime, localDateTimeToIso, splitDateTime } from './date-time';

describe('local date-times', () => {
  it('splits and joins the date and time parts', () => {
    expect(splitDateTime('2026-11-20 13:05')).toEqual({ date: '2026-11-20', time: '13:05' });
    expect(splitDateTime('2026-11-20')).toEqual({ date: '2026-11-20', time: '' });
    expect(joinDateTime('2026-11-20', '13:05')).toBe('2026-11-20 13:05');
    expect(joinDateTime('2026-11-20', '')).toBe('2026-11-20');
  });

  it('answers the instant at the given second, the fallback time without one, null for no real date', () => {
    const start = localDateTimeToIso('2026-11-20 13:05', 0)!;
    expect(new Date(start).getMinutes()).toBe(5);
    expect(new Date(start).getSeconds()).toBe(0);
    const end = localDateTimeToIso('2026-11-20', 59, '23:59')!;
    expect([new Date(end).getHours(), new Date(end).getMinutes(), new Date(end).getSeconds()]).toEqual([23, 59, 59]);
    // Written in local time with its offset, so the server judges the day the person typed.
    expect(start.slice(0, 19)).toBe('2026-11-20T13:05:00');
    expect(start).toMatch(/[+-]\d{2}:\d{2}$/);
    expect(new Date(start).getTime()).toBe(new Date(2026, 10, 20, 13, 5, 0).getTime());
    expect(localDateTimeToIso('2026-02-30 10:00', 0)).toBeNull();
    expect(localDateTimeToIso('2026-11-20 25:00', 0)).toBeNull();
    expect(localDateTimeToIso('yesterday', 0)).toBeNull();
  });

  it("reads a date-time typed on a zone's clock, whatever the browser's zone, with that zone's offset", () => {
    expect(localDateTimeToIso('2026-12-04 23:30', 0, '00:00', 'America/Chicago')).toBe('2026-12-04T23:30:00-06:00');
    expect(localDateTimeToIso('2026-07-04', 59, '23:59', 'America/New_York')).toBe('2026-07-04T23:59:59-04:00');
    expect(new Date(localDateTimeToIso('2026-12-04 23:30', 0, '00:00', 'America/Chicago')!).toISOString()).toBe(
      '2026-12-05T05:30:00.000Z',
    );
    expect(localDateTimeToIso('2026-02-29 10:00', 0, '00:00', 'America/Chicago')).toBeNull();
  });
});
