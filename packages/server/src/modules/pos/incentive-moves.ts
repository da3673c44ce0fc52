import { toCents } from '@ebt/core/format';
import { READ_BENEFIT_COLUMNS, readBenefitOf, type JsonReadBenefit, type ReadBenefit } from './funds.js';

// The incentive a purchase earned, as refunds and reversals take it back or restore it (decision 0044). Each accrual
// of a purchase is one incentive benefit; a clawback (type 7) takes from that benefit, never below zero, and records
// what it could not take; reversing a refund restores what its clawbacks took (a type 6 row naming the accrual).

export interface LockedAccrual {
  accrualId: number;
  recipientIncentiveId: number | null;
  accrualDay: string;
  earnedCents: number;
  /** What approved clawbacks took, less what reversals restored. */
  netClawedCents: number;
  benefitId: number;
  benefitBalanceCents: number;
  /** The incentive benefit is spendable today (its money counts in the balance). */
  spendable: boolean;
}

/**
 * Two CTEs of the statement that reads a refund's or reversal's original (original.ts `originalNow`), each with its
 * incentive benefits in id order, locked (`for update`) when the call holds the account's lock: `ac`, the accruals of
 * the purchase `original` with what approved clawbacks took of each less what reversals restored; `cb`, the clawbacks
 * the refund `original` caused, each naming its accrual, with what it took (what a reversal of the refund gives back).
 * `original` and `today` are SQL expressions. One of the two is always empty: a purchase causes accruals, a refund
 * clawbacks.
 */
export function incentiveCtes(original: string, today: string, lock: boolean): string {
  const benefit = `b.id as benefit_id, ${READ_BENEFIT_COLUMNS},
      (b.status_id = 0 and b.available_date <= ${today} and b.expiration_date >= ${today}) as spendable`;
  const forUpdate = lock ? 'for update of b' : '';
  return `ac as (
    select a.id, a.recipient_incentive_id, a.accrual_day::text as accrual_day, a.settle_amt, ${benefit},
      coalesce((select sum(case when c.trx_type_id = 7 then c.settle_amt else -c.settle_amt end) from transactions c
        where c.original_id = a.id and c.trx_type_id in (6, 7) and c.resp_code_id = 1), 0) as net_clawed
    from transactions a
    join transaction_benefits tb on tb.transaction_id = a.id
    join benefits b on b.id = tb.benefit_id
    where a.caused_by_id = ${original} and a.original_id = ${original} and a.trx_type_id = 6 and a.resp_code_id = 1
    order by b.id
    ${forUpdate}
  ),
  cb as (
    select c.original_id as id, c.recipient_incentive_id, c.accrual_day::text as accrual_day, c.settle_amt, ${benefit},
      0 as net_clawed
    from transactions c
    join transaction_benefits tb on tb.transaction_id = c.id
    join benefits b on b.id = tb.benefit_id
    where c.caused_by_id = ${original} and c.trx_type_id = 7 and c.resp_code_id = 1
    order by b.id
    ${forUpdate}
  )`;
}

/** The columns that carry `incentiveCtes`' rows as JSON arrays, in the benefits' id order (read by `accrualsOf`). */
export const INCENTIVE_COLUMNS = `(select coalesce(json_agg(ac order by ac.benefit_id), '[]'::json) from ac) as accruals,
    (select coalesce(json_agg(cb order by cb.benefit_id), '[]'::json) from cb) as clawbacks`;

/** A row of `incentiveCtes`, as JSON. */
export interface JsonAccrual extends Omit<JsonReadBenefit, 'id'> {
  id: number | string;
  recipient_incentive_id: number | null;
  accrual_day: string;
  settle_amt: number | string;
  benefit_id: number;
  spendable: boolean;
  net_clawed: number | string;
}

/** The accruals (or clawbacks) of `incentiveCtes`' rows, and their incentive benefits as read. */
export function accrualsOf(rows: readonly JsonAccrual[]): { accruals: LockedAccrual[]; benefits: ReadBenefit[] } {
  return {
    accruals: rows.map((r) => ({
      accrualId: Number(r.id),
      recipientIncentiveId: r.recipient_incentive_id === null ? null : Number(r.recipient_incentive_id),
      accrualDay: r.accrual_day,
      earnedCents: toCents(r.settle_amt),
      netClawedCents: toCents(r.net_clawed),
      benefitId: Number(r.benefit_id),
      benefitBalanceCents: toCents(r.balance),
      spendable: r.spendable,
    })),
    benefits: rows.map((r) => readBenefitOf({ ...r, id: r.benefit_id })),
  };
}
