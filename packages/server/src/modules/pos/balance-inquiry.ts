import type { BalanceInquiryBody, PosAnswer } from '@ebt/core/pos';
import { RESPONSE_CODE, TRANSACTION_TYPE } from '../../db/reference-data.js';
import type { RequestContext } from '../../platform/context.js';
import { hasSqlState } from '../../platform/errors.js';
import { answerFrom, FUNDS_CHANGED_SQLSTATE, writeCall } from './call-write.js';
import { callFactsWithFunds, type TracedCallFacts } from './call.js';
import type { TerminalCredentials } from './credentials.js';
import { auditEntry, baseRecord, declinedCall, writtenAlone } from './flow.js';
import { callCard, payCodeCheck, payCodeRefused } from './pay-code.js';
import { pinDeclined, pinMaterial, pinVerdict } from './pin.js';
import { requestDigest } from './retry.js';
import { cardDecline, writtenDay } from './rules.js';

// POST /transaction-api/pos/balance-inquiry: the card's spendable balance in its program and the
// soonest expiry among its spendable benefits, recorded as a transaction (type 3); nothing changes. The same checks
// as a purchase decline it (a locked card's balance is not told at a stall), the PIN and the pay code included. Two
// round trips, as a purchase: the facts with the spendable benefits (read without a lock: an inquiry moves no money),
// then its one write (a pay code spends itself in one more, between them).

/**
 * An inquiry's write is undone only when the card ran out of PIN tries since its facts were read (its PIN guard,
 * call-write.ts): it reads again and is declined 75. A bound all the same, as a purchase's.
 */
const ATTEMPTS = 3;

export async function balanceInquiry(
  ctx: RequestContext,
  credentials: TerminalCredentials | null,
  body: BalanceInquiryBody,
): Promise<PosAnswer> {
  const request = { ...body, traceDay: writtenDay(body.terminalDateTime) };
  const card = callCard(body, ctx.config);
  const pin = pinMaterial(body.pin, card.identity, ctx.config.pinKeys);
  const keys = {
    panHashes: card.panHashes,
    panPrefix: card.panPrefix,
    deviceUuid: card.payCode?.deviceUuid ?? null,
    traceDay: request.traceDay,
    traceNumber: body.traceNumber,
    reversal: false,
    digest: requestDigest({ kind: 'balance-inquiry', panHash: card.identity, pin }, ctx.config.hmacKey),
  };
  const payCode = card.payCode ? payCodeCheck(ctx, card.payCode, request) : null;
  for (let attempt = 1; ; attempt += 1) {
    const { facts, funds } = await callFactsWithFunds(ctx, credentials, keys, false);
    try {
      return await inquiryWith(ctx, facts, funds, body.pin, payCode, request);
    } catch (error) {
      if (attempt >= ATTEMPTS || !hasSqlState(error, FUNDS_CHANGED_SQLSTATE)) throw error;
    }
  }
}

async function inquiryWith(
  ctx: RequestContext,
  facts: TracedCallFacts,
  funds: Awaited<ReturnType<typeof callFactsWithFunds>>['funds'],
  pinSent: string | undefined,
  payCode: ReturnType<typeof payCodeCheck> | null,
  request: BalanceInquiryBody & { traceDay: string },
): Promise<PosAnswer> {
  // A used trace number is answered by the frames (declinedCall, writtenAlone) as the retry rule says (retry.ts).
  const recordOf = (f: TracedCallFacts) => baseRecord(f, request, ctx.now(), TRANSACTION_TYPE.BALANCE_INQUIRY, 0);
  const refused = payCode && facts.existingId === null ? await payCode(facts) : null;
  if (refused) return payCodeRefused(ctx, facts, refused, recordOf);
  const base = recordOf(facts);
  const decline = cardDecline(facts);
  if (decline) return declinedCall(ctx, facts, base, decline);
  const pin = pinVerdict(facts, pinSent, ctx.config.pinKeys);
  if (!pin.ok) return pinDeclined(ctx, facts, base, pin);
  const balance = funds.balanceCents;
  const own = { ...base, respCodeId: RESPONSE_CODE.APPROVED, startBalanceCents: balance, endBalanceCents: balance };
  // The funds are the spendable benefits with a balance, so their earliest expiry is the one the answer tells.
  const soonest = funds.benefits.reduce<string | null>(
    (min, b) => (min === null || b.expirationDate < min ? b.expirationDate : min),
    null,
  );
  return writtenAlone(ctx, facts, base, async (db) => {
    await writeCall(db, ctx, {
      records: [own],
      moves: [],
      newBenefits: [],
      audit: auditEntry(facts, base),
      notices: [],
      pin: pin.guard,
    });
    return { ...answerFrom(own, [], [], balance), soonestExpiration: soonest };
  });
}
