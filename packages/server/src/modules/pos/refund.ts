import { randomBytes } from 'node:crypto';
import { incentiveAuthorizationNumber } from '@ebt/core/benefits';
import { BENEFIT_STATUS, BENEFIT_TYPE } from '@ebt/core/enums';
import { addDays, formatMoney } from '@ebt/core/format';
import { fillMessage } from '@ebt/core/messages';
import { planRefund, POS_MESSAGES, type PosAnswer, type RefundBody } from '@ebt/core/pos';
import type { Tx } from '../../db/client.js';
import { RESPONSE_CODE, TRANSACTION_TYPE } from '../../db/reference-data.js';
import { benefits } from '../../db/schema/index.js';
import type { RequestContext } from '../../platform/context.js';
import { benefitInsertRow } from '../benefits/index.js';
import { callFacts, type CallFacts } from './call.js';
import { clawbackPlan, writeIncentiveMoves } from './clawback.js';
import type { TerminalCredentials } from './credentials.js';
import { alertRecipient } from './alerts.js';
import { baseRecord, declinedCall, recordedCall, usedTraceAnswer } from './flow.js';
import { lockFunds } from './funds.js';
import { lockAccruals } from './incentive-moves.js';
import {
  findOriginal,
  lockMovedBenefits,
  reversedNow,
  type MovedBenefit,
  type OriginalTransaction,
} from './original.js';
import { writeTransactions, type BenefitMove } from './records.js';
import { requestDigest } from './retry.js';
import { maxAmountCents, newAuthNumber, overMaximum, writtenDay, type Decline } from './rules.js';

// POST /transaction-api/pos/refund (issue 20 item 5; docs/transaction-engine.md "Refund"). Gives back part or all of
// an approved purchase of the same merchant to the benefits it debited, latest expiring first and never more to a
// benefit than it gave; a part whose benefit is no longer spendable goes to a new regular benefit of the same funding
// source. The incentive the purchase earned is taken back in proportion.

/** A regular benefit's life when the program sets no benefitExpirationDays: a year. */
const DEFAULT_BENEFIT_DAYS = 365;

/** Why a refund of `amountCents` of `original` is refused, or null (also decides the demo data's refunds). */
export function refundDecline(
  facts: CallFacts,
  original: OriginalTransaction | null,
  amountCents: number,
): Decline | null {
  if (!facts.merchantActive) return { respCodeId: RESPONSE_CODE.INVALID_MERCHANT };
  if (facts.reversedFirst)
    return { respCodeId: RESPONSE_CODE.INVALID_TRANSACTION, text: POS_MESSAGES.REVERSAL_ARRIVED_FIRST };
  if (!original || original.trxTypeId !== TRANSACTION_TYPE.PURCHASE || original.respCodeId !== RESPONSE_CODE.APPROVED)
    return { respCodeId: RESPONSE_CODE.ORIGINAL_NOT_FOUND, text: POS_MESSAGES.NOT_REFUNDABLE };
  if (original.reversed) return { respCodeId: RESPONSE_CODE.INVALID_TRANSACTION, text: POS_MESSAGES.ALREADY_REVERSED };
  if (!facts.mapped) return { respCodeId: RESPONSE_CODE.TERMINAL_NOT_PERMITTED };
  if (!facts.programEnabled) return { respCodeId: RESPONSE_CODE.PROGRAM_DISABLED };
  const left = original.settleCents - original.refundedCents;
  if (amountCents > left)
    return {
      respCodeId: RESPONSE_CODE.INVALID_AMOUNT,
      text: fillMessage(POS_MESSAGES.REFUND_TOO_HIGH, { left: formatMoney(left / 100) }),
    };
  return null;
}

