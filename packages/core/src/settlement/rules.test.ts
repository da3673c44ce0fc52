import { describe, expect, it } from 'vitest';
import { cutoffMinutes, dueCutoff, localClock, netCents, zonedInstant } from './rules.js';

describe('cutoffMinutes', () => {
  it('reads HH:MM and refuses anything else', () => {
    expect(cutoffMinutes('18:00')).toBe(1080);
    expect(cutoffMinutes('6:30')).toBe(390);
    expect(cutoffMinutes('24:00')).toBeNull();
    expect(cutoffMinutes('six')).toBeNull();
    expect(cutoffMinutes(null)).toBeNull();
  });
});

describe('zoned clock', () => {
  it('finds the instant of a wall-clock time in a zone, across daylight saving', () => {
    expect(zonedInstant('2026-11-23', 1080, 'America/New_York').toISOString()).toBe('2026-11-23T23:00:00.000Z');
    expect(zonedInstant('2026-07-01', 1080, 'America/New_York').toISOString()).toBe('2026-07-01T22:00:00.000Z');
    expect(localClock(new Date('2026-11-24T03:00:00Z'), 'America/New_York')).toEqual({
      day: '2026-11-23',
      minutes: 1320,
    });
  });

  it("answers today's cut-off once passed, else yesterday's", () => {
    const after = dueCutoff(new Date('2026-11-23T23:30:00Z'), 'America/New_York', 1080);
    expect(after.day).toBe('2026-11-23');
    expect(after.at.toISOString()).toBe('2026-11-23T23:00:00.000Z');
    const before = dueCutoff(new Date('2026-11-23T15:00:00Z'), 'America/New_York', 1080);
    expect(before.day).toBe('2026-11-22');
  });
});

describe('netCents', () => {
  it('is gross less refunds, reversals and fees', () => {
    expect(netCents({ gross: 10_000, refunds: 500, reversals: 1_000, fees: 25 })).toBe(8_475);
  });
});
