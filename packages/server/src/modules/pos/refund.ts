import { randomBytes, randomUUID } from 'node:crypto';
import { incentiveAuthorizationNumber } from '@ebt/core/benefits';
import { BENEFIT_STATUS, BENEFIT_TYPE } from '@ebt/core/enums';
import { addDays, formatMoney } from '@ebt/core/format';
import { fillMessage } from '@ebt/core/messages';
import { planRefund, POS_MESSAGES, type PosAnswer, type RefundBody } from '@ebt/core/pos';
import type { DbOrTx } from '../../db/client.js';
import { RESPONSE_CODE, TRANSACTION_TYPE } from '../../db/reference-data.js';
import type { RequestContext } from '../../platform/context.js';
import { benefitInsertRow } from '../benefits/index.js';
import { alertNotice } from './alerts.js';
import {
  answeredAs,
  answerFrom,
  writeCall,
  type AnsweredBenefit,
  type CallMove,
  type CallWrite,
} from './call-write.js';
import { callFacts, type CallFacts } from './call.js';
import { clawbackPlan, incentiveWrite } from './clawback.js';
import type { TerminalCredentials } from './credentials.js';
import { auditEntry, baseRecord, declinedCall, plannedCall, usedTraceAnswer, writeOwnRow } from './flow.js';
import { findOriginal, originalNow, type MovedBenefit, type OriginalTransaction } from './original.js';
import type { TransactionRecord } from './records.js';
import { requestDigest } from './retry.js';
import { maxAmountCents, newAuthNumber, overMaximum, writtenDay, type Decline } from './rules.js';

// POST /transaction-api/pos/refund (docs/transaction-engine.md "Refund"). Gives back part or all of
// an approved purchase of the same merchant to the benefits it debited, latest expiring first and never more to a
// benefit than it gave; a part whose benefit is no longer spendable goes to a new regular benefit of the same funding
// source. The incentive the purchase earned is taken back in proportion. Four round trips: the original, the call's
// facts with its card, what the refund plans from (original.ts `originalNow`), and one write (decision 0102's pattern:
// flow.ts `plannedCall`).

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
    panHashes: null,
    panPrefix: null,
    traceDay: request.traceDay,
    traceNumber: body.traceNumber,
    reversal: false,
    digest: requestDigest(material, ctx.config.hmacKey),
  };
  const original = credentials
    ? await findOriginal(ctx.db, body.original, { terminalCode: credentials.terminalCode, sameTerminal: false })
    : null;
  // The purchase's card, account and program: the refund belongs where the purchase did.
  const facts = await callFacts(ctx, credentials, original?.panId ? { ...keys, panId: original.panId } : keys);
  const at = ctx.now();
  if (facts.existingId !== null) {
    // A used trace number is answered first (retry.ts). A 94 is recorded with the terminal's facts alone, as if the
    // original had not been looked up: it tells nothing of the purchase's card.
    const terminal = original?.panId && !facts.existingSameRequest ? await callFacts(ctx, credentials, keys) : facts;
    const used = await usedTraceAnswer(
      ctx,
      terminal,
      baseRecord(terminal, request, at, TRANSACTION_TYPE.REFUND, amountCents),
    );
    if (used) return used;
  }
  const base = {
    ...baseRecord(facts, request, at, TRANSACTION_TYPE.REFUND, amountCents),
    originalId: original?.id ?? null,
  };
  const decline =
    refundDecline(facts, original, amountCents) ?? overMaximum(amountCents, await maxAmountCents(ctx.db, facts.today));
  if (decline || !original)
    return declinedCall(ctx, facts, base, decline ?? { respCodeId: RESPONSE_CODE.ORIGINAL_NOT_FOUND });

  return plannedCall(ctx, facts, base, (db, locked) =>
    settleRefund(db, locked, ctx, facts, original, base, amountCents),
  );
}

