import { feeCents, planPurchase, type BenefitLine, type PosAnswer, type PurchaseBody } from '@ebt/core/pos';
import { RESPONSE_CODE, TRANSACTION_TYPE } from '../../db/reference-data.js';
import type { RequestContext } from '../../platform/context.js';
import { keyedHash } from '../../platform/crypto.js';
import { accrualWrite, earnings } from './accrual.js';
import { answerFrom, writeCall } from './call-write.js';
import { callFacts } from './call.js';
import type { TerminalCredentials } from './credentials.js';
import { alertNotice } from './alerts.js';
import { auditEntry, baseRecord, declinedCall, writtenCall } from './flow.js';
import { lockFunds } from './funds.js';
import { requestDigest } from './retry.js';
import { cardDecline, maxAmountCents, newAuthNumber, overMaximum, writtenDay } from './rules.js';

// POST /transaction-api/pos/purchase (issue 20 items 2-4; docs/transaction-engine.md "Purchase"). The checks in
// order, then under the account's lock: the spendable benefits oldest expiring first, the debit, the accrual of each
// incentive the recipient is enrolled in, the alert. A copy of a call (same terminal, day and trace number, and the
// same card, amounts and allowPartial) gets the first answer and changes nothing; another call under a used trace
// number is declined 94 (retry.ts, applied by the frames of flow.ts).

const cents = (dollars: number) => Math.round(dollars * 100);

/** The redemption fee a purchase records: each incentive benefit's share × its incentive's redemptionFeeRate. */
export function redemptionFee(lines: readonly BenefitLine[], rateOf: (benefitId: number) => string | null): number {
  return lines.reduce((sum, l) => {
    const rate = rateOf(l.benefitId);
    return rate ? sum + feeCents(l.cents, rate) : sum;
  }, 0);
}

export async function purchase(
  ctx: RequestContext,
  credentials: TerminalCredentials | null,
  body: PurchaseBody,
): Promise<PosAnswer> {
  const request = { ...body, traceDay: writtenDay(body.terminalDateTime) };
  const panHash = keyedHash(body.pan, ctx.config.hmacKey);
  const amountCents = cents(body.amount);
  const eligibleCents = body.eligibleAmount === undefined ? amountCents : cents(body.eligibleAmount);
  const allowPartial = body.allowPartial === true;
  const facts = await callFacts(ctx, credentials, {
    panHash,
    panPrefix: body.pan.slice(0, 9),
    traceDay: request.traceDay,
    traceNumber: body.traceNumber,
    reversal: false,
    digest: requestDigest({ kind: 'purchase', panHash, amountCents, eligibleCents, allowPartial }, ctx.config.hmacKey),
  });

  const at = ctx.now();
  const base = { ...baseRecord(facts, request, at, TRANSACTION_TYPE.PURCHASE, amountCents), eligibleCents };
  const early = cardDecline(facts) ?? overMaximum(amountCents, await maxAmountCents(ctx.db, facts.today));
  if (early) return declinedCall(ctx, facts, base, early);

  return writtenCall(ctx, facts, base, async (tx) => {
    const funds = await lockFunds(tx, facts.accountId!, facts.programId!, facts.today, true);
    const plan = planPurchase(funds.benefits, amountCents, eligibleCents, allowPartial);
    const audit = auditEntry(facts, base);
    if (!plan.approved) {
      const declined = {
        ...base,
        respCodeId: RESPONSE_CODE.INSUFFICIENT_FUNDS,
        startBalanceCents: funds.balanceCents,
        endBalanceCents: funds.balanceCents,
      };
      await writeCall(tx, ctx, { records: [declined], moves: [], newBenefits: [], audit, notices: [] });
      return answerFrom(declined, [], [], funds.balanceCents);
    }
    const byId = new Map(funds.benefits.map((b) => [b.id, b]));
    const redemptionFeeCents = redemptionFee(plan.lines, (id) => {
      const b = byId.get(id)!;
      return b.typeId === 2 ? b.redemptionFeeRate : null;
    });
    const balanceAfterCents = funds.balanceCents - plan.approvedCents;
    const own = {
      ...base,
      respCodeId: RESPONSE_CODE.APPROVED,
      settleCents: plan.approvedCents,
      settleDate: facts.today,
      authNumber: newAuthNumber(),
      eligibleCents: Math.min(eligibleCents, plan.approvedCents),
      redemptionFeeCents,
      startBalanceCents: funds.balanceCents,
      endBalanceCents: balanceAfterCents,
    };
    const accrual = accrualWrite(ctx, facts, own, balanceAfterCents, earnings(plan.accrualBaseCents, funds.enrolments));
    const alert = alertNotice(facts, 'PURCHASE', plan.approvedCents, balanceAfterCents);
    await writeCall(tx, ctx, {
      records: [own, ...accrual.records],
      moves: [
        ...plan.lines.map((l) => ({
          trxUuid: own.uuid,
          benefitId: l.benefitId,
          deltaCents: -l.cents,
          amountCents: l.cents,
        })),
        ...accrual.moves,
      ],
      newBenefits: accrual.newBenefits,
      audit,
      notices: alert ? [alert, ...accrual.notices] : accrual.notices,
    });
    return answerFrom(
      own,
      plan.lines.map((l) => {
        const b = byId.get(l.benefitId)!;
        const answered = { benefitUuid: b.uuid, authorizationNumber: b.authorizationNumber, benefitTypeId: b.typeId };
        return { ...answered, cents: l.cents, order: b.id };
      }),
      accrual.incentives,
      accrual.balanceAfterCents,
    );
  });
}
