import { z } from 'zod';
import { endpoint, privileges, REFUSED, STAFF } from '../contract/index.js';
import { PRIVILEGE } from '../privileges/index.js';
import {
  ChartPoint,
  DashboardAgencyParams,
  DashboardChartQuery,
  DashboardFilterQuery,
  DashboardProgramParams,
  DashboardRangeQuery,
  DashboardRow,
  DashboardSettlement,
  DashboardSettlementQuery,
  DashboardSnapshot,
  FundingShare,
  MerchantAmount,
  MerchantParticipation,
} from './schemas.js';

// The dashboard (B§2, B§4, B§7 "Dashboard"; resolution 22; docs/dashboard.md). Read only, from the daily roll-ups.
// Program-side staff and platform administrators; the server scopes every figure to the caller (agency staff: their
// agencies), and a program or agency outside the scope answers 404.

const tags = ['dashboard'];
/** The settlement figures: those who see the settlements (program admins of their programs, administrators). */
const SETTLEMENT_STAFF = privileges(PRIVILEGE.PROGRAMADMIN_ACCESS, PRIVILEGE.NDGADMIN_ACCESS);

export const rows = endpoint({
  method: 'GET',
  path: '/account-api/dash',
  operationId: 'listDashboardRows',
  tags,
  summary: 'The program, agency and funding rows the caller may see (the filters of the dashboard)',
  access: STAFF,
  answer: z.array(DashboardRow),
  returns: 'The program, agency and funding rows the caller may see',
  refusals: [401, 403],
});

export const settlement = endpoint({
  method: 'GET',
  path: '/account-api/dash/settlement',
  operationId: 'getDashboardSettlement',
  tags,
  summary:
    "The settlement reconciliation of the dashboard's program, funding source and range: redeemed settled and not yet, fees, outstanding, expired and expunged (decision 0074)",
  access: SETTLEMENT_STAFF,
  query: DashboardSettlementQuery,
  answer: DashboardSettlement,
  returns: 'The settlement figures of the program, funding source and range',
  refusals: REFUSED.record,
});

export const snapshot = endpoint({
  method: 'GET',
  path: '/account-api/dash/snapshot',
  operationId: 'getDashboardSnapshot',
  tags,
  summary: 'Funding, issued and redeemed in the range, with what is left and the shares (three pies)',
  access: STAFF,
  query: DashboardFilterQuery,
  answer: DashboardSnapshot,
  returns: 'The funding, issued and redeemed figures of the range with their shares',
  refusals: REFUSED.record,
});

export const chartData = endpoint({
  method: 'GET',
  path: '/account-api/dash/chart-data',
  operationId: 'getDashboardChartData',
  tags,
  summary:
    'A daily series: dataType 1 redemption amount, 2 redemption count, 3 issuance amount, 4 issuance count, ' +
    '5 recipient redemption count, 6 incentives earned',
  access: STAFF,
  query: DashboardChartQuery,
  answer: z.array(ChartPoint),
  returns: 'The daily points of the series',
  refusals: REFUSED.record,
});

export const topMerchants = endpoint({
  method: 'GET',
  path: '/account-api/dash/top-merchant-redemptions',
  operationId: 'listTopMerchantRedemptions',
  tags,
  summary: 'The merchants with the most redeemed in the range (dataName, amount), most first',
  access: STAFF,
  query: DashboardFilterQuery,
  answer: z.array(MerchantAmount),
  returns: 'The merchants with the most redeemed, most first',
  refusals: REFUSED.record,
});

export const merchantParticipation = endpoint({
  method: 'GET',
  path: '/account-api/dash/merchant-data/:programUuid',
  operationId: 'getMerchantParticipation',
  tags,
  summary: "The program's merchants and how many had redemptions in the range",
  access: STAFF,
  params: DashboardProgramParams,
  query: DashboardRangeQuery,
  answer: MerchantParticipation,
  returns: "The program's merchants, those with redemptions in the range and those without, each a count and a share",
  refusals: REFUSED.record,
});

export const programFunding = endpoint({
  method: 'GET',
  path: '/account-api/dash/program-funding/:programUuid',
  operationId: 'getProgramFundingBreakdown',
  tags,
  summary: 'Issued in the range per funding source of the program (dataId is the fundingId)',
  access: STAFF,
  params: DashboardProgramParams,
  query: DashboardRangeQuery,
  answer: z.array(FundingShare),
  returns: 'The amount issued and its share per funding source',
  refusals: REFUSED.record,
});

export const agencyFunding = endpoint({
  method: 'GET',
  path: '/account-api/dash/agency-funding/:agencyUuid',
  operationId: 'getAgencyFundingBreakdown',
  tags,
  summary: 'Issued in the range by the agency per funding source of its program (dataId is the fundingId)',
  access: STAFF,
  params: DashboardAgencyParams,
  query: DashboardRangeQuery,
  answer: z.array(FundingShare),
  returns: 'The amount the agency issued and its share per funding source',
  refusals: REFUSED.record,
});
