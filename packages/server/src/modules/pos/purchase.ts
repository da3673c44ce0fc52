import { feeCents, planPurchase, type PosAnswer, type PurchaseBody } from '@ebt/core/pos';
import { RESPONSE_CODE, TRANSACTION_TYPE } from '../../db/reference-data.js';
import type { RequestContext } from '../../platform/context.js';
import { keyedHash } from '../../platform/crypto.js';
import { earnings, writeAccruals } from './accrual.js';
import { callFacts } from './call.js';
import type { TerminalCredentials } from './credentials.js';
import { alertRecipient, baseRecord, declinedCall, recordedCall } from './flow.js';
import { lockFunds } from './funds.js';
import { answerOf, writeTransactions } from './records.js';
import { cardDecline, maxAmountCents, newAuthNumber, overMaximum, writtenDay } from './rules.js';

// POST /transaction-api/pos/purchase (issue 20 items 2-4; docs/transaction-engine.md "Purchase"). The checks in
// order, then under the account's lock: the spendable benefits oldest expiring first, the debit, the accrual of each
// incentive the recipient is enrolled in, the alert. A repeated request (same terminal, day and trace number) gets
// the first answer and changes nothing.

const cents = (dollars: number) => Math.round(dollars * 100);

export async function purchase(
  ctx: RequestContext,
  credentials: TerminalCredentials | null,
  body: PurchaseBody,
): Promise<PosAnswer> {
  const request = { ...body, traceDay: writtenDay(body.terminalDateTime) };
  const facts = await callFacts(ctx, credentials, {
    panHash: keyedHash(body.pan, ctx.config.hmacKey),
    panPrefix: body.pan.slice(0, 9),
    traceDay: request.traceDay,
    traceNumber: body.traceNumber,
    reversal: false,
  });
  if (facts.existingId !== null) return answerOf(ctx.db, facts.existingId);

  const amountCents = cents(body.amount);
  const eligibleCents = body.eligibleAmount === undefined ? amountCents : cents(body.eligibleAmount);
  const at = ctx.now();
  const base = { ...baseRecord(facts, request, at, TRANSACTION_TYPE.PURCHASE, amountCents), eligibleCents };
  const early = cardDecline(facts) ?? overMaximum(amountCents, await maxAmountCents(ctx.db, facts.today));
  if (early) return declinedCall(ctx, facts, base, early);

  return recordedCall(ctx, facts, base, async (tx) => {
    const funds = await lockFunds(tx, facts.accountId!, facts.programId!, facts.today, true);
    const plan = planPurchase(funds.benefits, amountCents, eligibleCents, body.allowPartial === true);
    if (!plan.approved) {
      const ids = await writeTransactions(tx, [
        {
          ...base,
          respCodeId: RESPONSE_CODE.INSUFFICIENT_FUNDS,
          startBalanceCents: funds.balanceCents,
          endBalanceCents: funds.balanceCents,
        },
      ]);
      return ids.get(base.uuid)!;
    }
    const feeRates = new Map(funds.benefits.map((b) => [b.id, b.typeId === 2 ? b.redemptionFeeRate : null]));
    const redemptionFeeCents = plan.lines.reduce((sum, l) => {
      const rate = feeRates.get(l.benefitId);
      return rate ? sum + feeCents(l.cents, rate) : sum;
    }, 0);
    const balanceAfterCents = funds.balanceCents - plan.approvedCents;
    const ids = await writeTransactions(
      tx,
      [
        {
          ...base,
          respCodeId: RESPONSE_CODE.APPROVED,
          settleCents: plan.approvedCents,
          settleDate: facts.today,
          authNumber: newAuthNumber(),
          eligibleCents: Math.min(eligibleCents, plan.approvedCents),
          redemptionFeeCents,
          startBalanceCents: funds.balanceCents,
          endBalanceCents: balanceAfterCents,
        },
      ],
      plan.lines.map((l) => ({
        trxUuid: base.uuid,
        benefitId: l.benefitId,
        deltaCents: -l.cents,
        amountCents: l.cents,
      })),
    );
    const purchaseId = ids.get(base.uuid)!;
    await alertRecipient(tx, ctx, facts, 'PURCHASE', plan.approvedCents, balanceAfterCents);
    // Last, as its issuance roll-up row is shared and held to the commit.
    await writeAccruals(tx, ctx, {
      facts,
      purchaseId,
      trxDatetime: at,
      balanceAfterCents,
      earned: earnings(plan.accrualBaseCents, funds.enrolments),
    });
    return purchaseId;
  });
}
