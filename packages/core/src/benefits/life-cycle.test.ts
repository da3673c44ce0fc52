import { describe, expect, it } from 'vitest';
import { BENEFIT_EXPUNGE_DAYS_MAX, expungeCutoff, expungeDaysFrom } from './life-cycle.js';
import { DEFAULT_BENEFIT_EXPUNGE_DAYS } from './rules.js';

describe('benefit life cycle rules (decision 0011)', () => {
  it('reads the expunge delay: days 0-9999, never/off, else the default of 90', () => {
    expect(DEFAULT_BENEFIT_EXPUNGE_DAYS).toBe(90);
    expect(expungeDaysFrom(null)).toEqual({ days: 90, valid: true });
    expect(expungeDaysFrom(' ')).toEqual({ days: 90, valid: true });
    expect(expungeDaysFrom('0')).toEqual({ days: 0, valid: true });
    expect(expungeDaysFrom('30')).toEqual({ days: 30, valid: true });
    expect(expungeDaysFrom(String(BENEFIT_EXPUNGE_DAYS_MAX))).toEqual({ days: 9999, valid: true });
    expect(expungeDaysFrom('Never')).toEqual({ days: null, valid: true });
    expect(expungeDaysFrom('off')).toEqual({ days: null, valid: true });
    expect(expungeDaysFrom('10000')).toEqual({ days: 90, valid: false });
    expect(expungeDaysFrom('-1')).toEqual({ days: 90, valid: false });
    expect(expungeDaysFrom('3 months')).toEqual({ days: 90, valid: false });
  });

  it('expunges a benefit whose last day was 2026-01-01 from 2026-04-02 with 90 days', () => {
    const due = (expirationDate: string, today: string, days: number) => expirationDate < expungeCutoff(today, days);
    expect(due('2026-01-01', '2026-04-01', 90)).toBe(false);
    expect(due('2026-01-01', '2026-04-02', 90)).toBe(true);
    // With 0 days an Expired benefit goes the day after its last day, with the expiry itself.
    expect(due('2026-01-01', '2026-01-01', 0)).toBe(false);
    expect(due('2026-01-01', '2026-01-02', 0)).toBe(true);
  });
});
