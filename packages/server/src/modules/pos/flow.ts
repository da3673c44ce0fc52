import { randomUUID } from 'node:crypto';
import { POS_MESSAGES, type PosAnswer } from '@ebt/core/pos';
import type { DbOrTx, Tx } from '../../db/client.js';
import { RESPONSE_CODE, RESPONSE_CODES } from '../../db/reference-data.js';
import { recordAudit, type AuditEntry } from '../../platform/audit.js';
import type { RequestContext } from '../../platform/context.js';
import { hasSqlState, isUniqueViolation } from '../../platform/errors.js';
import type { CallFacts, TracedCallFacts } from './call.js';
import type { Decline } from './rules.js';
import { answerOf, type TransactionRecord } from './records.js';
import { answerFrom, FUNDS_CHANGED_SQLSTATE, writeCall } from './call-write.js';
import { lockAccount } from './funds.js';
import { traceHolder, type TraceHolder } from './retry.js';

// The frame of every engine call (decision 0044): the retry rule first (retry.ts: a copy of the call that holds the
// trace number gets its answer, any other call under it a recorded 94); then its work, which writes the call with its
// audit row in one statement (call-write.ts) and answers from what it computed; a race under the same terminal, day
// and trace number lost to the unique index and answered by the same rule.

/** What the terminal sent that every row of the call carries. */
export interface TerminalRequest {
  traceNumber: string;
  traceDay: string;
  mcc?: string;
  posEntryMode?: string;
  posConditionCode?: string;
  location?: { latitude: number; longitude: number; address?: string };
}

/**
 * The row of a call before its outcome is known: the card, account, merchant and terminal, requested amount, and the
 * digest of what it asked (the facts of a terminal's call carry it; the demo data's replay has none).
 */
