import { feeCents, planPurchase, type BenefitLine, type PosAnswer, type PurchaseBody } from '@ebt/core/pos';
import { RESPONSE_CODE, TRANSACTION_TYPE } from '../../db/reference-data.js';
import type { RequestContext } from '../../platform/context.js';
import { hasSqlState } from '../../platform/errors.js';
import type { DbOrTx } from '../../db/client.js';
import { accrualWrite, earnings } from './accrual.js';
import { answerFrom, FUNDS_CHANGED_SQLSTATE, writeCall, type CallRecord, type MoneyGuard } from './call-write.js';
import { callFacts, callFactsWithFunds, type TracedCallFacts } from './call.js';
import type { TerminalCredentials } from './credentials.js';
import { alertNotice } from './alerts.js';
import { auditEntry, baseRecord, declinedCall, writtenAlone, writtenCall, type TerminalRequest } from './flow.js';
import { lockFunds, type LockedFunds } from './funds.js';
import { callCard, payCodeCheck, payCodeRefused, type PayCodeRefusal } from './pay-code.js';
import { pinDeclined, pinMaterial, pinVerdict } from './pin.js';
import { requestDigest } from './retry.js';
import { cardDecline, maxAmountCents, newAuthNumber, overMaximum, writtenDay } from './rules.js';

// POST /transaction-api/pos/purchase (docs/transaction-engine.md "Purchase"). The card, by its
// number or a pay code (pay-code.ts); the checks in order, the card's PIN among them (pin.ts); then under the
// account's lock: the spendable benefits oldest expiring first, the debit, the accrual of each incentive the recipient
// is enrolled in, the alert. A copy of a call (same terminal, day and trace number, and the same card, PIN, amounts and
// allowPartial) gets the first answer and changes nothing; another call under a used trace number is declined 94
// (retry.ts, applied by the frames of flow.ts).

const cents = (dollars: number) => Math.round(dollars * 100);

/** The redemption fee a purchase records: each incentive benefit's share × its incentive's redemptionFeeRate. */
export function redemptionFee(lines: readonly BenefitLine[], rateOf: (benefitId: number) => string | null): number {
  return lines.reduce((sum, l) => {
    const rate = rateOf(l.benefitId);
    return rate ? sum + feeCents(l.cents, rate) : sum;
  }, 0);
}

/**
 * Planned purchases that found their funds changed before they could write (another call of the same card won the
 * race) read and plan again; after this many, the purchase takes the account's lock first and waits its turn.
 */
const OPTIMISTIC_ATTEMPTS = 3;

export async function purchase(
  ctx: RequestContext,
  credentials: TerminalCredentials | null,
  body: PurchaseBody,
): Promise<PosAnswer> {
  const request = { ...body, traceDay: writtenDay(body.terminalDateTime) };
  const card = callCard(body, ctx.config);
  const amountCents = cents(body.amount);
  const eligibleCents = body.eligibleAmount === undefined ? amountCents : cents(body.eligibleAmount);
  const allowPartial = body.allowPartial === true;
  const pin = pinMaterial(body.pin, card.identity, ctx.config.pinKeys);
  const keys = {
    panHashes: card.panHashes,
    panPrefix: card.panPrefix,
    deviceUuid: card.payCode?.deviceUuid ?? null,
    traceDay: request.traceDay,
    traceNumber: body.traceNumber,
    reversal: false,
    digest: requestDigest(
      { kind: 'purchase', panHash: card.identity, amountCents, eligibleCents, allowPartial, pin },
      ctx.config.hmacKey,
    ),
  };
  const asked = {
    amountCents,
    eligibleCents,
    allowPartial,
    pin: body.pin,
    payCode: card.payCode ? payCodeCheck(ctx, card.payCode, request) : null,
  };

  // Two round trips (decision 0102): the facts with the funds as they are, then one statement that writes the call
  // only if the funds are still as read. Whatever made the funds change is a call of this card that came first.
  for (let attempt = 1; attempt <= OPTIMISTIC_ATTEMPTS; attempt += 1) {
    const read = await callFactsWithFunds(ctx, credentials, keys, true);
    try {
      return await purchaseWith(ctx, read.facts, request, asked, (base, settle) =>
        writtenAlone(ctx, read.facts, base, (db) =>
          settle(db, read.funds, { accountId: read.facts.accountId!, moneyVersion: read.moneyVersion }),
        ),
      );
    } catch (error) {
      if (!hasSqlState(error, FUNDS_CHANGED_SQLSTATE)) throw error;
    }
  }
  // The account's lock, then its funds, then the write: every call of this card waits for the one before it.
  const facts = await callFacts(ctx, credentials, keys);
  return purchaseWith(ctx, facts, request, asked, (base, settle) =>
    writtenCall(ctx, facts, base, async (tx) => {
      const funds = await lockFunds(tx, facts.accountId!, facts.programId!, facts.today, true);
      return settle(tx, funds, { accountId: facts.accountId!, moneyVersion: null });
    }),
  );
}

