import { z } from 'zod';
import { ReconciliationFigures } from '../settlement/schemas.js';
import { databaseIdParam } from '../validation/numbers.js';
import { DATE_RANGES } from './rules.js';

// The dashboard's requests and answers (B§3 "Dashboard rows", B§7 "Dashboard", resolution 22; docs/dashboard.md).
// Amounts are USD numbers with two places on the wire; percentages have two places.

const optionalUuid = z.union([z.literal(''), z.uuid()]).optional();
/** An absent dateRange is To Date, as the empty value is (B§9); any other value is refused with a 400. */
const dateRange = z.enum(DATE_RANGES).default('');

/** GET /account-api/dash: the program, agency and funding rows the caller may see (decision 0053). */
export const DashboardRow = z.object({
  programUuid: z.uuid(),
  programName: z.string(),
  agencyUuid: z.uuid().nullable(),
  agencyName: z.string().nullable(),
  fundingId: z.number().int().nullable(),
  fundingName: z.string().nullable(),
});
export type DashboardRow = z.infer<typeof DashboardRow>;

/** The filters of the snapshot, the chart series and the top merchants: a program is required. */
export const DashboardFilterQuery = z.object({
  programUuid: z.uuid(),
  agencyUuid: optionalUuid,
  fundingId: z.union([z.literal(''), databaseIdParam()]).optional(),
  dateRange,
});
export type DashboardFilterQuery = z.infer<typeof DashboardFilterQuery>;

export const DashboardChartQuery = DashboardFilterQuery.extend({
  // Resolution 22: 1 to 6; 0, 7 or text answer 400.
  dataType: z.coerce.number().int().min(1).max(6),
});
export type DashboardChartQuery = z.infer<typeof DashboardChartQuery>;

export const DashboardRangeQuery = z.object({ dateRange });
export type DashboardRangeQuery = z.infer<typeof DashboardRangeQuery>;
export const DashboardProgramParams = z.object({ programUuid: z.uuid() });
export type DashboardProgramParams = z.infer<typeof DashboardProgramParams>;
export const DashboardAgencyParams = z.object({ agencyUuid: z.uuid() });
export type DashboardAgencyParams = z.infer<typeof DashboardAgencyParams>;

/** B§3 Snapshot. */
export const DashboardSnapshot = z.object({
  funding: z.number(),
  issued: z.number(),
  notIssued: z.number(),
  issuedPct: z.number(),
  notIssuedPct: z.number(),
  redeemed: z.number(),
  notRedeemed: z.number(),
  redemptionPct: z.number(),
  notRedeemedPct: z.number(),
});
export type DashboardSnapshot = z.infer<typeof DashboardSnapshot>;

/** B§3 Funding breakdown: dataId is the fundingId; amount what it issued in the range; its share of the total. */
export const FundingShare = z.object({ dataId: z.number().int(), amount: z.number(), percentage: z.number() });
export type FundingShare = z.infer<typeof FundingShare>;

/** B§3 Chart series: one row a day with data; amount for the amount series (1, 3, 6), count for the others. */
export const ChartPoint = z.object({
  trxDate: z.string(),
  amount: z.number().optional(),
  count: z.number().int().optional(),
});
export type ChartPoint = z.infer<typeof ChartPoint>;

/** B§3 Top merchants. */
export const MerchantAmount = z.object({ dataName: z.string(), amount: z.number() });
export type MerchantAmount = z.infer<typeof MerchantAmount>;

const CountShare = z.object({ count: z.number().int(), percentage: z.number() });
/** B§3 Merchant participation. */
export const MerchantParticipation = z.object({
  merchantCount: CountShare,
  merchantRedemptionCount: CountShare,
  merchantNoRedemptionCount: CountShare,
});
export type MerchantParticipation = z.infer<typeof MerchantParticipation>;

/**
 * GET /account-api/dash/settlement (decision 0074): the reconciliation of the dashboard's program,
 * funding source and range (docs/settlement.md "Reconciliation"). Program-wide: an agency filter does not apply, as
 * batches pay merchants per program.
 */
// Strict: an agency given here would be ignored, so it is refused instead.
export const DashboardSettlementQuery = DashboardFilterQuery.omit({ agencyUuid: true }).strict();
export type DashboardSettlementQuery = z.infer<typeof DashboardSettlementQuery>;
export const DashboardSettlement = ReconciliationFigures.extend({
  /** The range's first day in the program's time zone; null for To Date. */
  startDate: z.string().nullable(),
  /** The program's today. */
  endDate: z.string(),
});
export type DashboardSettlement = z.infer<typeof DashboardSettlement>;
