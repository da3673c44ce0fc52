import { clawbackCents } from '@ebt/core/pos';
import { TRANSACTION_TYPE } from '../../db/reference-data.js';
import { accrualRecord } from './accrual.js';
import type { CallMove, CallRecord } from './call-write.js';
import type { CallFacts } from './call.js';
import type { ReadBenefit } from './funds.js';
import type { LockedAccrual } from './incentive-moves.js';
import { withUuid, type BenefitMove, type TransactionRecord } from './records.js';

// Taking incentive back (a refund in proportion, a purchase reversal all of it) and giving it back (a refund
// reversal restores what its refund's clawbacks took): rows and balance changes that go into the call's one write.

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

/** What a refund's or reversal's incentive moves add to its one write (`writeCall`), and to its answer. */
export interface IncentiveWrite {
  records: CallRecord[];
  moves: CallMove[];
  /** The change of the spendable balance (negative: taken back). */
  changeCents: number;
  /** Restorations, as the answer lists them with the incentives earned (type 6 rows). */
  incentives: { incentiveUuid: string; benefitUuid: string; cents: number }[];
  /** What the clawbacks took, and what they could not. */
  takenBack: { takenCents: number; unrecoveredCents: number };
}

/**
 * The clawbacks or restorations (`restore`) of `incentiveMoves` for the call's own row `own`: linked to it in the write
 * (`causedByUuid`), each move made only if its incentive benefit is still as `read` (call-write.ts `unchanged`).
 */
export function incentiveWrite(
  facts: CallFacts,
  own: TransactionRecord & { uuid: string },
  startBalanceCents: number,
  moves: readonly IncentiveMove[],
  read: ReadonlyMap<number, ReadBenefit>,
  restore = false,
): IncentiveWrite {
  const out = incentiveMoves(facts, 0, own.trxDatetime, startBalanceCents, moves, restore);
  return {
    // Its id is not known before the write: the write links each row to the call's own.
    records: out.records.map((r) => ({ ...r, causedById: null, causedByUuid: own.uuid })),
    moves: out.benefitMoves.map((m) => ({ ...m, unchanged: read.get(m.benefitId)!.state })),
    changeCents: out.changeCents,
    incentives: restore
      ? moves.flatMap((m) => {
          const benefit = read.get(m.accrual.benefitId)!;
          return benefit.incentiveUuid === null
            ? []
            : [{ incentiveUuid: benefit.incentiveUuid, benefitUuid: benefit.uuid, cents: m.taken }];
        })
      : [],
    takenBack: restore
      ? { takenCents: 0, unrecoveredCents: 0 }
      : {
          takenCents: moves.reduce((sum, m) => sum + m.taken, 0),
          unrecoveredCents: moves.reduce((sum, m) => sum + m.wanted - m.taken, 0),
        },
  };
}
