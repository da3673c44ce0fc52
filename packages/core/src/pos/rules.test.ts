import { describe, expect, it } from 'vitest';
import {
  accrualCents,
  clawbackCents,
  feeCents,
  planPurchase,
  planRefund,
  remainingUnder,
  type SpendableBenefit,
} from './rules.js';

const regular = (
  id: number,
  cents: number,
  expirationDate: string,
  availableDate = '2026-01-01',
): SpendableBenefit => ({
  id,
  typeId: 1,
  balanceCents: cents,
  availableDate,
  expirationDate,
});
const incentive = (id: number, cents: number, expirationDate: string): SpendableBenefit => ({
  ...regular(id, cents, expirationDate),
  typeId: 2,
});

describe('planPurchase', () => {
  it('takes the oldest expiring first, then earliest available, then the oldest issued, across benefits', () => {
    const plan = planPurchase(
      [
        regular(3, 1000, '2026-12-31'),
        regular(1, 500, '2026-12-31', '2026-02-01'),
        regular(2, 300, '2026-06-30'),
        regular(4, 500, '2026-12-31', '2026-02-01'),
      ],
      1500,
      1500,
      false,
    );
    expect(plan).toEqual({
      approved: true,
      approvedCents: 1500,
      lines: [
        { benefitId: 2, cents: 300 },
        { benefitId: 3, cents: 1000 },
        { benefitId: 1, cents: 200 },
      ],
      incentivePaidCents: 0,
      accrualBaseCents: 1500,
    });
  });

  it('declines a purchase the money cannot cover, and approves what is there when partial is allowed', () => {
    const benefits = [regular(1, 700, '2026-12-31'), regular(2, 200, '2026-11-30')];
    expect(planPurchase(benefits, 1000, 1000, false)).toEqual({ approved: false, availableCents: 900 });
    expect(planPurchase(benefits, 1000, 1000, true)).toMatchObject({ approved: true, approvedCents: 900 });
    expect(planPurchase([], 1000, 1000, true)).toEqual({ approved: false, availableCents: 0 });
  });

  it('lets incentive money pay only the eligible part, which then earns nothing', () => {
    const benefits = [incentive(1, 1000, '2026-06-30'), regular(2, 5000, '2026-12-31')];
    // $20 of which $8 eligible: the incentive pays $8, regular $12; nothing eligible was paid from regular money.
    expect(planPurchase(benefits, 2000, 800, false)).toEqual({
      approved: true,
      approvedCents: 2000,
      lines: [
        { benefitId: 1, cents: 800 },
        { benefitId: 2, cents: 1200 },
      ],
      incentivePaidCents: 800,
      accrualBaseCents: 0,
    });
    // With only incentive money, a purchase larger than its eligible part is short.
    expect(planPurchase([incentive(1, 5000, '2026-06-30')], 2000, 800, false)).toEqual({
      approved: false,
      availableCents: 800,
    });
  });

  it('computes the accrual base as the eligible part paid from regular benefits', () => {
    const plan = planPurchase([incentive(1, 300, '2026-06-30'), regular(2, 5000, '2026-12-31')], 2000, 1000, false);
    expect(plan).toMatchObject({ incentivePaidCents: 300, accrualBaseCents: 700 });
  });
});

describe('accrualCents', () => {
  const terms = (over: Partial<Parameters<typeof accrualCents>[1]> = {}) => ({
    matchRate: '100.00',
    accrualMaxTrx: '0.00',
    accrualMaxDay: '0.00',
    accrualMaxMonth: '0.00',
    earnedTodayCents: 0,
    earnedMonthCents: 0,
    ...over,
  });

  it('matches at 100.00 and at 5.25, rounding down to the cent', () => {
    expect(accrualCents(1234, terms())).toBe(1234);
    // 12.34 x 5.25% = 0.64785 -> 0.64
    expect(accrualCents(1234, terms({ matchRate: '5.25' }))).toBe(64);
    expect(accrualCents(19, terms({ matchRate: '5.25' }))).toBe(0);
  });

  it('limits by the per-transaction cap and by what remains of the day and the month; 0.00 is no cap', () => {
    expect(accrualCents(5000, terms({ accrualMaxTrx: '10.00' }))).toBe(1000);
    expect(accrualCents(5000, terms({ accrualMaxDay: '20.00', earnedTodayCents: 1500 }))).toBe(500);
    expect(accrualCents(5000, terms({ accrualMaxMonth: '30.00', earnedMonthCents: 2990 }))).toBe(10);
    expect(accrualCents(5000, terms({ accrualMaxDay: '20.00', earnedTodayCents: 2500 }))).toBe(0);
    expect(accrualCents(5000, terms({ earnedTodayCents: 99_999, earnedMonthCents: 99_999 }))).toBe(5000);
  });

  it('answers what remains under a cap, null for no cap', () => {
    expect(remainingUnder('10.00', 250)).toBe(750);
    expect(remainingUnder('10.00', 1250)).toBe(0);
    expect(remainingUnder('0.00', 250)).toBeNull();
  });
});

describe('fees', () => {
  it('rounds half up to the cent', () => {
    expect(feeCents(1000, '2.50')).toBe(25);
    expect(feeCents(333, '1.50')).toBe(5); // 4.995 -> 5
    expect(feeCents(1000, '0.00')).toBe(0);
  });
});

describe('planRefund', () => {
  const debited = [
    { benefitId: 1, debitedCents: 300, refundedCents: 0, expirationDate: '2026-06-30' },
    { benefitId: 2, debitedCents: 1000, refundedCents: 400, expirationDate: '2026-12-31' },
  ];

  it('credits the latest expiring first, never more than each gave and has not had back', () => {
    expect(planRefund(debited, 800)).toEqual([
      { benefitId: 2, cents: 600 },
      { benefitId: 1, cents: 200 },
    ]);
    expect(planRefund(debited, 900)).toEqual([
      { benefitId: 2, cents: 600 },
      { benefitId: 1, cents: 300 },
    ]);
    expect(planRefund(debited, 901)).toBeNull();
  });
});

describe('clawbackCents', () => {
  it('takes back in proportion, cumulatively, so parts add up to the whole', () => {
    // $1.00 earned on a $3.00 purchase; refunded $1.00 then $2.00.
    const first = clawbackCents(100, 300, 0, 100, 0);
    expect(first).toBe(33);
    expect(clawbackCents(100, 300, 100, 200, first)).toBe(67);
    expect(clawbackCents(0, 300, 0, 300, 0)).toBe(0);
  });
});
