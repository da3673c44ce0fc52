import type { BalanceInquiryBody, PosAnswer } from '@ebt/core/pos';
import { RESPONSE_CODE, TRANSACTION_TYPE } from '../../db/reference-data.js';
import type { RequestContext } from '../../platform/context.js';
import { keyedHash } from '../../platform/crypto.js';
import { callFacts } from './call.js';
import type { TerminalCredentials } from './credentials.js';
import { baseRecord, declinedCall, recordedCall } from './flow.js';
import { writeTransactions } from './records.js';
import { requestDigest } from './retry.js';
import { cardDecline, writtenDay } from './rules.js';
import { sql } from 'drizzle-orm';
import { toCents } from '@ebt/core/format';

// POST /transaction-api/pos/balance-inquiry (issue 20 item 7): the card's spendable balance in its program and the
// soonest expiry among its spendable benefits, recorded as a transaction (type 3); nothing changes. The same checks
// as a purchase decline it (a locked card's balance is not told at a stall).

export async function balanceInquiry(
  ctx: RequestContext,
  credentials: TerminalCredentials | null,
  body: BalanceInquiryBody,
): Promise<PosAnswer> {
  const request = { ...body, traceDay: writtenDay(body.terminalDateTime) };
  const panHash = keyedHash(body.pan, ctx.config.hmacKey);
  const facts = await callFacts(ctx, credentials, {
    panHash,
    panPrefix: body.pan.slice(0, 9),
    traceDay: request.traceDay,
    traceNumber: body.traceNumber,
    reversal: false,
    digest: requestDigest({ kind: 'balance-inquiry', panHash }, ctx.config.hmacKey),
  });
  // A used trace number is answered by the frames (declinedCall, recordedCall) as the retry rule says (retry.ts).
  const base = baseRecord(facts, request, ctx.now(), TRANSACTION_TYPE.BALANCE_INQUIRY, 0);
  const decline = cardDecline(facts);
  if (decline) return declinedCall(ctx, facts, base, decline);
  return recordedCall(ctx, facts, base, async (tx) => {
    const result = await tx.execute(sql`
      select coalesce(sum(b.balance), 0) as balance from benefits b
      where b.account_id = ${facts.accountId} and b.program_id = ${facts.programId} and b.status_id = 0
        and b.available_date <= ${facts.today}::date and b.expiration_date >= ${facts.today}::date and b.balance > 0`);
    const balance = toCents((result as unknown as { rows: { balance: string | number }[] }).rows[0]!.balance);
    const ids = await writeTransactions(tx, [
      { ...base, respCodeId: RESPONSE_CODE.APPROVED, startBalanceCents: balance, endBalanceCents: balance },
    ]);
    return ids.get(base.uuid)!;
  });
}
