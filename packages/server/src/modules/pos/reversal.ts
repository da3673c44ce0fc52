import { sql } from 'drizzle-orm';
import { BENEFIT_STATUS } from '@ebt/core/enums';
import { fillMessage } from '@ebt/core/messages';
import { POS_MESSAGES, type PosAnswer, type ReversalBody } from '@ebt/core/pos';
import { RESPONSE_CODE, TRANSACTION_TYPE } from '../../db/reference-data.js';
import type { RequestContext } from '../../platform/context.js';
import { callFacts, type TracedCallFacts } from './call.js';
import { clawbackPlan, writeIncentiveMoves } from './clawback.js';
import type { TerminalCredentials } from './credentials.js';
import { alertRecipient } from './alerts.js';
import { baseRecord, declinedCall, recordedCall, usedTraceAnswer } from './flow.js';
import { lockFunds } from './funds.js';
import { lockAccruals, lockClawbacksOf } from './incentive-moves.js';
import { findOriginal, lockMovedBenefits, reversedNow, type OriginalTransaction } from './original.js';
import { answerOf, writeTransactions } from './records.js';
import { notDuplicate, requestDigest } from './retry.js';
import { newAuthNumber, reversalWindowHours, writtenDay, type Decline } from './rules.js';

// POST /transaction-api/pos/reversal (issue 20 item 6; docs/transaction-engine.md "Reversal"). Undoes a purchase or a
// refund of the same terminal within the reversal window, restoring exactly what it moved per benefit and the
// incentive it earned or took back. One reversal per original (the unique terminal-trace index, kind reversal): a
// repeat is answered as the first. A reversal whose original is unknown is recorded (response 25) under the
// original's trace number, and the original, should it arrive later, is declined.

/** Why a reversal of `original` is refused at `now`, or null (also decides the demo data's reversals). */
export function reversalDecline(original: OriginalTransaction, windowHours: number, now: Date): Decline | null {
  const reversible =
    (original.trxTypeId === TRANSACTION_TYPE.PURCHASE || original.trxTypeId === TRANSACTION_TYPE.REFUND) &&
    original.respCodeId === RESPONSE_CODE.APPROVED;
  if (!reversible) return { respCodeId: RESPONSE_CODE.INVALID_TRANSACTION, text: POS_MESSAGES.NOT_ORIGINAL_TYPE };
  if (original.reversed) return { respCodeId: RESPONSE_CODE.INVALID_TRANSACTION, text: POS_MESSAGES.ALREADY_REVERSED };
  if (now.getTime() - original.trxDatetime.getTime() > windowHours * 3_600_000)
    return {
      respCodeId: RESPONSE_CODE.DO_NOT_HONOR,
      text: fillMessage(POS_MESSAGES.REVERSAL_WINDOW, { hours: windowHours }),
    };
  if (original.trxTypeId === TRANSACTION_TYPE.PURCHASE && original.refundedCents > 0)
    return { respCodeId: RESPONSE_CODE.DO_NOT_HONOR, text: POS_MESSAGES.HAS_REFUNDS };
  return null;
}

