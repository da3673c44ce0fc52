import { toCents } from '../format/money.js';

// The money rules of the transaction engine (docs/transaction-engine.md), pure so they are tested here
// once and the server only applies them under its locks. Every amount is integer cents: no binary float touches money.

/** A benefit the purchase may spend: ISSUED, available, not expired, balance above zero (the server selects them). */
export interface SpendableBenefit {
  id: number;
  /** 1 Regular, 2 Incentive. */
  typeId: number;
  balanceCents: number;
  availableDate: string;
  expirationDate: string;
}

/** What one benefit gives to (or takes back from) a transaction. */
export interface BenefitLine {
  benefitId: number;
  cents: number;
}

/**
 * The order a purchase spends benefits in: oldest expiring first, then earliest available, then oldest issued (the
 * lowest id), so money about to lapse is used before money that would last.
 */
export function spendingOrder(a: SpendableBenefit, b: SpendableBenefit): number {
  if (a.expirationDate !== b.expirationDate) return a.expirationDate < b.expirationDate ? -1 : 1;
  if (a.availableDate !== b.availableDate) return a.availableDate < b.availableDate ? -1 : 1;
  return a.id - b.id;
}

export type PurchasePlan =
  | {
      approved: true;
      approvedCents: number;
      lines: BenefitLine[];
      /** The part paid from incentive benefits (it earns nothing; the redemption fee applies to it). */
      incentivePaidCents: number;
      /** The eligible part of what was approved paid from regular benefits: what accrual is computed on. */
      accrualBaseCents: number;
    }
  | { approved: false; availableCents: number };

/**
 * How a purchase of `amountCents` is paid. Incentive benefits pay only up to the eligible part (`eligibleCents`,
 * fresh produce in a SNAP-incentive program; the whole amount when the terminal does not say). A purchase the
 * spendable money cannot cover is declined, unless `allowPartial`, which approves what is available (and declines
 * when nothing is). Walking the benefits in `spendingOrder` and capping the incentive ones is also the most any
 * allocation can approve: regular money pays anything, incentive money the eligible part.
 */
export function planPurchase(
  spendable: readonly SpendableBenefit[],
  amountCents: number,
  eligibleCents: number,
  allowPartial: boolean,
): PurchasePlan {
  const ordered = [...spendable].sort(spendingOrder);
  let incentiveRoom = Math.min(eligibleCents, amountCents);
  let remaining = amountCents;
  let incentivePaid = 0;
  const lines: BenefitLine[] = [];
  for (const b of ordered) {
    if (remaining === 0) break;
    let take = Math.min(b.balanceCents, remaining);
    if (b.typeId === 2) {
      take = Math.min(take, incentiveRoom);
      incentiveRoom -= take;
      incentivePaid += take;
    }
    if (take <= 0) continue;
    lines.push({ benefitId: b.id, cents: take });
    remaining -= take;
  }
  const approvedCents = amountCents - remaining;
  if (remaining > 0 && (!allowPartial || approvedCents === 0))
    return { approved: false, availableCents: approvedCents };
  // The part of the approved amount that is eligible, less what incentive money paid of it.
  const eligibleApproved = Math.min(eligibleCents, approvedCents);
  return {
    approved: true,
    approvedCents,
    lines,
    incentivePaidCents: incentivePaid,
    accrualBaseCents: Math.max(0, eligibleApproved - incentivePaid),
  };
}

/** A rate or cap of an incentive as the database holds it ('5.25', '0.00') in hundredths. */
export const rateHundredths = (rate: string | number): number => toCents(rate);

/** The terms of one enrolment's incentive, and what it has earned already today and this month (cents). */
export interface AccrualTerms {
  /** 5.25 means 5.25% (part 2 §5). */
  matchRate: string;
  /** Caps in dollars; 0.00 means no maximum (part 2 §5). */
  accrualMaxTrx: string;
  accrualMaxDay: string;
  accrualMaxMonth: string;
  earnedTodayCents: number;
  earnedMonthCents: number;
}

/**
 * What a purchase earns: the base (the eligible part paid from regular benefits) times the match rate, rounded
 * down to the cent, then limited by the per-transaction cap and by what remains of the day's and the month's caps.
 * Never negative.
 */
export function accrualCents(baseCents: number, terms: AccrualTerms): number {
  let earned = Math.floor((baseCents * rateHundredths(terms.matchRate)) / 10_000);
  const trx = toCents(terms.accrualMaxTrx);
  const day = toCents(terms.accrualMaxDay);
  const month = toCents(terms.accrualMaxMonth);
  if (trx > 0) earned = Math.min(earned, trx);
  if (day > 0) earned = Math.min(earned, day - terms.earnedTodayCents);
  if (month > 0) earned = Math.min(earned, month - terms.earnedMonthCents);
  return Math.max(0, earned);
}

/** What remains of one cap (null: no maximum), never below zero. */
export function remainingUnder(capDollars: string, earnedCents: number): number | null {
  const cap = toCents(capDollars);
  return cap > 0 ? Math.max(0, cap - earnedCents) : null;
}

/** A fee (accrualFeeRate, redemptionFeeRate: 2.5 means 2.5%) on an amount, rounded half up to the cent. */
export function feeCents(amountCents: number, rate: string): number {
  return Math.floor((amountCents * rateHundredths(rate) + 5_000) / 10_000);
}

/** One benefit a purchase debited, with what refunds have credited back against it since. */
export interface DebitedBenefit {
  benefitId: number;
  debitedCents: number;
  refundedCents: number;
  expirationDate: string;
}

/**
 * Which debited benefits a refund of `amountCents` credits: latest expiring first (the money that lasts longest goes
 * back first), never more to a benefit than it gave and has not had back. Null when the refund exceeds what is left.
 */
export function planRefund(debited: readonly DebitedBenefit[], amountCents: number): BenefitLine[] | null {
  const ordered = [...debited].sort((a, b) =>
    a.expirationDate !== b.expirationDate ? (a.expirationDate < b.expirationDate ? 1 : -1) : b.benefitId - a.benefitId,
  );
  let remaining = amountCents;
  const lines: BenefitLine[] = [];
  for (const d of ordered) {
    if (remaining === 0) break;
    const take = Math.min(d.debitedCents - d.refundedCents, remaining);
    if (take <= 0) continue;
    lines.push({ benefitId: d.benefitId, cents: take });
    remaining -= take;
  }
  return remaining > 0 ? null : lines;
}

/**
 * How much incentive a refund takes back: the earned amount in proportion to what has been refunded of the
 * purchase, rounded down, less what earlier refunds took back already. Cumulative, so refunds in parts take back
 * exactly what one full refund would.
 */
export function clawbackCents(
  earnedCents: number,
  approvedCents: number,
  refundedBeforeCents: number,
  refundCents: number,
  clawedBeforeCents: number,
): number {
  if (approvedCents <= 0 || earnedCents <= 0) return 0;
  const target = Math.floor((earnedCents * Math.min(approvedCents, refundedBeforeCents + refundCents)) / approvedCents);
  return Math.max(0, target - clawedBeforeCents);
}
