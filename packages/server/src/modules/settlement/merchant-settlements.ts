import {
  BATCH_TRANSACTIONS_CAP,
  type BatchTransactionsPage,
  type BatchTransactionsQuery,
  type MerchantBatchList,
  SETTLEMENT_LIST_CAP,
  SETTLEMENT_MESSAGES,
} from '@ebt/core/settlement';
import { totalPages } from '@ebt/core/pager';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { batchTransactions, countBatchTransactions, findMerchantInScope, merchantBatches } from './merchant-queries.js';
import { batchLines, findBatch } from './queries.js';

// One merchant's settlements (decision 0068): the batches that paid it (the merchant detail's
// "Settlements") and its transactions of one batch (a batch page's merchant line opens them). Scope as the batches:
// platform administrators all, program admins their programs' batches and the merchants mapped to their programs.

/** GET /settlement-api/merchants/{merchantUuid}/batches: newest first, at most SETTLEMENT_LIST_CAP. */
export async function getMerchantBatches(context: RequestContext, merchantUuid: string): Promise<MerchantBatchList> {
  const ctx = requireCaller(context);
  const merchant = await findMerchantInScope(ctx.db, ctx.caller, merchantUuid.toLowerCase());
  if (!merchant) throw AppError.notFound(SETTLEMENT_MESSAGES.MERCHANT_NOT_FOUND);
  const rows = await merchantBatches(ctx.db, ctx.caller, merchant.id, SETTLEMENT_LIST_CAP + 1);
  const data = rows.slice(0, SETTLEMENT_LIST_CAP);
  return { data, totalCount: data.length, countCapped: rows.length > SETTLEMENT_LIST_CAP };
}

/**
 * The batch and the merchant in the caller's scope, and the merchant's lines of the batch: 404 when the batch or the
 * merchant is missing or out of scope, and when the batch paid the merchant nothing (it has no line of it).
 */
export async function merchantOfBatch(ctx: CallerContext, batchUuid: string, merchantUuid: string) {
  const found = await findBatch(ctx.db, ctx.caller, batchUuid.toLowerCase());
  if (!found) throw AppError.notFound(SETTLEMENT_MESSAGES.BATCH_NOT_FOUND);
  const merchant = await findMerchantInScope(ctx.db, ctx.caller, merchantUuid.toLowerCase());
  if (!merchant) throw AppError.notFound(SETTLEMENT_MESSAGES.MERCHANT_NOT_FOUND);
  const lines = (await batchLines(ctx.db, found.id)).filter((l) => l.merchantUuid === merchant.uuid);
  if (lines.length === 0) throw AppError.notFound(SETTLEMENT_MESSAGES.MERCHANT_NOT_IN_BATCH);
  return { found, merchant, lines };
}

/** GET /settlement-api/batches/{batchUuid}/merchants/{merchantUuid}/transactions: a page, in time order. */
export async function getBatchTransactions(
  context: RequestContext,
  batchUuid: string,
  merchantUuid: string,
  query: BatchTransactionsQuery,
): Promise<BatchTransactionsPage> {
  const ctx = requireCaller(context);
  const { found, merchant } = await merchantOfBatch(ctx, batchUuid, merchantUuid);
  // The offset is capped with the count (architecture.md "Search and lists"): pages past the cap answer no rows.
  const offset = query.page * query.pageSize;
  const limit = Math.max(0, Math.min(query.pageSize, BATCH_TRANSACTIONS_CAP - offset));
  const counted = await countBatchTransactions(ctx.db, found.id, merchant.id, BATCH_TRANSACTIONS_CAP);
  const data = limit > 0 ? await batchTransactions(ctx.db, found.id, merchant.id, { limit, offset }) : [];
  const totalCount = Math.min(counted, BATCH_TRANSACTIONS_CAP);
  return {
    data,
    page: query.page,
    totalCount,
    totalPages: totalPages(totalCount, query.pageSize),
    countCapped: counted > BATCH_TRANSACTIONS_CAP,
    merchantUuid: merchant.uuid,
    merchantName: merchant.name,
    merchantIdentifier: merchant.identifier,
    batchNbr: found.batch.batchNbr,
    businessDay: found.batch.businessDay,
    programUuid: found.batch.programUuid,
    programName: found.batch.programName,
  };
}
