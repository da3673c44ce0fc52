import { BENEFIT_STATUS } from '@ebt/core/enums';
import { fillMessage } from '@ebt/core/messages';
import { POS_MESSAGES, type PosAnswer, type ReversalBody } from '@ebt/core/pos';
import type { DbOrTx } from '../../db/client.js';
import { RESPONSE_CODE, TRANSACTION_TYPE } from '../../db/reference-data.js';
import type { RequestContext } from '../../platform/context.js';
import { alertNotice } from './alerts.js';
import { answeredAs, answerFrom, writeCall } from './call-write.js';
import { callFacts, type CallFacts } from './call.js';
import { clawbackPlan, incentiveWrite } from './clawback.js';
import type { TerminalCredentials } from './credentials.js';
import { auditEntry, baseRecord, declinedCall, plannedCall, usedTraceAnswer, writeOwnRow } from './flow.js';
import { findOriginal, originalNow, type OriginalTransaction } from './original.js';
import { answerOf, type TransactionRecord } from './records.js';
import { requestDigest } from './retry.js';
import { newAuthNumber, reversalWindowHours, writtenDay, type Decline } from './rules.js';

// POST /transaction-api/pos/reversal (docs/transaction-engine.md "Reversal"). Undoes a purchase or a
// refund of the same terminal within the reversal window, restoring exactly what it moved per benefit and the
// incentive it earned or took back. One reversal per original (the unique terminal-trace index, kind reversal): a
// repeat is answered as the first. A reversal whose original is unknown is recorded (response 25) under the
// original's trace number, and the original, should it arrive later, is declined. Four round trips: the original
// (with the reversal that names it, if any), the call's facts with its card, what the reversal plans from
// (original.ts `originalNow`), and one write (decision 0102's pattern: flow.ts `plannedCall`).

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
    panHashes: null,
    panPrefix: null,
    traceDay: traceDay ?? writtenDay(body.terminalDateTime),
    traceNumber: traceNumber ?? '',
    reversal: true,
    digest,
  });
  const namedKeys = traceKeys(ref.date ?? null, ref.traceNumber ?? null);
  const original = credentials
    ? await findOriginal(ctx.db, ref, { terminalCode: credentials.terminalCode, sameTerminal: true })
    : null;
  // The original's card, account and program, under the original's trace number: the reversal belongs where its
  // original did. Without a card (or an original), the terminal's facts under the name the call gave.
  const ownKeys = original?.panId
    ? { ...traceKeys(original.traceDay, original.traceNumber), panId: original.panId }
    : namedKeys;
  const facts = await callFacts(ctx, credentials, ownKeys);
  const at = ctx.now();
  if (ref.traceNumber !== undefined) {
    // A used trace number is answered before anything else (retry.ts), under the name the call gave (by trxUuid
    // alone it gave none). The facts already say whether it is used when they were read under that name; a 94 is
    // recorded with the terminal's facts alone, as if the original had not been looked up.
    const sameName = ownKeys.traceDay === namedKeys.traceDay && ownKeys.traceNumber === namedKeys.traceNumber;
    const terminal =
      ownKeys === namedKeys || (sameName && (facts.existingId === null || facts.existingSameRequest))
        ? facts
        : await callFacts(ctx, credentials, namedKeys);
    const named = { ...body, traceNumber: ref.traceNumber, traceDay: ref.date ?? '' };
    const used = await usedTraceAnswer(
      ctx,
      terminal,
      baseRecord(terminal, named, at, TRANSACTION_TYPE.PURCHASE_REVERSAL, 0),
    );
    if (used) return used;
  }
  const request = {
    ...body,
    traceNumber: original?.traceNumber ?? ref.traceNumber ?? null,
    traceDay: original?.traceDay ?? ref.date ?? null,
  };

  if (!original) {
    // Recorded under the trace number it names, so the original is declined if it comes; by trxUuid there is none.
    const base = {
      ...baseRecord(
        facts,
        { ...request, traceNumber: request.traceNumber ?? '', traceDay: request.traceDay ?? '' },
        at,
        TRANSACTION_TYPE.PURCHASE_REVERSAL,
        0,
      ),
      traceNumber: request.traceNumber,
      traceDay: request.traceNumber === null ? null : request.traceDay,
    };
    return declinedCall(ctx, facts, base, { respCodeId: RESPONSE_CODE.ORIGINAL_NOT_FOUND });
  }
  // Named by trxUuid: its reversal, if written, is found by its link.
  if (ref.trxUuid && original.reversalId !== null) return answerOf(ctx.db, original.reversalId);
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

  return plannedCall(ctx, facts, base, (db, locked) => settleReversal(db, locked, ctx, facts, original, base));
}

