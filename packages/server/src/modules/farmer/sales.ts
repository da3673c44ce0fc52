import type { FastifyReply } from 'fastify';
import {
  FARMER_MESSAGES,
  FARMER_SALE_KIND_TYPES,
  FARMER_SALES_COUNT_CAP,
  FARMER_SALES_EXPORT_CAP,
  FARMER_SALES_EXPORT_HEADERS,
  FARMER_SALES_MAX_DAYS,
  type FarmerSalesExportQuery,
  type FarmerSalesPage,
  type FarmerSalesQuery,
} from '@ebt/core/farmer';
import { addDays, daysBetween, todayIn } from '@ebt/core/format';
import { reversalWindowHours } from '../pos/index.js';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import {
  dateColumn,
  defineSearch,
  exportColumns,
  exportSearch,
  moneyColumn,
  searchPage,
} from '../../platform/search.js';
import { callerMerchant } from './merchant-scope.js';
import { countSales, exportSalesBatch, salesRows, salesTotals, type SalesFilter, type SaleRow } from './queries.js';

// The merchant's sales (docs/farmer-app.md "Sales"): purchases, refunds and reversals, approved and declined, of one
// merchant of the caller, in a range of days counted in each sale's program time zone, with the range's totals and the
// CSV/XLSX export. Each approved purchase says what is still refundable and whether its terminal may void it, so the
// phone offers only what the engine would take (the engine still decides: the phone calls it, not this module).

const SALES = defineSearch({
  name: 'sales',
  countCap: FARMER_SALES_COUNT_CAP,
  exportCap: FARMER_SALES_EXPORT_CAP,
  sheetName: 'Sales',
  columns: exportColumns<SaleRow>(FARMER_SALES_EXPORT_HEADERS, [
    // The sale's day and clock time in its program's zone.
    dateColumn('localDay'),
    'localTime',
    'programName',
    'trxType',
    moneyColumn('reqAmt'),
    moneyColumn('approvedAmt'),
    'responseCode',
    'responseText',
    (r) => (r.cardLast4 ? `*${r.cardLast4}` : null),
    'terminalId',
    'traceNumber',
  ]),
  rows: salesRows,
  count: countSales,
  exportBatch: exportSalesBatch,
});

type Criteria = Pick<FarmerSalesQuery, 'from' | 'to' | 'programUuid' | 'kind' | 'outcome'>;

/** The search's filter: the merchant in scope (else 404), the range (today's by default) and the window. */
async function salesFilter(ctx: CallerContext, merchantUuid: string, query: Criteria): Promise<SalesFilter> {
  const merchant = await callerMerchant(ctx, merchantUuid);
  const now = ctx.now();
  const today = todayIn(merchant.timeZone, now);
  const from = query.from || query.to || today;
  const to = query.to || query.from || today;
  if (from > to) throw AppError.badRequest(FARMER_MESSAGES.RANGE_BACKWARDS, 'from');
  if (daysBetween(from, to) >= FARMER_SALES_MAX_DAYS) throw AppError.badRequest(FARMER_MESSAGES.RANGE_TOO_LONG, 'to');
  const windowHours = await reversalWindowHours(ctx.db, today);
  return {
    merchantId: merchant.id,
    from,
    to,
    // Every zone's midnight lies within a day either side of UTC's: the index range holds them all, and the
    // exact day is then read in each sale's own program zone.
    lower: `${addDays(from, -1)}T00:00:00Z`,
    upper: `${addDays(to, 2)}T00:00:00Z`,
    programUuid: query.programUuid ? query.programUuid.toLowerCase() : null,
    trxTypeIds: query.kind ? FARMER_SALE_KIND_TYPES[query.kind] : [1, 2, 4, 5],
    approved: query.outcome ? query.outcome === 'approved' : null,
    windowHours: Math.min(168, Math.max(1, windowHours)),
    now: now.toISOString(),
  };
}

/** GET /merchant-api/farmer/merchants/{merchantUuid}/sales */
export async function searchSales(
  context: RequestContext,
  merchantUuid: string,
  query: FarmerSalesQuery,
): Promise<FarmerSalesPage> {
  const ctx = requireCaller(context);
  const filter = await salesFilter(ctx, merchantUuid, query);
  const page = await searchPage(ctx, SALES, filter, query);
  const totals = await salesTotals(ctx.db, ctx.caller, filter);
  return {
    ...page,
    data: page.data.map(({ id: _id, localDay: _day, localTime: _time, ...sale }) => sale),
    from: filter.from,
    to: filter.to,
    totals,
  };
}

/** GET /merchant-api/farmer/merchants/{merchantUuid}/sales/export */
export async function exportSales(
  context: RequestContext,
  merchantUuid: string,
  query: FarmerSalesExportQuery,
  reply: FastifyReply,
) {
  const ctx = requireCaller(context);
  const filter = await salesFilter(ctx, merchantUuid, query);
  await exportSearch(ctx, reply, SALES, filter, query.exportType);
}
