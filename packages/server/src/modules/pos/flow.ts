import { randomUUID } from 'node:crypto';
import { formatMoney } from '@ebt/core/format';
import { fillMessage } from '@ebt/core/messages';
import { MESSAGES_ES, spanishNoticeMoney } from '@ebt/core/i18n';
import { POS_NOTICES, type PosAnswer } from '@ebt/core/pos';
import type { Tx } from '../../db/client.js';
import { NOTIFICATION_EVENT, RESPONSE_CODE, RESPONSE_CODES } from '../../db/reference-data.js';
import { recordAudit, type AuditEntry } from '../../platform/audit.js';
import type { RequestContext } from '../../platform/context.js';
import { isUniqueViolation } from '../../platform/errors.js';
import { notifyAccounts, type RecipientNotice } from '../../platform/recipient-notices.js';
import type { CallFacts } from './call.js';
import type { Decline } from './rules.js';
import { answerOf, collectWritten, type TransactionRecord } from './records.js';
import { answerFrom, writeCall } from './call-write.js';
import { queueTransactionTotals } from '../dashboard/index.js';
import { sql } from 'drizzle-orm';

// The frame of every engine call (decision 0044): its work in one database transaction with its audit row; a race
// with a copy of itself (same terminal, day and trace number) lost to the unique index and answered with the
// winner's answer; the answer read back from what was written.

/** What the terminal sent that every row of the call carries. */
export interface TerminalRequest {
  traceNumber: string;
  traceDay: string;
  mcc?: string;
  posEntryMode?: string;
  posConditionCode?: string;
  location?: { latitude: number; longitude: number; address?: string };
}

/** The row of a call before its outcome is known: the card, account, merchant and terminal, requested amount. */
export function baseRecord(
  facts: CallFacts,
  request: TerminalRequest,
  at: Date,
  trxTypeId: number,
  reqCents: number,
): TransactionRecord & { uuid: string } {
  return {
    uuid: randomUUID(),
    trxDatetime: at,
    programId: facts.programId!,
    agencyId: facts.agencyId,
    accountId: facts.accountId,
    panId: facts.panId,
    merchantId: facts.merchantId,
    trxTypeId,
    respCodeId: RESPONSE_CODE.APPROVED,
    reqCents,
    settleCents: null,
    settleDate: null,
    authNumber: null,
    traceNumber: request.traceNumber,
    traceDay: request.traceDay,
    mcc: request.mcc ?? null,
    terminalId: facts.terminalCode,
    panEntryMode: request.posEntryMode ?? null,
    posConditionCode: request.posConditionCode ?? null,
    locationAddress: request.location?.address ?? null,
    latitude: request.location?.latitude ?? null,
    longitude: request.location?.longitude ?? null,
    startBalanceCents: null,
    endBalanceCents: null,
  };
}

/** The audit action of each transaction type's engine call. */
const AUDIT_ACTION: Record<number, string> = {
  1: 'pos_purchase',
  2: 'pos_refund',
  3: 'pos_balance_inquiry',
  4: 'pos_reversal',
  5: 'pos_reversal',
};

export type CallContext = Pick<RequestContext, 'db' | 'now' | 'log' | 'caller' | 'ip' | 'requestId'>;

/**
 * Runs a call's work in one transaction, audits it, and answers what it wrote. `work` answers the id of the call's
 * own row. A copy of the same call that won the race (the unique terminal-trace index) is answered instead.
 */
export async function recordedCall(
  ctx: CallContext,
  facts: CallFacts,
  base: TransactionRecord & { uuid: string },
  work: (tx: Tx) => Promise<number>,
): Promise<PosAnswer> {
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      // The audit row first: the work ends with the shared issuance roll-up rows, held from their update to the commit.
      await recordAudit(tx, ctx, auditEntry(facts, base));
      const ids = collectWritten(tx);
      const own = await work(tx);
      // Every row of the call queued for the dashboard's daily roll-ups (decisions 0053, 0066): an insert that waits
      // on no other call; the fold job adds them within seconds.
      await queueTransactionTotals(tx, ids);
      return own;
    });
  } catch (error) {
    return answerOf(ctx.db, await raceWinner(ctx, facts, base, error));
  }
  return answerOf(ctx.db, id);
}

/**
 * Runs a call whose work writes everything in one statement (`writeCall`, decision 0072: its audit row and dashboard
 * queue rows included) and answers from what it computed. A copy that won the race is answered instead.
 */
export async function writtenCall(
  ctx: CallContext,
  facts: CallFacts,
  base: TransactionRecord & { uuid: string },
  work: (tx: Tx) => Promise<PosAnswer>,
): Promise<PosAnswer> {
  try {
    return await ctx.db.transaction(work);
  } catch (error) {
    return answerOf(ctx.db, await raceWinner(ctx, facts, base, error));
  }
}

