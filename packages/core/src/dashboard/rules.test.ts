import { describe, expect, it } from 'vitest';
import { addDays } from '../format/dates.js';
import { chartBars, dateRangeStart, hasBenefitData, isAmountSeries, percentage, snapshotFigures } from './rules.js';

describe('dateRangeStart', () => {
  it('starts Year To Date on 1 January and Month To Date on the first of the month', () => {
    expect(dateRangeStart('YTD', '2026-11-23')).toBe('2026-01-01');
    expect(dateRangeStart('MTD', '2026-11-23')).toBe('2026-11-01');
  });
  it('starts Last 30 Days 29 days before today, across a month end, a year end and a leap day', () => {
    expect(dateRangeStart('30', '2026-11-23')).toBe('2026-10-25');
    expect(dateRangeStart('30', '2026-01-10')).toBe('2025-12-12');
    expect(dateRangeStart('30', '2024-03-01')).toBe('2024-02-01');
  });
  it('has no start for To Date', () => {
    expect(dateRangeStart('', '2026-11-23')).toBeNull();
  });
  it('refuses a day that is not YYYY-MM-DD', () => {
    expect(() => dateRangeStart('YTD', '23/11/2026')).toThrow();
  });
});

describe('snapshotFigures', () => {
  it('splits funding into issued and not issued and issued into redeemed and not redeemed', () => {
    expect(snapshotFigures(100000, 25000, 10000)).toEqual({
      fundingCents: 100000,
      issuedCents: 25000,
      notIssuedCents: 75000,
      issuedPct: 25,
      notIssuedPct: 75,
      redeemedCents: 10000,
      notRedeemedCents: 15000,
      redemptionPct: 40,
      notRedeemedPct: 60,
    });
  });
  it('counts issued beyond the funding as 100% issued and nothing left', () => {
    const s = snapshotFigures(1000, 3000, 0);
    expect([s.notIssuedCents, s.issuedPct, s.notIssuedPct]).toEqual([0, 100, 0]);
  });
  it('answers 0% for both slices of an empty pie', () => {
    const s = snapshotFigures(0, 0, 0);
    expect([s.issuedPct, s.notIssuedPct, s.redemptionPct, s.notRedeemedPct]).toEqual([0, 0, 0, 0]);
  });
  it('treats refunds beyond purchases as nothing redeemed', () => {
    const s = snapshotFigures(0, 5000, -700);
    expect([s.redeemedCents, s.notRedeemedCents, s.redemptionPct, s.notRedeemedPct]).toEqual([-700, 5700, 0, 100]);
  });
  it('rounds percentages to two places', () => {
    expect(percentage(1, 3)).toBe(33.33);
    expect(percentage(5, 0)).toBe(0);
  });
});

describe('hasBenefitData and isAmountSeries', () => {
  it('has data unless funding, issued and redeemed are all zero', () => {
    expect(hasBenefitData({ funding: 0, issued: 0, redeemed: 0 })).toBe(false);
    expect(hasBenefitData({ funding: 0, issued: 0, redeemed: 1 })).toBe(true);
  });
  it('answers amounts for series 1, 3 and 6 and counts for 2, 4 and 5', () => {
    expect([1, 2, 3, 4, 5, 6].map((t) => isAmountSeries(t as 1))).toEqual([true, false, true, false, false, true]);
  });
});

describe('chartBars', () => {
  const days = (from: string, count: number, value: number) =>
    Array.from({ length: count }, (_, i) => ({ date: addDays(from, i), value }));

  it('keeps a bar a day up to 90 days', () => {
    const { bucket, bars } = chartBars(days('2026-01-01', 91, 1.1), true);
    expect(bucket).toBe('day');
    expect(bars).toHaveLength(91);
    expect(bars[0]).toEqual({ label: '2026-01-01', value: 1.1 });
  });

  it('sums a year into at most 53 weeks starting on Mondays, exact to the cent', () => {
    const { bucket, bars } = chartBars(days('2026-01-01', 365, 0.1), true);
    expect(bucket).toBe('week');
    expect(bars.length).toBeLessThanOrEqual(53);
    // 2026-01-01 is a Thursday: its week started on Monday 2025-12-29 and holds four days of the year.
    expect(bars[0]).toEqual({ label: 'Week of 2025-12-29', value: 0.4 });
    expect(bars[1]).toEqual({ label: 'Week of 2026-01-05', value: 0.7 });
    const cents = bars.reduce((sum, b) => sum + Math.round(b.value * 100), 0);
    expect(cents).toBe(3650);
  });

  it('sums more than two years by month, and counts as they are', () => {
    const { bucket, bars } = chartBars(days('2024-01-01', 800, 2), false);
    expect(bucket).toBe('month');
    expect(bars[0]).toEqual({ label: '2024-01', value: 62 });
    expect(bars.length).toBe(27);
  });

  it('orders the days first and answers no bars for no days', () => {
    expect(
      chartBars(
        [
          { date: '2026-02-02', value: 1 },
          { date: '2026-02-01', value: 2 },
        ],
        false,
      ).bars,
    ).toEqual([
      { label: '2026-02-01', value: 2 },
      { label: '2026-02-02', value: 1 },
    ]);
    expect(chartBars([], false)).toEqual({ bucket: 'day', bars: [] });
  });
});
