import type { FastifyReply } from 'fastify';
import { toCents } from '@ebt/core/format';
import {
  readInstant,
  TRANSACTION_EXPORT_HEADERS,
  TRANSACTION_EXPORT_ROW_CAP,
  TRANSACTION_MESSAGES,
  TRANSACTION_SEARCH_COUNT_CAP,
  type TransactionExportQuery,
  type TransactionSearchPage,
  type TransactionSearchQuery,
  type TransactionSearchRow,
  transactionWindowProblems,
  windowEnd,
  windowStart,
} from '@ebt/core/transactions';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import {
  criteriaPlaceRefs,
  dateTimeColumn,
  defineSearch,
  exportColumns,
  exportSearch,
  moneyColumn,
  searchPage,
} from '../../platform/search.js';
import { isResponseCode, isTransactionType } from './lookups.js';
import {
  countTransactionsUpTo,
  exportTransactionBatch,
  searchTransactionRows,
  searchTransactionRowsWithCount,
  type TransactionExportRecord,
  type TransactionFilter,
  type TransactionListRecord,
} from './queries.js';

// GET /transaction-api/transactions and its export (part 1 §5, §7; part 2 §5, §9; resolutions 11-13; decision
// 0033). One search for staff and recipients: the caller's scope is AND-ed with the criteria, so a recipient's search
// only ever reads their own accounts' transactions.

type SearchCriteria = Omit<TransactionSearchQuery, 'page' | 'pageSize'>;

const blank = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());
const dollars = (value: string | null | undefined) => toCents(value) / 100;

function refuse(problems: readonly { field: string; message: string }[]): void {
  const [first] = problems;
  if (!first) return;
  const entries = problems.map((p) => ({ appErrorCode: 'VALIDATION', appErrorMessage: p.message, field: p.field }));
  throw new AppError(400, first.message, 'VALIDATION', first.field, entries);
}

/**
 * The criteria as a filter, or null when a program named cannot exist (the answer is then empty). A type or response
 * code that names nothing, and dates outside part 2 §9's bounds, answer 400. The program and agency are resolved
 * inside the search's own statement (criteriaPlaceRefs): a search costs the caller's statement and one more.
 */
function resolveFilter(ctx: CallerContext, criteria: SearchCriteria): TransactionFilter | null {
  const { trxTypeId, respCodeId } = criteria;
  if (typeof trxTypeId === 'number' && !isTransactionType(trxTypeId))
    throw AppError.badRequest(TRANSACTION_MESSAGES.UNKNOWN_TRANSACTION_TYPE, 'trxTypeId');
  if (typeof respCodeId === 'number' && !isResponseCode(respCodeId))
    throw AppError.badRequest(TRANSACTION_MESSAGES.UNKNOWN_RESPONSE_CODE, 'respCodeId');
  const startText = blank(criteria.startDate);
  const endText = blank(criteria.endDate);
  // Judged by the day written at the offset written (decision 0033), as the screen judges the same text.
  refuse(
    transactionWindowProblems(
      { start: startText, end: endText },
      ctx.now(),
      ctx.caller.scope === 'self' ? 'recipient' : 'staff',
    ),
  );
  const start = startText === undefined ? undefined : (readInstant(startText) ?? undefined);
  const end = endText === undefined ? undefined : (readInstant(endText) ?? undefined);
  // Staff send programUuid; the recipient portal sends programId (the program's id or uuid, resolution 11).
  const places = criteriaPlaceRefs({
    program: blank(criteria.programUuid) ?? blank(criteria.programId),
    agencyUuid: blank(criteria.agencyUuid),
  });
  if (places.unmatchable) return null;
  return {
    program: places.program,
    agencyUuid: places.agencyUuid,
    trxTypeId: typeof trxTypeId === 'number' ? trxTypeId : undefined,
    respCodeId: typeof respCodeId === 'number' ? respCodeId : undefined,
    merchantNbr: blank(criteria.merchantNbr),
    recipientIdentifier: blank(criteria.recipientIdentifier),
    accountUuid: blank(criteria.accountUuid)?.toLowerCase(),
    // Part 1 §9: the start at :00 seconds, the end through :59.
    start: start && windowStart(start),
    end: end && windowEnd(end),
  };
}

export function toSearchRow(r: TransactionListRecord): TransactionSearchRow {
  return {
    trxUuid: r.trxUuid,
    trxDatetime: r.trxDatetime.toISOString(),
    programName: r.programName,
    programUuid: r.programUuid,
    trxTypeId: r.trxTypeId,
    trxType: r.trxType,
    reqAmt: dollars(r.reqAmt),
    settleAmt: r.settleAmt === null ? null : dollars(r.settleAmt),
    respCodeId: r.respCodeId,
    responseCode: r.responseCode,
    responseText: r.responseText,
    merchantName: r.merchantName,
  };
}

const TRANSACTIONS = defineSearch({
  name: 'transactions',
  countCap: TRANSACTION_SEARCH_COUNT_CAP,
  exportCap: TRANSACTION_EXPORT_ROW_CAP,
  sheetName: 'Transactions',
  columns: exportColumns<TransactionExportRecord>(
    TRANSACTION_EXPORT_HEADERS,
    [
      // In the program's zone (a file has no viewer's clock to follow).
      dateTimeColumn('trxDatetime', (r) => r.programTimeZone),
      'programName',
      'recipientIdentifier',
      'trxType',
      moneyColumn((r) => dollars(r.reqAmt)),
      moneyColumn((r) => (r.settleAmt === null ? null : dollars(r.settleAmt))),
      'responseCode',
      'responseText',
      'merchantIdentifier',
      'merchantName',
      (r) => (r.panLast4 ? `*${r.panLast4}` : null),
      'authNumber',
      'traceNumber',
    ],
    { 0: 20, 1: 30, 9: 30 },
  ),
  rows: searchTransactionRows,
  rowsWithCount: searchTransactionRowsWithCount,
  count: countTransactionsUpTo,
  exportBatch: exportTransactionBatch,
});

/** GET /transaction-api/transactions: newest first, pageSize rows from page (zero-based), the count capped. */
export async function searchTransactions(
  context: RequestContext,
  query: TransactionSearchQuery,
): Promise<TransactionSearchPage> {
  const ctx = requireCaller(context);
  const found = await searchPage(ctx, TRANSACTIONS, resolveFilter(ctx, query), query);
  return { ...found, data: found.data.map(toSearchRow) };
}

/** GET /transaction-api/transactions/export: CSV (default) or XLSX, streamed, at most TRANSACTION_EXPORT_ROW_CAP rows. */
export async function exportTransactions(
  context: RequestContext,
  query: TransactionExportQuery,
  reply: FastifyReply,
): Promise<void> {
  const ctx = requireCaller(context);
  await exportSearch(ctx, reply, TRANSACTIONS, resolveFilter(ctx, query), query.exportType);
}
