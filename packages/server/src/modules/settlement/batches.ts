import { sql } from 'drizzle-orm';
import {
  type BatchDetail,
  type BatchList,
  type BatchListQuery,
  type CloseBatchAnswer,
  type CloseBatchBody,
  type MarkPaidBody,
  BATCH_STATUS,
  HELD_MERCHANTS_CAP,
  SETTLEMENT_LIST_CAP,
  SETTLEMENT_MESSAGES,
} from '@ebt/core/settlement';
import { recordAudit } from '../../platform/audit.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { programInScope } from '../../platform/search.js';
import { rowsOf } from './close-queries.js';
import { closeBatch } from './close.js';
import { notifyPayoutSent } from './payout-notices.js';
import { batchHolds, batchLines, findBatch, heldMerchants, listBatches } from './queries.js';

// The settlement batches' use cases (decision 0056; docs/settlement.md "API").

/** GET /settlement-api/batches: the caller's batches, newest first (at most SETTLEMENT_LIST_CAP). */
export async function getBatches(context: RequestContext, query: BatchListQuery): Promise<BatchList> {
  const ctx = requireCaller(context);
  const rows = await listBatches(ctx.db, ctx.caller, query.programUuid || undefined, SETTLEMENT_LIST_CAP + 1);
  const data = rows.slice(0, SETTLEMENT_LIST_CAP);
  return { data, totalCount: data.length, countCapped: rows.length > SETTLEMENT_LIST_CAP };
}

/** GET /settlement-api/batches/{batchUuid}: the batch, its merchant lines and its holds. */
export async function getBatch(context: RequestContext, batchUuid: string): Promise<BatchDetail> {
  const ctx = requireCaller(context);
  const found = await findBatch(ctx.db, ctx.caller, batchUuid.toLowerCase());
  if (!found) throw AppError.notFound(SETTLEMENT_MESSAGES.BATCH_NOT_FOUND);
  const [lines, holds] = [await batchLines(ctx.db, found.id), await batchHolds(ctx.db, found.id)];
  return { ...found.batch, lines, holds };
}

/** POST /settlement-api/batches/close: close a batch of the program now, whatever its cut-off. */
export async function closeNow(context: RequestContext, body: CloseBatchBody): Promise<CloseBatchAnswer> {
  const ctx = requireCaller(context);
  const program = await programInScope(ctx, { uuid: body.programUuid.toLowerCase() });
  if (!program) throw AppError.notFound(SETTLEMENT_MESSAGES.PROGRAM_NOT_FOUND);
  const now = ctx.now();
  const outcome = await closeBatch(ctx.db, {
    programId: program.id,
    cutoff: now,
    closedBy: ctx.caller.userId,
    now,
    scheduled: false,
  });
  if (outcome.kind === 'busy') throw AppError.conflict(SETTLEMENT_MESSAGES.CLOSE_IN_PROGRESS);
  if (outcome.kind !== 'closed') {
    // Nobody to pay: no batch was written. The answer says whether held merchants' money is what waits (the screen
    // lists them from GET /settlement-api/holds), and the audit keeps the try.
    const held = await heldMerchants(ctx.db, ctx.caller, program.uuid, HELD_MERCHANTS_CAP);
    const heldCents = held.reduce((sum, h) => sum + Math.round(h.heldAmt * 100), 0);
    await recordAudit(ctx.db, ctx, {
      action: 'settlement_close',
      entity: 'settlement_batch',
      entityId: null,
      after: {
        programUuid: program.uuid,
        cutoffAt: now.toISOString(),
        batchUuid: null,
        heldMerchantCount: held.length,
        heldAmt: heldCents / 100,
      },
    });
    return {
      batch: null,
      message: held.length > 0 ? SETTLEMENT_MESSAGES.NOTHING_TO_PAY_HELD : SETTLEMENT_MESSAGES.NOTHING_TO_SETTLE,
    };
  }
  const [row] = await rowsOf<{ uuid: string }>(
    ctx.db,
    sql`select uuid from settlement_batches where id = ${outcome.batchId}`,
  );
  const batch = (await findBatch(ctx.db, ctx.caller, row!.uuid))!.batch;
  await recordAudit(ctx.db, ctx, {
    action: 'settlement_close',
    entity: 'settlement_batch',
    entityId: batch.batchUuid,
    after: { programUuid: batch.programUuid, cutoffAt: batch.cutoffAt, netAmt: batch.netAmt, heldAmt: batch.heldAmt },
  });
  return { batch, message: SETTLEMENT_MESSAGES.BATCH_CLOSED };
}

/**
 * POST /settlement-api/batches/{batchUuid}/paid: the bank confirmed the deposits; its reference is kept, and the people
 * who sell for each merchant paid are told (payout-notices.ts).
 */
export async function markPaid(context: RequestContext, batchUuid: string, body: MarkPaidBody) {
  const ctx = requireCaller(context);
  return ctx.db.transaction(async (tx) => {
    const found = await findBatch(tx, ctx.caller, batchUuid.toLowerCase(), true);
    if (!found) throw AppError.notFound(SETTLEMENT_MESSAGES.BATCH_NOT_FOUND);
    if (found.batch.statusId === BATCH_STATUS.PAID) throw AppError.conflict(SETTLEMENT_MESSAGES.ALREADY_PAID);
    await tx.execute(sql`update settlement_batches set status_id = ${BATCH_STATUS.PAID},
      paid_at = ${ctx.now().toISOString()}::timestamptz, paid_by = ${ctx.caller.userId},
      bank_reference = ${body.bankReference} where id = ${found.id}`);
    const after = (await findBatch(tx, ctx.caller, found.batch.batchUuid))!.batch;
    await notifyPayoutSent(tx, ctx, found.id);
    await recordAudit(tx, ctx, {
      action: 'settlement_paid',
      entity: 'settlement_batch',
      entityId: found.batch.batchUuid,
      before: { statusId: found.batch.statusId, bankReference: found.batch.bankReference },
      after: { statusId: after.statusId, bankReference: after.bankReference },
    });
    return { batch: after, message: SETTLEMENT_MESSAGES.BATCH_MARKED_PAID };
  });
}
