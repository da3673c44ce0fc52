import { clawbackCents } from '@ebt/core/pos';
import { TRANSACTION_TYPE } from '../../db/reference-data.js';
import type { Tx } from '../../db/client.js';
import { accrualRecord } from './accrual.js';
import type { CallFacts } from './call.js';
import type { LockedAccrual } from './incentive-moves.js';
import { withUuid, writeTransactions, type BenefitMove, type TransactionRecord } from './records.js';

// Taking incentive back (a refund in proportion, a purchase reversal all of it) and giving it back (a refund
// reversal restores what its refund's clawbacks took). One statement for all the rows and balance changes.

/** What a refund of `refundCents` (after `refundedBeforeCents`) takes back of each accrual; everything with null. */
export function clawbackPlan(
  accruals: readonly LockedAccrual[],
  purchaseCents: number,
  refundedBeforeCents: number,
  refundCents: number | null,
) {
  return accruals
    .map((a) => {
      const wanted =
        refundCents === null
          ? Math.max(0, a.earnedCents - a.netClawedCents)
          : clawbackCents(a.earnedCents, purchaseCents, refundedBeforeCents, refundCents, a.netClawedCents);
      const taken = Math.min(wanted, a.benefitBalanceCents);
      return { accrual: a, wanted, taken };
    })
    .filter((c) => c.wanted > 0);
}

/** One clawback or restoration: what it would take (`wanted`) and takes (`taken`) of an accrual's benefit. */
export interface IncentiveMove {
  accrual: LockedAccrual;
  wanted: number;
  taken: number;
}

/**
 * The rows of clawbacks (type 7, naming the accrual, caused by `causeId`) or restorations (type 6, `restore`), the
 * benefit moves, and how much of the spendable balance they take (negative) or give back (positive). Pure: the
 * demo data's history runs through it too (decision 0079).
 */
export function incentiveMoves(
  facts: CallFacts,
  causeId: number,
  at: Date,
  startBalanceCents: number,
  moves: readonly IncentiveMove[],
  restore = false,
): { records: (TransactionRecord & { uuid: string })[]; benefitMoves: BenefitMove[]; changeCents: number } {
  let balance = startBalanceCents;
  const records: (TransactionRecord & { uuid: string })[] = [];
  const benefitMoves: BenefitMove[] = [];
  for (const m of moves) {
    const record = withUuid(
      accrualRecord(
        facts,
        { purchaseId: causeId, trxDatetime: at },
        m.accrual.recipientIncentiveId,
        m.taken,
        balance,
        {
          accrualDay: m.accrual.accrualDay,
          originalId: m.accrual.accrualId,
          reqCents: m.wanted,
          unrecoveredCents: restore ? null : m.wanted - m.taken,
        },
        restore ? TRANSACTION_TYPE.INCENTIVE_ACCRUAL : TRANSACTION_TYPE.INCENTIVE_CLAWBACK,
      ),
    );
    if (m.accrual.spendable) balance += restore ? m.taken : -m.taken;
    record.endBalanceCents = balance;
    records.push(record);
    benefitMoves.push({
      trxUuid: record.uuid,
      benefitId: m.accrual.benefitId,
      deltaCents: restore ? m.taken : -m.taken,
      amountCents: m.taken,
    });
  }
  return { records, benefitMoves, changeCents: balance - startBalanceCents };
}

/** Writes the clawbacks or restorations of `incentiveMoves`; answers the change of the spendable balance. */
export async function writeIncentiveMoves(
  tx: Tx,
  facts: CallFacts,
  causeId: number,
  at: Date,
  startBalanceCents: number,
  moves: readonly IncentiveMove[],
  restore = false,
): Promise<number> {
  if (moves.length === 0) return 0;
  const out = incentiveMoves(facts, causeId, at, startBalanceCents, moves, restore);
  await writeTransactions(tx, out.records, out.benefitMoves);
  return out.changeCents;
}
