import {
  type ChartPoint,
  type DashboardChartQuery,
  type DashboardFilterQuery,
  type DashboardRow,
  type DashboardSnapshot,
  type DateRange,
  type FundingShare,
  isAmountSeries,
  type MerchantAmount,
  type MerchantParticipation,
  percentage,
  snapshotFigures,
  TOP_MERCHANT_COUNT,
  type ChartDataType,
} from '@ebt/core/dashboard';
import { toCents } from '@ebt/core/format';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import {
  chartSeries,
  type DashFilter,
  dashboardRows,
  type Found,
  fundingBreakdown,
  merchantParticipation,
  snapshotTotals,
  topMerchants,
} from './queries.js';

// The dashboard's reads (B§2, B§4, B§7 Dashboard; resolution 22; docs/dashboard.md; decisions 0053-0055). Staff see
// their programs (agency staff: their agencies' figures only); a program, agency or funding source outside the
// caller's scope answers 404 like a missing one.

const cents = (value: string | number | null | undefined) => toCents(value ?? 0) / 100;

function filterOf(q: DashboardFilterQuery): DashFilter {
  return {
    programUuid: q.programUuid.toLowerCase(),
    agencyUuid: q.agencyUuid ? q.agencyUuid.toLowerCase() : undefined,
    fundingId: typeof q.fundingId === 'number' ? q.fundingId : undefined,
    dateRange: q.dateRange,
  };
}

/** 404 when the program, or a named agency or funding source, is missing or outside the caller's scope. */
function requireFound(found: Found | undefined, f: DashFilter): void {
  if (!found?.programFound) throw AppError.notFound();
  if (f.agencyUuid && !found.agencyFound) throw AppError.notFound();
  if (f.fundingId && !found.fundingFound) throw AppError.notFound();
}

/** GET /account-api/dash. */
export async function listDashboardRows(context: RequestContext): Promise<DashboardRow[]> {
  const ctx = requireCaller(context);
  const rows = await dashboardRows(ctx.db, ctx.caller);
  return rows.map((r) => ({
    programUuid: r.programUuid,
    programName: r.programName,
    agencyUuid: r.agencyUuid,
    agencyName: r.agencyName,
    fundingId: r.fundingId === null ? null : Number(r.fundingId),
    fundingName: r.fundingName,
  }));
}

/** GET /account-api/dash/snapshot. */
export async function getSnapshot(context: RequestContext, q: DashboardFilterQuery): Promise<DashboardSnapshot> {
  const ctx = requireCaller(context);
  const f = filterOf(q);
  const row = await snapshotTotals(ctx.db, ctx.caller, ctx.now(), f);
  requireFound(row, f);
  const s = snapshotFigures(toCents(row.funding ?? 0), toCents(row.issued ?? 0), toCents(row.redeemed ?? 0));
  return {
    funding: s.fundingCents / 100,
    issued: s.issuedCents / 100,
    notIssued: s.notIssuedCents / 100,
    issuedPct: s.issuedPct,
    notIssuedPct: s.notIssuedPct,
    redeemed: s.redeemedCents / 100,
    notRedeemed: s.notRedeemedCents / 100,
    redemptionPct: s.redemptionPct,
    notRedeemedPct: s.notRedeemedPct,
  };
}

/** GET /account-api/dash/chart-data: the days with a value, oldest first. */
export async function getChartData(context: RequestContext, q: DashboardChartQuery): Promise<ChartPoint[]> {
  const ctx = requireCaller(context);
  const f = filterOf(q);
  const rows = await chartSeries(ctx.db, ctx.caller, ctx.now(), f, q.dataType);
  requireFound(rows[0], f);
  const amounts = isAmountSeries(q.dataType as ChartDataType);
  return rows
    .filter((r) => r.day !== null)
    .map((r) => (amounts ? { trxDate: r.day!, amount: cents(r.value) } : { trxDate: r.day!, count: Number(r.value) }));
}

/** GET /account-api/dash/top-merchant-redemptions: the merchants that redeemed most, most first. */
export async function getTopMerchants(context: RequestContext, q: DashboardFilterQuery): Promise<MerchantAmount[]> {
  const ctx = requireCaller(context);
  const f = filterOf(q);
  const rows = await topMerchants(ctx.db, ctx.caller, ctx.now(), f, TOP_MERCHANT_COUNT);
  requireFound(rows[0], f);
  return rows.filter((r) => r.name !== null).map((r) => ({ dataName: r.name!, amount: cents(r.amount) }));
}

/** GET /account-api/dash/merchant-data/{programUuid}. */
export async function getMerchantParticipation(
  context: RequestContext,
  programUuid: string,
  dateRange: DateRange,
): Promise<MerchantParticipation> {
  const ctx = requireCaller(context);
  const f: DashFilter = { programUuid: programUuid.toLowerCase(), dateRange };
  const row = await merchantParticipation(ctx.db, ctx.caller, ctx.now(), f);
  requireFound(row, f);
  const all = Number(row.merchants);
  const redeeming = Number(row.redeeming);
  // Counts are shares of the merchants, as percentages with two places (a pie of two slices).
  const share = (n: number) => ({ count: n, percentage: percentage(n, all) });
  return {
    merchantCount: { count: all, percentage: all > 0 ? 100 : 0 },
    merchantRedemptionCount: share(redeeming),
    merchantNoRedemptionCount: share(all - redeeming),
  };
}

/** GET /account-api/dash/program-funding/{programUuid} and /agency-funding/{agencyUuid}. */
export async function getFundingBreakdown(
  context: RequestContext,
  by: { programUuid: string } | { agencyUuid: string },
  dateRange: DateRange,
): Promise<FundingShare[]> {
  const ctx = requireCaller(context);
  const key =
    'programUuid' in by ? { programUuid: by.programUuid.toLowerCase() } : { agencyUuid: by.agencyUuid.toLowerCase() };
  const rows = await fundingBreakdown(ctx.db, ctx.caller, ctx.now(), key, dateRange);
  if (rows.length === 0) throw AppError.notFound();
  const sources = rows.filter((r) => r.fundingId !== null);
  const total = sources.reduce((sum, r) => sum + Math.max(toCents(r.amount ?? 0), 0), 0);
  return sources.map((r) => ({
    dataId: Number(r.fundingId),
    amount: cents(r.amount),
    percentage: percentage(toCents(r.amount ?? 0), total),
  }));
}
