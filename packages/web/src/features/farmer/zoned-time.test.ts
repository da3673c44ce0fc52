import { describe, expect, it } from 'vitest';
import { zonedDateTime, zonedToday } from './zoned-time';

describe('zonedDateTime', () => {
  it("shows the instant in the program's zone, whatever the browser's", () => {
    expect(zonedDateTime('2026-11-23T15:00:00Z', 'America/New_York')).toBe('2026-11-23 10:00');
    expect(zonedDateTime('2026-11-24T03:30:00Z', 'America/Los_Angeles')).toBe('2026-11-23 19:30');
  });
  it("answers the zone's today", () => {
    expect(zonedToday('America/New_York', new Date('2026-11-24T02:00:00Z'))).toBe('2026-11-23');
  });
});
