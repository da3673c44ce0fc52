import { sql } from 'drizzle-orm';
import { toCents } from '@ebt/core/format';
import type { DbOrTx } from '../../db/client.js';

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

/** The accruals of a purchase, their incentive benefits locked in id order. */
export async function lockAccruals(tx: DbOrTx, purchaseId: number, today: string): Promise<LockedAccrual[]> {
  const result = await tx.execute(sql`
    select a.id, a.recipient_incentive_id, a.accrual_day::text as accrual_day, a.settle_amt, b.id as benefit_id,
      b.balance, (b.status_id = 0 and b.available_date <= ${today}::date and b.expiration_date >= ${today}::date) as spendable,
      coalesce((select sum(case when c.trx_type_id = 7 then c.settle_amt else -c.settle_amt end) from transactions c
        where c.original_id = a.id and c.trx_type_id in (6, 7) and c.resp_code_id = 1), 0) as net_clawed
    from transactions a
    join transaction_benefits tb on tb.transaction_id = a.id
    join benefits b on b.id = tb.benefit_id
    where a.caused_by_id = ${purchaseId} and a.original_id = ${purchaseId} and a.trx_type_id = 6 and a.resp_code_id = 1
    order by b.id
    for update of b`);
  return rowsToAccruals(result);
}

/** The clawbacks a refund caused, with the accruals they took from and their incentive benefits locked. */
export async function lockClawbacksOf(tx: DbOrTx, causeId: number, today: string) {
  const result = await tx.execute(sql`
    select c.original_id as id, c.recipient_incentive_id, c.accrual_day::text as accrual_day, c.settle_amt,
      b.id as benefit_id, b.balance,
      (b.status_id = 0 and b.available_date <= ${today}::date and b.expiration_date >= ${today}::date) as spendable,
      0 as net_clawed
    from transactions c
    join transaction_benefits tb on tb.transaction_id = c.id
    join benefits b on b.id = tb.benefit_id
    where c.caused_by_id = ${causeId} and c.trx_type_id = 7 and c.resp_code_id = 1
    order by b.id
    for update of b`);
  // Here earnedCents is what the clawback took: what a reversal of its refund gives back.
  return rowsToAccruals(result);
}

function rowsToAccruals(result: unknown): LockedAccrual[] {
  return (
    result as {
      rows: {
        id: string | number;
        recipient_incentive_id: number | null;
        accrual_day: string;
        settle_amt: string;
        benefit_id: number;
        balance: string;
        spendable: boolean;
        net_clawed: string | number;
      }[];
    }
  ).rows.map((r) => ({
    accrualId: Number(r.id),
    recipientIncentiveId: r.recipient_incentive_id === null ? null : Number(r.recipient_incentive_id),
    accrualDay: r.accrual_day,
    earnedCents: toCents(r.settle_amt),
    netClawedCents: toCents(r.net_clawed),
    benefitId: Number(r.benefit_id),
    benefitBalanceCents: toCents(r.balance),
    spendable: r.spendable,
  }));
}