export function baseRecord(
  facts: CallFacts & { requestDigest?: string },
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
    requestDigest: facts.requestDigest ?? null,
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
 * The answer of a call under a trace number its terminal already used that day (retry.ts), or null for a fresh one:
 * to a copy of the call that holds it, that call's answer; to any other call, a 94 recorded for this call alone.
 */
export async function usedTraceAnswer(
  ctx: CallContext,
  facts: TracedCallFacts,
  base: TransactionRecord & { uuid: string },
): Promise<PosAnswer | null> {
  if (facts.existingId === null) return null;
  return holderAnswer(ctx, facts, base, { id: facts.existingId, sameRequest: facts.existingSameRequest });
}

/** The retry rule's answer under a trace number `holder` holds. */
function holderAnswer(
  ctx: CallContext,
  facts: TracedCallFacts,
  base: TransactionRecord & { uuid: string },
  holder: TraceHolder,
): Promise<PosAnswer> {
  if (holder.sameRequest) return answerOf(ctx.db, holder.id);
  return recordDecline(ctx, facts, base, { respCodeId: RESPONSE_CODE.DUPLICATE, text: POS_MESSAGES.TRACE_USED });
}

/**
 * Runs a call whose work writes everything in one statement (`writeCall`, decision 0072: its audit row and dashboard
 * queue rows included) and answers from what it computed. A used trace number, or a race lost to another call under
 * it, is answered by the retry rule instead.
 */
export async function writtenCall(
  ctx: CallContext,
  facts: TracedCallFacts,
  base: TransactionRecord & { uuid: string },
  work: (tx: Tx) => Promise<PosAnswer>,
): Promise<PosAnswer> {
  return (await usedTraceAnswer(ctx, facts, base)) ?? written(ctx, facts, base, () => ctx.db.transaction(work));
}

/**
 * `writtenCall` for work that is its one write statement, planned from what the call read before (decision 0102):
 * the statement is its own transaction, so there is no BEGIN and COMMIT to wait for.
 */
export async function writtenAlone(
  ctx: CallContext,
  facts: TracedCallFacts,
  base: TransactionRecord & { uuid: string },
  work: (db: DbOrTx) => Promise<PosAnswer>,
): Promise<PosAnswer> {
  return (await usedTraceAnswer(ctx, facts, base)) ?? written(ctx, facts, base, () => work(ctx.db));
}

/**
 * Planned refunds and reversals that found what they read changed before they could write (another call of the card
 * won the race, or staff changed a benefit they move) read and plan again; after this many, the call takes the
 * account's lock first and waits its turn.
 */
const PLANNED_ATTEMPTS = 3;

/**
 * Runs a call that reads what it plans from, plans, and writes once, as a purchase does (decision 0102): `work` reads
 * (with locks when `locked`), plans and writes the call with `writeCall`, its write guarded by the account's money
 * version it read (none when `locked`) and by each benefit it moves being as read. Without a lock first: two round
 * trips, no BEGIN or COMMIT. A write that finds them changed raises SQLSTATE 40001 and nothing of it stays; the work
 * runs again, and after PLANNED_ATTEMPTS losses under the account's lock (BEGIN, the lock, the read, the write,
 * COMMIT), so a card that many calls race for still progresses one call at a time. The retry rule as `writtenCall`.
 */
export async function plannedCall(
  ctx: CallContext,
  facts: TracedCallFacts,
  base: TransactionRecord & { uuid: string },
  work: (db: DbOrTx, locked: boolean) => Promise<PosAnswer>,
): Promise<PosAnswer> {
  for (let attempt = 1; attempt <= PLANNED_ATTEMPTS; attempt += 1) {
    try {
      return await writtenAlone(ctx, facts, base, (db) => work(db, false));
    } catch (error) {
      if (!hasSqlState(error, FUNDS_CHANGED_SQLSTATE)) throw error;
    }
  }
  return writtenCall(ctx, facts, base, async (tx) => {
    await lockAccount(tx, facts.accountId!);
    return work(tx, true);
  });
}

/**
 * Writes a call's own row alone, as `row` says (a decline found in its work: no money moves, so no condition on what
 * was read), with its audit row, and answers it.
 */
export async function writeOwnRow(
  db: DbOrTx,
  ctx: CallContext,
  facts: CallFacts,
  row: TransactionRecord & { uuid: string },
  pin?: Decline['pin'],
): Promise<PosAnswer> {
  const audit = auditEntry(facts, row);
  await writeCall(db, ctx, { records: [row], moves: [], newBenefits: [], audit, notices: [], pin });
  return answerFrom(row, [], [], row.endBalanceCents);
}

/** `writtenCall` and `writtenAlone` after the retry rule's look-up: `run` writes the call. */
async function written(
  ctx: CallContext,
  facts: TracedCallFacts,
  base: TransactionRecord & { uuid: string },
  run: () => Promise<PosAnswer>,
): Promise<PosAnswer> {
  try {
    return await run();
  } catch (error) {
    return raceLost(ctx, facts, base, error);
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

/**
 * The answer of a call that lost the race to the unique terminal-trace index: the call that won holds the trace number
 * now, and the retry rule answers as if it had been there first. Rethrows anything else.
 */
async function raceLost(
  ctx: CallContext,
  facts: TracedCallFacts,
  base: TransactionRecord & { uuid: string },
  error: unknown,
): Promise<PosAnswer> {
  if (!isUniqueViolation(error, 'transactions_terminal_trace_key')) throw error;
  const reversal = base.trxTypeId === 4 || base.trxTypeId === 5;
  const key = { terminalCode: facts.terminalCode, traceDay: base.traceDay, traceNumber: base.traceNumber, reversal };
  const holder = await traceHolder(ctx.db, key, base.requestDigest ?? null);
  if (!holder) throw error;
  return holderAnswer(ctx, facts, base, holder);
}

/** Records a decline found before any lock (no money moves) and answers it; a used trace number as the rule says. */
export async function declinedCall(
  ctx: CallContext,
  facts: TracedCallFacts,
  base: TransactionRecord & { uuid: string },
  decline: Decline,
): Promise<PosAnswer> {
  return (await usedTraceAnswer(ctx, facts, base)) ?? recordDecline(ctx, facts, base, decline);
}

/** `declinedCall` after the retry rule's look-up (a 94 is one of these: it writes outside the unique index). */
async function recordDecline(
  ctx: CallContext,
  facts: TracedCallFacts,
  base: TransactionRecord & { uuid: string },
  decline: Decline,
): Promise<PosAnswer> {
  if (facts.programId === null) return unrecordedDecline(ctx, facts, base, decline);
  const row = { ...base, respCodeId: decline.respCodeId, additionalResponseText: decline.text ?? null };
  // One statement, so no transaction around it: a decline moves no money and locks nothing.
  return written(ctx, facts, base, () => writeOwnRow(ctx.db, ctx, facts, row, decline.pin));
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