/** What the terminal asked, as the purchase computes with it; the pay code's check, spent once for the call. */
interface Asked {
  amountCents: number;
  eligibleCents: number;
  allowPartial: boolean;
  pin: string | undefined;
  payCode: ((facts: TracedCallFacts) => Promise<PayCodeRefusal | null>) | null;
}

/** Writes a purchase from its funds: `guard` is the write's condition on the account (call-write.ts MoneyGuard). */
type Settle = (db: DbOrTx, funds: LockedFunds, guard: MoneyGuard) => Promise<PosAnswer>;

/**
 * A purchase on its facts: the checks before any funds, then `write`, which runs `settle` where the funds are (read
 * with the facts, or locked in a transaction).
 */
async function purchaseWith(
  ctx: RequestContext,
  facts: TracedCallFacts,
  request: TerminalRequest,
  asked: Asked,
  write: (base: CallRecord & { uuid: string }, settle: Settle) => Promise<PosAnswer>,
): Promise<PosAnswer> {
  const { amountCents, eligibleCents, allowPartial } = asked;
  const at = ctx.now();
  const recordOf = (f: TracedCallFacts) => ({
    ...baseRecord(f, request, at, TRANSACTION_TYPE.PURCHASE, amountCents),
    eligibleCents,
  });
  // A pay code is checked and spent before anything of its card is (a used trace number is the retry rule's).
  const refused = asked.payCode && facts.existingId === null ? await asked.payCode(facts) : null;
  if (refused) return payCodeRefused(ctx, facts, refused, recordOf);
  const base = recordOf(facts);
  const card = cardDecline(facts);
  if (card) return declinedCall(ctx, facts, base, card);
  const pin = pinVerdict(facts, asked.pin, ctx.config.pinKeys);
  if (!pin.ok) return pinDeclined(ctx, facts, base, pin);
  const over = overMaximum(amountCents, await maxAmountCents(ctx.db, facts.today));
  if (over) return declinedCall(ctx, facts, base, { ...over, pin: pin.guard });

  return write(base, async (db, funds, guard) => {
    const plan = planPurchase(funds.benefits, amountCents, eligibleCents, allowPartial);
    const audit = auditEntry(facts, base);
    if (!plan.approved) {
      const declined = {
        ...base,
        respCodeId: RESPONSE_CODE.INSUFFICIENT_FUNDS,
        startBalanceCents: funds.balanceCents,
        endBalanceCents: funds.balanceCents,
      };
      // A decline moves no money: it is written as the funds were read, with no condition on them but the PIN's.
      await writeCall(db, ctx, { records: [declined], moves: [], newBenefits: [], audit, notices: [], pin: pin.guard });
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
    await writeCall(db, ctx, {
      guard,
      pin: pin.guard,
      records: [own, ...accrual.records],
      moves: [
        ...plan.lines.map((l) => ({
          trxUuid: own.uuid,
          benefitId: l.benefitId,
          deltaCents: -l.cents,
          amountCents: l.cents,
          expected: { balanceCents: byId.get(l.benefitId)!.balanceCents, day: facts.today },
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
