import type { BalanceInquiryBody, PosAnswer } from '@ebt/core/pos';
import { RESPONSE_CODE, TRANSACTION_TYPE } from '../../db/reference-data.js';
import type { RequestContext } from '../../platform/context.js';
import { keyedHash } from '../../platform/crypto.js';
import { answerFrom, writeCall } from './call-write.js';
import { callFactsWithFunds } from './call.js';
import type { TerminalCredentials } from './credentials.js';
import { auditEntry, baseRecord, declinedCall, writtenAlone } from './flow.js';
import { requestDigest } from './retry.js';
import { cardDecline, writtenDay } from './rules.js';

// POST /transaction-api/pos/balance-inquiry (issue 20 item 7): the card's spendable balance in its program and the
// soonest expiry among its spendable benefits, recorded as a transaction (type 3); nothing changes. The same checks
// as a purchase decline it (a locked card's balance is not told at a stall). Two round trips, as a purchase: the
// facts with the spendable benefits (read without a lock: an inquiry moves no money), then its one write.

export async function balanceInquiry(
  ctx: RequestContext,
  credentials: TerminalCredentials | null,
  body: BalanceInquiryBody,
): Promise<PosAnswer> {
  const request = { ...body, traceDay: writtenDay(body.terminalDateTime) };
  const panHash = keyedHash(body.pan, ctx.config.hmacKey);
  const { facts, funds } = await callFactsWithFunds(
    ctx,
    credentials,
    {
      panHash,
      panPrefix: body.pan.slice(0, 9),
      traceDay: request.traceDay,
      traceNumber: body.traceNumber,
      reversal: false,
      digest: requestDigest({ kind: 'balance-inquiry', panHash }, ctx.config.hmacKey),
    },
    false,
  );
  // A used trace number is answered by the frames (declinedCall, writtenAlone) as the retry rule says (retry.ts).
  const base = baseRecord(facts, request, ctx.now(), TRANSACTION_TYPE.BALANCE_INQUIRY, 0);
  const decline = cardDecline(facts);
  if (decline) return declinedCall(ctx, facts, base, decline);
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
    });
    return { ...answerFrom(own, [], [], balance), soonestExpiration: soonest };
  });
}