export async function refund(
  ctx: RequestContext,
  credentials: TerminalCredentials | null,
  body: RefundBody,
): Promise<PosAnswer> {
  const request = { ...body, traceDay: writtenDay(body.terminalDateTime) };
  const amountCents = Math.round(body.amount * 100);
  const material = {
    kind: 'refund' as const,
    amountCents,
    original: body.original,
    callerTerminal: credentials?.terminalCode ?? '',
  };
  const keys = {
    panHash: null,
    panPrefix: null,
    traceDay: request.traceDay,
    traceNumber: body.traceNumber,
    reversal: false,
    digest: requestDigest(material, ctx.config.hmacKey),
  };
  const terminal = await callFacts(ctx, credentials, keys);
  const at = ctx.now();
  // A used trace number is answered before the original is looked up (retry.ts); the frames below check it again.
  const used = await usedTraceAnswer(
    ctx,
    terminal,
    baseRecord(terminal, request, at, TRANSACTION_TYPE.REFUND, amountCents),
  );
  if (used) return used;
  const original = await findOriginal(ctx.db, body.original, {
    merchantId: terminal.merchantId,
    terminalCode: terminal.terminalCode,
    sameTerminal: false,
  });
  // The purchase's card, account and program: the refund belongs where the purchase did.
  const facts = original?.panId ? await callFacts(ctx, credentials, { ...keys, panId: original.panId }) : terminal;
  const base = {
    ...baseRecord(facts, request, at, TRANSACTION_TYPE.REFUND, amountCents),
    originalId: original?.id ?? null,
  };
  const decline =
    refundDecline(facts, original, amountCents) ?? overMaximum(amountCents, await maxAmountCents(ctx.db, facts.today));
  if (decline || !original)
    return declinedCall(ctx, facts, base, decline ?? { respCodeId: RESPONSE_CODE.ORIGINAL_NOT_FOUND });

  return recordedCall(ctx, facts, base, async (tx) => {
    const funds = await lockFunds(tx, facts.accountId!, facts.programId!, facts.today, false);
    const moved = await lockMovedBenefits(tx, original.id);
    if (await reversedNow(tx, original.id)) {
      // Reversed by a call that held the lock first.
      const ids = await writeTransactions(tx, [
        {
          ...base,
          respCodeId: RESPONSE_CODE.INVALID_TRANSACTION,
          additionalResponseText: POS_MESSAGES.ALREADY_REVERSED,
        },
      ]);
      return ids.get(base.uuid)!;
    }
    const lines = planRefund(
      moved.map((m) => ({
        benefitId: m.benefitId,
        debitedCents: m.cents,
        refundedCents: m.refundedCents,
        expirationDate: m.expirationDate,
      })),
      amountCents,
    );
    if (!lines) {
      // The purchase's refunds moved on since the check above (a parallel refund): what is left is less now.
      const ids = await writeTransactions(tx, [{ ...base, respCodeId: RESPONSE_CODE.INVALID_AMOUNT }]);
      return ids.get(base.uuid)!;
    }
    const byId = new Map(moved.map((m) => [m.benefitId, m]));
    const stale = lines.filter((l) => !stillSpendable(byId.get(l.benefitId)!, facts.today));
    const replacements = await replacementBenefits(
      tx,
      ctx,
      facts,
      stale.map((l) => ({ cents: l.cents, from: byId.get(l.benefitId)! })),
    );
    const moves: BenefitMove[] = lines.map((l) => {
      const target = replacements.get(l.benefitId) ?? l.benefitId;
      return {
        trxUuid: base.uuid,
        benefitId: target,
        deltaCents: l.cents,
        amountCents: l.cents,
        originalBenefitId: l.benefitId,
      };
    });
    const afterCredit = funds.balanceCents + amountCents;
    const ids = await writeTransactions(
      tx,
      [
        {
          ...base,
          respCodeId: RESPONSE_CODE.APPROVED,
          settleCents: amountCents,
          settleDate: facts.today,
          authNumber: newAuthNumber(),
          startBalanceCents: funds.balanceCents,
          endBalanceCents: afterCredit,
        },
      ],
      moves,
    );
    const refundId = ids.get(base.uuid)!;
    const accruals = await lockAccruals(tx, original.id, facts.today);
    // What was refunded before, read under the lock (the look-up before it may be stale under parallel refunds).
    const refundedBefore = moved.reduce((sum, m) => sum + m.refundedCents, 0);
    const plan = clawbackPlan(accruals, original.settleCents, refundedBefore, amountCents);
    const change = await writeIncentiveMoves(tx, facts, refundId, at, afterCredit, plan);
    await alertRecipient(tx, ctx, facts, 'REFUND', amountCents, afterCredit + change);
    return refundId;
  });
}

/** The expiry of a benefit a refund makes today: the program's benefit life (days - 1), else a year. */
export function refundBenefitExpiration(today: string, days: number | null): string {
  return addDays(today, (days && days > 0 ? days : DEFAULT_BENEFIT_DAYS) - 1);
}

/** Whether a benefit a purchase debited still takes a refund's money back (Issued, not expired). */
export function stillSpendable(b: Pick<MovedBenefit, 'statusId' | 'expirationDate'>, today: string): boolean {
  return b.statusId === BENEFIT_STATUS.ISSUED && b.expirationDate >= today;
}

/**
 * New regular benefits for the parts of a refund whose benefit is no longer spendable (expired, expunged, voided):
 * the same funding source, available today, the program's benefit life. Not counted as issued: the money was issued
 * once already, and this only carries what the merchant gave back.
 */
async function replacementBenefits(
  tx: Tx,
  ctx: Pick<RequestContext, 'now'>,
  facts: CallFacts,
  parts: readonly { cents: number; from: MovedBenefit }[],
): Promise<Map<number, number>> {
  if (parts.length === 0) return new Map();
  const rows = await tx
    .insert(benefits)
    .values(
      parts.map((p) => ({
        // Credited by the refund's own statement: the benefit starts at zero and the move adds the part.
        ...benefitInsertRow(
          {
            programId: facts.programId!,
            accountId: facts.accountId!,
            agencyId: facts.agencyId,
            fundingId: p.from.fundingSourceId,
            authorizationNumber: `R${incentiveAuthorizationNumber(facts.today, randomBytes(8).readBigUInt64BE()).slice(1)}`,
            benefitTypeId: BENEFIT_TYPE.REGULAR,
            availableDate: facts.today,
            expirationDate: refundBenefitExpiration(facts.today, facts.benefitExpirationDays),
            amountCents: p.cents,
            note: 'Refund of a purchase',
            creationChannel: 'POS',
          },
          ctx.now(),
        ),
        balance: '0.00',
      })),
    )
    .returning({ id: benefits.id });
  return new Map(parts.map((p, i) => [p.from.benefitId, rows[i]!.id]));
}
