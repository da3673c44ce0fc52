import { describe, expect, it } from 'vitest';
import { programToday } from './dates';

describe("today in the program's time zone (resolution 26)", () => {
  // 2026-11-24 03:30 UTC: still the 23rd in New York and Honolulu, already the 24th in Berlin.
  const now = new Date('2026-11-24T03:30:00Z');

  it("takes the date in the program's zone", () => {
    expect(programToday('Europe/Berlin', now)).toBe('2026-11-24');
    expect(programToday('Pacific/Honolulu', now)).toBe('2026-11-23');
  });

  it('uses the product default without a program or with a zone the browser does not know', () => {
    expect(programToday(undefined, now)).toBe('2026-11-23');
    expect(programToday('Mars/Olympus_Mons', now)).toBe('2026-11-23');
  });
});