export async function reversal(
  ctx: RequestContext,
  credentials: TerminalCredentials | null,
  body: ReversalBody,
): Promise<PosAnswer> {
  const ref = body.original;
  // A reversal is kept under its original's trace number: two reversals under one are of one original, so copies.
  const digest = requestDigest({ kind: 'reversal' }, ctx.config.hmacKey);
  const traceKeys = (traceDay: string | null, traceNumber: string | null) => ({
    panHash: null,
    panPrefix: null,
    traceDay: traceDay ?? writtenDay(body.terminalDateTime),
    traceNumber: traceNumber ?? '',
    reversal: true,
    digest,
  });
  const terminal = await callFacts(ctx, credentials, traceKeys(ref.date ?? null, ref.traceNumber ?? null));
  const at = ctx.now();
  // A used trace number is answered before the original is looked up (retry.ts); the frames below check it again.
  const named = { ...body, traceNumber: ref.traceNumber ?? '', traceDay: ref.date ?? '' };
  const used = await usedTraceAnswer(
    ctx,
    terminal,
    baseRecord(terminal, named, at, TRANSACTION_TYPE.PURCHASE_REVERSAL, 0),
  );
  if (used) return used;
  const original = await findOriginal(ctx.db, ref, {
    merchantId: terminal.merchantId,
    terminalCode: terminal.terminalCode,
    sameTerminal: true,
  });
  const request = {
    ...body,
    traceNumber: original?.traceNumber ?? ref.traceNumber ?? null,
    traceDay: original?.traceDay ?? ref.date ?? null,
  };

  if (!original) {
    // Recorded under the trace number it names, so the original is declined if it comes; by trxUuid there is none.
    const base = {
      ...baseRecord(
        terminal,
        { ...request, traceNumber: request.traceNumber ?? '', traceDay: request.traceDay ?? '' },
        at,
        TRANSACTION_TYPE.PURCHASE_REVERSAL,
        0,
      ),
      traceNumber: request.traceNumber,
      traceDay: request.traceNumber === null ? null : request.traceDay,
    };
    return declinedCall(ctx, terminal, base, { respCodeId: RESPONSE_CODE.ORIGINAL_NOT_FOUND });
  }
  if (ref.trxUuid) {
    // Named by trxUuid: its reversal, if written, is found by its link.
    const done = await ctx.db.execute(sql`
      select t.id from transactions t
      where t.reversal_of_id = ${original.id} and ${sql.raw(notDuplicate('t'))} limit 1`);
    const row = (done as unknown as { rows: { id: string | number }[] }).rows[0];
    if (row) return answerOf(ctx.db, Number(row.id));
  }
  const facts: TracedCallFacts = original.panId
    ? await callFacts(ctx, credentials, {
        ...traceKeys(original.traceDay, original.traceNumber),
        panId: original.panId,
      })
    : terminal;
  const typeId =
    original.trxTypeId === TRANSACTION_TYPE.REFUND
      ? TRANSACTION_TYPE.REFUND_REVERSAL
      : TRANSACTION_TYPE.PURCHASE_REVERSAL;
  const base = {
    ...baseRecord(
      facts,
      { ...request, traceNumber: original.traceNumber ?? '', traceDay: original.traceDay ?? '' },
      at,
      typeId,
      original.settleCents,
    ),
    traceNumber: original.traceNumber,
    traceDay: original.traceDay,
    reversalOfId: original.id,
  };
  const decline = reversalDecline(original, await reversalWindowHours(ctx.db, facts.today), at);
  if (decline) return declinedCall(ctx, facts, base, decline);

  return recordedCall(ctx, facts, base, async (tx) => {
    const funds = await lockFunds(tx, facts.accountId!, facts.programId!, facts.today, false);
    const moved = await lockMovedBenefits(tx, original.id);
    const isRefund = original.trxTypeId === TRANSACTION_TYPE.REFUND;
    // Read again under the lock: a refund or another reversal may have committed since the look-up.
    const refunded = !isRefund && moved.some((m) => m.refundedCents > 0);
    if (refunded || (await reversedNow(tx, original.id))) {
      const text = refunded ? POS_MESSAGES.HAS_REFUNDS : POS_MESSAGES.ALREADY_REVERSED;
      const ids = await writeTransactions(tx, [
        {
          ...base,
          respCodeId: refunded ? RESPONSE_CODE.DO_NOT_HONOR : RESPONSE_CODE.INVALID_TRANSACTION,
          additionalResponseText: text,
        },
      ]);
      return ids.get(base.uuid)!;
    }
    // A refund's credits come back out; the money may have been spent since.
    if (isRefund && moved.some((m) => m.balanceCents < m.cents)) {
      const ids = await writeTransactions(tx, [
        {
          ...base,
          respCodeId: RESPONSE_CODE.INSUFFICIENT_FUNDS,
          additionalResponseText: POS_MESSAGES.REFUND_FUNDS_SPENT,
        },
      ]);
      return ids.get(base.uuid)!;
    }
    const sign = isRefund ? -1 : 1;
    // Only money on benefits still spendable (Issued, not expired) counts in the balance.
    const balanceChange = moved.reduce(
      (sum, m) => sum + (m.statusId === BENEFIT_STATUS.ISSUED && m.expirationDate >= facts.today ? sign * m.cents : 0),
      0,
    );
    const after = Math.max(0, funds.balanceCents + balanceChange);
    const ids = await writeTransactions(
      tx,
      [
        {
          ...base,
          respCodeId: RESPONSE_CODE.APPROVED,
          settleCents: original.settleCents,
          settleDate: facts.today,
          authNumber: newAuthNumber(),
          startBalanceCents: funds.balanceCents,
          endBalanceCents: after,
        },
      ],
      moved.map((m) => ({
        trxUuid: base.uuid,
        benefitId: m.benefitId,
        deltaCents: sign * m.cents,
        amountCents: m.cents,
      })),
    );
    const reversalId = ids.get(base.uuid)!;
    await tx.execute(
      sql`update transactions set reversed_at = ${at.toISOString()}::timestamptz where id = ${original.id}`,
    );
    const change = isRefund
      ? await writeIncentiveMoves(
          tx,
          facts,
          reversalId,
          at,
          after,
          (await lockClawbacksOf(tx, original.id, facts.today)).map((c) => ({
            accrual: c,
            wanted: c.earnedCents,
            taken: c.earnedCents,
          })),
          true,
        )
      : await writeIncentiveMoves(
          tx,
          facts,
          reversalId,
          at,
          after,
          clawbackPlan(await lockAccruals(tx, original.id, facts.today), original.settleCents, 0, null),
        );
    await alertRecipient(tx, ctx, facts, 'REVERSAL', original.settleCents, after + change);
    return reversalId;
  });
}