/** Reads what the reversal plans from (as it is, or `locked`), plans it and writes it: one call of `plannedCall`. */
async function settleReversal(
  db: DbOrTx,
  locked: boolean,
  ctx: RequestContext,
  facts: CallFacts,
  original: OriginalTransaction,
  base: TransactionRecord & { uuid: string },
): Promise<PosAnswer> {
  const now = await originalNow(db, original.id, facts, locked);
  const isRefund = original.trxTypeId === TRANSACTION_TYPE.REFUND;
  // Read again with the rest: a refund or another reversal may have been written since the look-up.
  const refunded = !isRefund && now.moved.some((m) => m.refundedCents > 0);
  if (refunded || now.reversed)
    return writeOwnRow(db, ctx, facts, {
      ...base,
      respCodeId: refunded ? RESPONSE_CODE.DO_NOT_HONOR : RESPONSE_CODE.INVALID_TRANSACTION,
      additionalResponseText: refunded ? POS_MESSAGES.HAS_REFUNDS : POS_MESSAGES.ALREADY_REVERSED,
    });
  // A refund's credits come back out; the money may have been spent since.
  if (isRefund && now.moved.some((m) => m.balanceCents < m.cents))
    return writeOwnRow(db, ctx, facts, {
      ...base,
      respCodeId: RESPONSE_CODE.INSUFFICIENT_FUNDS,
      additionalResponseText: POS_MESSAGES.REFUND_FUNDS_SPENT,
    });
  const sign = isRefund ? -1 : 1;
  // Only money on benefits still spendable (Issued, not expired) counts in the balance.
  const balanceChange = now.moved.reduce(
    (sum, m) => sum + (m.statusId === BENEFIT_STATUS.ISSUED && m.expirationDate >= facts.today ? sign * m.cents : 0),
    0,
  );
  const after = Math.max(0, now.funds.balanceCents + balanceChange);
  const own = {
    ...base,
    respCodeId: RESPONSE_CODE.APPROVED,
    settleCents: original.settleCents,
    settleDate: facts.today,
    authNumber: newAuthNumber(),
    startBalanceCents: now.funds.balanceCents,
    endBalanceCents: after,
  };
  // A refund's clawbacks are restored in full; a purchase's accruals are taken back in full, never below zero.
  const taking = isRefund
    ? incentiveWrite(
        facts,
        own,
        after,
        now.clawbacks.map((c) => ({ accrual: c, wanted: c.earnedCents, taken: c.earnedCents })),
        now.benefits,
        true,
      )
    : incentiveWrite(facts, own, after, clawbackPlan(now.accruals, original.settleCents, 0, null), now.benefits);
  const balanceAfterCents = after + taking.changeCents;
  const alert = alertNotice(facts, 'REVERSAL', original.settleCents, balanceAfterCents);
  await writeCall(db, ctx, {
    guard: { accountId: facts.accountId!, moneyVersion: locked ? null : now.moneyVersion },
    records: [own, ...taking.records],
    moves: [
      ...now.moved.map((m) => ({
        trxUuid: own.uuid,
        benefitId: m.benefitId,
        deltaCents: sign * m.cents,
        amountCents: m.cents,
        unchanged: now.benefits.get(m.benefitId)!.state,
      })),
      ...taking.moves,
    ],
    newBenefits: [],
    reverses: original.id,
    audit: auditEntry(facts, own),
    notices: alert ? [alert] : [],
  });
  return answerFrom(
    own,
    now.moved.map((m) => ({ ...answeredAs(now.benefits.get(m.benefitId)!), cents: m.cents, order: m.benefitId })),
    taking.incentives,
    balanceAfterCents,
    taking.takenBack,
  );
}