/** The audit entry of a call. */
export function auditEntry(facts: CallFacts, base: TransactionRecord & { uuid: string }): AuditEntry {
  return {
    action: AUDIT_ACTION[base.trxTypeId] ?? 'pos_call',
    entity: 'transaction',
    entityId: base.uuid,
    after: { terminalId: facts.terminalCode, traceNumber: base.traceNumber, amount: base.reqCents / 100 },
  };
}

/** The id of the copy of this call that won the race to the unique terminal-trace index; rethrows anything else. */
async function raceWinner(
  ctx: CallContext,
  facts: CallFacts,
  base: TransactionRecord,
  error: unknown,
): Promise<number> {
  if (!isUniqueViolation(error, 'transactions_terminal_trace_key')) throw error;
  const first = await ctx.db.execute(sql`
    select id from transactions
    where terminal_id = ${facts.terminalCode} and trace_day = ${base.traceDay}::date
      and trace_number = ${base.traceNumber} and (trx_type_id in (4, 5)) = ${base.trxTypeId === 4 || base.trxTypeId === 5}`);
  const row = (first as unknown as { rows: { id: string | number }[] }).rows[0];
  if (!row) throw error;
  return Number(row.id);
}

/** Records a decline found before any lock (no money moves) and answers it. */
export async function declinedCall(
  ctx: CallContext,
  facts: CallFacts,
  base: TransactionRecord & { uuid: string },
  decline: Decline,
): Promise<PosAnswer> {
  if (facts.programId === null) return unrecordedDecline(ctx, facts, base, decline);
  const row = { ...base, respCodeId: decline.respCodeId, additionalResponseText: decline.text ?? null };
  return writtenCall(ctx, facts, base, async (tx) => {
    await writeCall(tx, ctx, {
      records: [row],
      moves: [],
      newBenefits: [],
      audit: auditEntry(facts, base),
      notices: [],
      issuance: [],
    });
    return answerFrom(row, [], [], row.endBalanceCents);
  });
}

/**
 * A decline that names no program (an unknown card whose digits name no program, at a merchant mapped to none): a
 * transaction row must belong to a program, so it is answered and audited only.
 */
async function unrecordedDecline(
  ctx: CallContext,
  facts: CallFacts,
  base: TransactionRecord,
  decline: Decline,
): Promise<PosAnswer> {
  const code = RESPONSE_CODES.find((c) => c.id === decline.respCodeId)!;
  await recordAudit(ctx.db, ctx, {
    action: AUDIT_ACTION[base.trxTypeId] ?? 'pos_call',
    entity: 'merchant_terminal',
    entityId: facts.terminalCode,
    after: { traceNumber: base.traceNumber, responseCode: code.code },
  });
  return {
    trxUuid: null,
    transactionTypeId: base.trxTypeId,
    responseCode: code.code,
    responseText: code.descr,
    additionalResponseText: decline.text ?? null,
    authNumber: null,
    requestedAmount: base.reqCents / 100,
    approvedAmount: 0,
    balanceAfter: null,
    soonestExpiration: null,
    benefits: [],
    incentiveEarned: 0,
    incentives: [],
    incentiveTakenBack: 0,
    incentiveNotRecovered: 0,
  };
}

/** The Spanish alerts (core i18n; every one of them is required there). */
const ES = MESSAGES_ES.POS_NOTICES as Record<keyof typeof POS_NOTICES, string>;

/** The per-transaction alert of an approved purchase, refund or reversal, when the recipient chose it; else null. */
export function alertNotice(
  facts: CallFacts,
  kind: keyof typeof POS_NOTICES & ('PURCHASE' | 'REFUND' | 'REVERSAL'),
  amountCents: number,
  balanceCents: number,
): RecipientNotice | null {
  if (!facts.alertsOn || facts.accountId === null) return null;
  const values = {
    last4: facts.panLast4 ?? '',
    merchant: facts.merchantName,
    program: facts.programName ?? '',
  };
  const text = fillMessage(POS_NOTICES[kind], {
    ...values,
    amount: formatMoney(amountCents / 100),
    balance: formatMoney(balanceCents / 100),
  });
  // The e-mail or SMS of a recipient who chose Spanish (docs/i18n.md), its amounts as es-US writes them.
  const es = {
    subject: ES.SUBJECT,
    text: fillMessage(ES[kind], {
      ...values,
      amount: spanishNoticeMoney(amountCents / 100),
      balance: spanishNoticeMoney(balanceCents / 100),
    }),
  };
  return { accountId: facts.accountId, eventId: NOTIFICATION_EVENT.PURCHASE, text, subject: POS_NOTICES.SUBJECT, es };
}

/** Writes the per-transaction alert (see `alertNotice`) through the recipient-notice path. */
export async function alertRecipient(
  tx: Tx,
  ctx: Pick<RequestContext, 'now' | 'log'>,
  facts: CallFacts,
  kind: keyof typeof POS_NOTICES & ('PURCHASE' | 'REFUND' | 'REVERSAL'),
  amountCents: number,
  balanceCents: number,
): Promise<void> {
  const notice = alertNotice(facts, kind, amountCents, balanceCents);
  if (notice) await notifyAccounts(tx, ctx, [notice], 'pos-alert');
}
