import type { FastifyReply } from 'fastify';
import { MERCHANT_STATUS_LABEL, type MerchantStatus } from '@ebt/core/enums';
import {
  MERCHANT_EXPORT_HEADERS,
  MERCHANT_EXPORT_ROW_CAP,
  MERCHANT_MESSAGES,
  type MerchantExportQuery,
  type MerchantSearchQuery,
  type MerchantSearchResult,
  merchantSearchCriteria,
  type RecipientMerchantSearchQuery,
  recipientMerchantCriteria,
} from '@ebt/core/merchants';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import {
  cappedList,
  criteriaPlaces,
  defineSearch,
  exportColumns,
  exportSearch,
  batchesById,
} from '../../platform/search.js';
import {
  countMerchantsUpTo,
  exportMerchantBatch,
  type MerchantFilter,
  type MerchantRecord,
  searchMerchantRows,
} from './queries.js';

// GET /merchant-api/merchants and its export (B§2 "Merchants", B§5 "Merchant search", B§7; resolutions 13, 14;
// docs/decisions/0020). A list fetched whole (the screen asks for 1000 and pages 10 at a time), scoped to the
// merchants mapped to the caller's programs (platform admins: all).

const statusText = (statusId: number) => MERCHANT_STATUS_LABEL[statusId as MerchantStatus] ?? String(statusId);

/**
 * The criteria as a filter, or null when the program named cannot match (unknown or outside the caller's scope: the
 * answer is then empty). No criterion at all answers 400 'At least one field must be entered.' (resolution 14), the
 * rule the screen applies by disabling Search.
 */
async function resolveFilter(ctx: CallerContext, query: Omit<MerchantSearchQuery, 'pageSize'>) {
  const criteria = merchantSearchCriteria(query);
  if (Object.keys(criteria).length === 0) throw AppError.badRequest(MERCHANT_MESSAGES.AT_LEAST_ONE_FIELD);
  const { programId, ...texts } = criteria;
  const places = await criteriaPlaces(ctx, { program: programId });
  if (places.unmatchable) return null;
  const filter: MerchantFilter = { ...texts, programId: places.program?.id };
  return filter;
}

const MERCHANTS = defineSearch({
  name: 'merchants',
  // The page is a capped list (cappedList); countCap only bounds the export's count.
  countCap: MERCHANT_EXPORT_ROW_CAP,
  exportCap: MERCHANT_EXPORT_ROW_CAP,
  sheetName: 'Merchants',
  columns: exportColumns<MerchantRecord>(
    MERCHANT_EXPORT_HEADERS,
    [
      'merchantIdentifier',
      'merchantName',
      'fnsNumber',
      'email',
      'businessPhone',
      'mobilePhone',
      'city',
      'stateCode',
      'zipcode',
      (r) => statusText(r.merchantStatusId),
    ],
    { 1: 30, 3: 30 },
  ),
  rows: (db, caller, filter, window) => searchMerchantRows(db, caller, filter, window.limit),
  count: countMerchantsUpTo,
  exportBatch: batchesById(exportMerchantBatch),
});

/** GET /merchant-api/merchants: merchants by name, at most pageSize (default 1000, at most 2000). */
export async function searchMerchants(
  context: RequestContext,
  query: MerchantSearchQuery,
): Promise<MerchantSearchResult> {
  const ctx = requireCaller(context);
  const filter = await resolveFilter(ctx, query);
  if (filter === null) return { data: [], totalCount: 0, countCapped: false };
  const found = await cappedList(query.pageSize, (limit) => searchMerchantRows(ctx.db, ctx.caller, filter, limit));
  return {
    ...found,
    data: found.data.map(({ id: _id, ...row }) => ({ ...row, merchantStatus: statusText(row.merchantStatusId) })),
  };
}

/**
 * GET /merchant-api/merchants/export: the search's matches as CSV (default) or XLSX (exportType=xlsx), without any
 * tax or bank field. The criterion check runs before the first byte.
 */
export async function exportMerchants(
  context: RequestContext,
  query: MerchantExportQuery,
  reply: FastifyReply,
): Promise<void> {
  const ctx = requireCaller(context);
  await exportSearch(ctx, reply, MERCHANTS, await resolveFilter(ctx, query), query.exportType);
}

/**
 * GET /merchant-api/merchants/currentuser (A§5, A§7): the recipient's search, over the active merchants mapped to
 * their programs (the caller's 'self' scope), by name, e-mail, city, state and phone; at least one (400 otherwise).
 * Phones are compared by their digits.
 */
export async function searchOwnMerchants(
  context: RequestContext,
  query: RecipientMerchantSearchQuery,
): Promise<MerchantSearchResult> {
  const ctx = requireCaller(context);
  const criteria = recipientMerchantCriteria(query);
  if (Object.keys(criteria).length === 0) throw AppError.badRequest(MERCHANT_MESSAGES.AT_LEAST_ONE_FIELD);
  const phone = criteria.phone?.replace(/\D/g, '');
  if (criteria.phone !== undefined && !phone) return { data: [], totalCount: 0, countCapped: false };
  const filter: MerchantFilter = { ...criteria, phone };
  const found = await cappedList(query.pageSize, (limit) => searchMerchantRows(ctx.db, ctx.caller, filter, limit));
  return {
    ...found,
    data: found.data.map(({ id: _id, ...row }) => ({ ...row, merchantStatus: statusText(row.merchantStatusId) })),
  };
}
