import { describe, expect, it } from 'vitest';
import { localDay, zonedDateTime, zonedToday } from './zoned-time';

describe('zonedDateTime', () => {
  it("shows the instant in the program's zone, whatever the browser's", () => {
    expect(zonedDateTime('2026-11-23T15:00:00Z', 'America/New_York')).toBe('2026-11-23 10:00');
    expect(zonedDateTime('2026-11-24T03:30:00Z', 'America/Los_Angeles')).toBe('2026-11-23 19:30');
  });
  it("writes the date as the page's language does: day first in Spanish, as it is in English", () => {
    expect(zonedDateTime('2026-11-23T15:00:00Z', 'America/New_York', 'es-US')).toBe('23/11/2026 10:00');
    expect(zonedDateTime('2026-11-23T15:00:00Z', 'America/New_York', 'en-US')).toBe('2026-11-23 10:00');
    expect(localDay('2026-12-07', 'es-US')).toBe('07/12/2026');
    expect(localDay('2026-12-07', 'en-US')).toBe('2026-12-07');
  });
  it("answers the zone's today", () => {
    expect(zonedToday('America/New_York', new Date('2026-11-24T02:00:00Z'))).toBe('2026-11-23');
  });
});
