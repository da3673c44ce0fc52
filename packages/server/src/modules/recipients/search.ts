import type { FastifyReply } from 'fastify';
import { ACCOUNT_STATUS_LABEL, type AccountStatus } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import {
  hasRecipientSearchCriterion,
  RECIPIENT_EXPORT_HEADERS,
  RECIPIENT_EXPORT_ROW_CAP,
  RECIPIENT_SEARCH_COUNT_CAP,
  type RecipientExportQuery,
  recipientSearchCriteria,
  type RecipientSearchPage,
  type RecipientSearchQuery,
} from '@ebt/core/recipients';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import {
  criteriaPlaces,
  defineSearch,
  exportColumns,
  exportSearch,
  searchPage,
  batchesById,
} from '../../platform/search.js';
import {
  countRecipientsUpTo,
  exportRecipientBatch,
  type RecipientExportRow,
  type RecipientFilter,
  searchRecipientRows,
} from './queries.js';

// GET /account-api/account and its export (part 1 §5 "Search", §7; resolution 13; docs/decisions/0009). The caller's
// scope is AND-ed with the criteria by the queries, so a search never reads another agency's recipients.

/**
 * Resolves the program and agency choices of a search to ids. Null when a uuid names nothing the caller can see, so
 * nothing can match (the answer is then empty, as for any search that finds nothing).
 */
async function resolveFilter(
  ctx: CallerContext,
  query: Partial<Record<keyof RecipientSearchQuery, unknown>>,
): Promise<RecipientFilter | null> {
  const criteria = recipientSearchCriteria(query as Parameters<typeof recipientSearchCriteria>[0]);
  if (!hasRecipientSearchCriterion(criteria)) throw AppError.badRequest(MESSAGES.AT_LEAST_ONE_FIELD);
  const places = await criteriaPlaces(ctx, { program: criteria.programUuid, agencyUuid: criteria.agencyUuid });
  if (places.unmatchable) return null;
  return { criteria, programId: places.program?.id, agencyId: places.agencyId };
}

const RECIPIENTS = defineSearch({
  name: 'recipients',
  countCap: RECIPIENT_SEARCH_COUNT_CAP,
  exportCap: RECIPIENT_EXPORT_ROW_CAP,
  sheetName: 'Recipients',
  columns: exportColumns<RecipientExportRow>(
    RECIPIENT_EXPORT_HEADERS,
    [
      'recipientIdentifier',
      'firstname',
      'middlename',
      'lastname',
      'address1',
      'address2',
      'city',
      'stateCode',
      'zipcode',
      'email',
      'mobilePhone',
      'programName',
      'agencyName',
      (r) => ACCOUNT_STATUS_LABEL[r.accountStatusId as AccountStatus] ?? String(r.accountStatusId),
    ],
    { 9: 30 },
  ),
  rows: searchRecipientRows,
  count: countRecipientsUpTo,
  exportBatch: batchesById(exportRecipientBatch),
});

/**
 * GET /account-api/account: pageSize rows of page (zero-based), the count capped at RECIPIENT_SEARCH_COUNT_CAP
 * (platform/search.ts searchPage).
 */
export async function searchRecipients(
  context: RequestContext,
  query: RecipientSearchQuery,
): Promise<RecipientSearchPage> {
  const ctx = requireCaller(context);
  return searchPage(ctx, RECIPIENTS, await resolveFilter(ctx, query), query);
}

/**
 * GET /account-api/account/export: the search's matches as CSV (default) or XLSX (exportType=xlsx), at most
 * RECIPIENT_EXPORT_ROW_CAP rows (X-Export-Truncated: true past it). Every refusal happens before the first byte.
 */
export async function exportRecipients(
  context: RequestContext,
  query: RecipientExportQuery,
  reply: FastifyReply,
): Promise<void> {
  const ctx = requireCaller(context);
  await exportSearch(ctx, reply, RECIPIENTS, await resolveFilter(ctx, query), query.exportType);
}