/** Reads what the refund plans from (as it is, or `locked`), plans it and writes it: one call of `plannedCall`. */
async function settleRefund(
  db: DbOrTx,
  locked: boolean,
  ctx: RequestContext,
  facts: CallFacts,
  original: OriginalTransaction,
  base: TransactionRecord & { uuid: string },
  amountCents: number,
): Promise<PosAnswer> {
  const now = await originalNow(db, original.id, facts, locked);
  // Reversed by a call that wrote before this read.
  if (now.reversed)
    return writeOwnRow(db, ctx, facts, {
      ...base,
      respCodeId: RESPONSE_CODE.INVALID_TRANSACTION,
      additionalResponseText: POS_MESSAGES.ALREADY_REVERSED,
    });
  const lines = planRefund(
    now.moved.map((m) => ({
      benefitId: m.benefitId,
      debitedCents: m.cents,
      refundedCents: m.refundedCents,
      expirationDate: m.expirationDate,
    })),
    amountCents,
  );
  // The purchase's refunds moved on since the look-up (a parallel refund): what is left is less now.
  if (!lines) return writeOwnRow(db, ctx, facts, { ...base, respCodeId: RESPONSE_CODE.INVALID_AMOUNT });

  const byId = new Map(now.moved.map((m) => [m.benefitId, m]));
  const moves: CallMove[] = [];
  const newBenefits: CallWrite['newBenefits'][number][] = [];
  const answered: AnsweredBenefit[] = [];
  for (const l of lines) {
    const from = byId.get(l.benefitId)!;
    const read = now.benefits.get(l.benefitId)!;
    const move = { trxUuid: base.uuid, amountCents: l.cents, originalBenefitId: l.benefitId };
    if (stillSpendable(from, facts.today)) {
      moves.push({ ...move, benefitId: l.benefitId, deltaCents: l.cents, unchanged: read.state });
      answered.push({ ...answeredAs(read), cents: l.cents, order: l.benefitId });
    } else {
      const replacement = replacementBenefit(ctx, facts, from, l.cents);
      newBenefits.push(replacement);
      // Issued holding the part: the move records it.
      moves.push({ ...move, benefitId: null, benefitUuid: replacement.uuid, deltaCents: 0 });
      // Listed after every existing benefit, in the order issued, as its id will sort.
      const order = Number.MAX_SAFE_INTEGER - lines.length + newBenefits.length;
      answered.push({
        benefitUuid: replacement.uuid,
        authorizationNumber: replacement.authorizationNumber,
        benefitTypeId: BENEFIT_TYPE.REGULAR,
        cents: l.cents,
        order,
      });
    }
  }
  const afterCredit = now.funds.balanceCents + amountCents;
  const own = {
    ...base,
    respCodeId: RESPONSE_CODE.APPROVED,
    settleCents: amountCents,
    settleDate: facts.today,
    authNumber: newAuthNumber(),
    startBalanceCents: now.funds.balanceCents,
    endBalanceCents: afterCredit,
  };
  // What was refunded before, read with the rest (the look-up before it may be stale under parallel refunds).
  const refundedBefore = now.moved.reduce((sum, m) => sum + m.refundedCents, 0);
  const taking = incentiveWrite(
    facts,
    own,
    afterCredit,
    clawbackPlan(now.accruals, original.settleCents, refundedBefore, amountCents),
    now.benefits,
  );
  const balanceAfterCents = afterCredit + taking.changeCents;
  const alert = alertNotice(facts, 'REFUND', amountCents, balanceAfterCents);
  await writeCall(db, ctx, {
    guard: { accountId: facts.accountId!, moneyVersion: locked ? null : now.moneyVersion },
    records: [own, ...taking.records],
    moves: [...moves, ...taking.moves],
    newBenefits,
    audit: auditEntry(facts, own),
    notices: alert ? [alert] : [],
  });
  return answerFrom(own, answered, [], balanceAfterCents, taking.takenBack);
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
 * A new regular benefit for a part of a refund whose benefit is no longer spendable (expired, expunged, voided): the
 * same funding source, available today, the program's benefit life, holding the part. Not counted as issued against
 * the funding source: the money was issued once already, and this only carries what the merchant gave back.
 */
function replacementBenefit(
  ctx: Pick<RequestContext, 'now'>,
  facts: CallFacts,
  from: MovedBenefit,
  cents: number,
): CallWrite['newBenefits'][number] & { authorizationNumber: string } {
  return {
    ...benefitInsertRow(
      {
        programId: facts.programId!,
        accountId: facts.accountId!,
        agencyId: facts.agencyId,
        fundingId: from.fundingSourceId,
        authorizationNumber: `R${incentiveAuthorizationNumber(facts.today, randomBytes(8).readBigUInt64BE()).slice(1)}`,
        benefitTypeId: BENEFIT_TYPE.REGULAR,
        availableDate: facts.today,
        expirationDate: refundBenefitExpiration(facts.today, facts.benefitExpirationDays),
        amountCents: cents,
        note: 'Refund of a purchase',
        creationChannel: 'POS',
      },
      ctx.now(),
    ),
    uuid: randomUUID(),
  };
}
