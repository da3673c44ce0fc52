import { z } from 'zod';
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
} from '@ebt/core/dashboard';
import { ErrorBody } from '@ebt/core/errors';
import { PRIVILEGE } from '@ebt/core/privileges';
import { privileges, STAFF } from '../../platform/access.js';
import { defineRoutes } from '../../platform/routes.js';
import {
  getChartData,
  getFundingBreakdown,
  getMerchantParticipation,
  getSnapshot,
  getTopMerchants,
  listDashboardRows,
} from './read.js';
import { getDashboardSettlement } from './settlement.js';

// The dashboard (B§2, B§4, B§7 "Dashboard"; resolution 22; docs/dashboard.md). Read only, from the daily roll-ups.
// Program-side staff and platform administrators; the services scope every figure to the caller (agency staff:
// their agencies), and a program or agency outside the scope answers 404.
const tags = ['dashboard'];
const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
/** The settlement figures: those who see the settlements (program admins of their programs, administrators). */
const SETTLEMENT_STAFF = privileges(PRIVILEGE.PROGRAMADMIN_ACCESS, PRIVILEGE.NDGADMIN_ACCESS);

export default defineRoutes((app) => {
  app.get(
    '/account-api/dash',
    {
      schema: {
        tags,
        summary: 'The program, agency and funding rows the caller may see (the filters of the dashboard)',
        response: { 200: z.array(DashboardRow), 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: STAFF },
    },
    (req) => listDashboardRows(req.ctx),
  );

  app.get(
    '/account-api/dash/settlement',
    {
      schema: {
        tags,
        summary:
          "The settlement reconciliation of the dashboard's program, funding source and range: redeemed settled and not yet, fees, outstanding, expired and expunged (decision 0074)",
        querystring: DashboardSettlementQuery,
        response: { 200: DashboardSettlement, ...refusals },
      },
      config: { access: SETTLEMENT_STAFF },
    },
    (req) => getDashboardSettlement(req.ctx, req.query),
  );

  app.get(
    '/account-api/dash/snapshot',
    {
      schema: {
        tags,
        summary: 'Funding, issued and redeemed in the range, with what is left and the shares (three pies)',
        querystring: DashboardFilterQuery,
        response: { 200: DashboardSnapshot, ...refusals },
      },
      config: { access: STAFF },
    },
    (req) => getSnapshot(req.ctx, req.query),
  );

  app.get(
    '/account-api/dash/chart-data',
    {
      schema: {
        tags,
        summary:
          'A daily series: dataType 1 redemption amount, 2 redemption count, 3 issuance amount, 4 issuance count, ' +
          '5 recipient redemption count, 6 incentives earned',
        querystring: DashboardChartQuery,
        response: { 200: z.array(ChartPoint), ...refusals },
      },
      config: { access: STAFF },
    },
    (req) => getChartData(req.ctx, req.query),
  );

  app.get(
    '/account-api/dash/top-merchant-redemptions',
    {
      schema: {
        tags,
        summary: 'The merchants with the most redeemed in the range (dataName, amount), most first',
        querystring: DashboardFilterQuery,
        response: { 200: z.array(MerchantAmount), ...refusals },
      },
      config: { access: STAFF },
    },
    (req) => getTopMerchants(req.ctx, req.query),
  );

  app.get(
    '/account-api/dash/merchant-data/:programUuid',
    {
      schema: {
        tags,
        summary: "The program's merchants and how many had redemptions in the range",
        params: DashboardProgramParams,
        querystring: DashboardRangeQuery,
        response: { 200: MerchantParticipation, ...refusals },
      },
      config: { access: STAFF },
    },
    (req) => getMerchantParticipation(req.ctx, req.params.programUuid, req.query.dateRange),
  );

  app.get(
    '/account-api/dash/program-funding/:programUuid',
    {
      schema: {
        tags,
        summary: 'Issued in the range per funding source of the program (dataId is the fundingId)',
        params: DashboardProgramParams,
        querystring: DashboardRangeQuery,
        response: { 200: z.array(FundingShare), ...refusals },
      },
      config: { access: STAFF },
    },
    (req) => getFundingBreakdown(req.ctx, { programUuid: req.params.programUuid }, req.query.dateRange),
  );

  app.get(
    '/account-api/dash/agency-funding/:agencyUuid',
    {
      schema: {
        tags,
        summary: 'Issued in the range by the agency per funding source of its program (dataId is the fundingId)',
        params: DashboardAgencyParams,
        querystring: DashboardRangeQuery,
        response: { 200: z.array(FundingShare), ...refusals },
      },
      config: { access: STAFF },
    },
    (req) => getFundingBreakdown(req.ctx, { agencyUuid: req.params.agencyUuid }, req.query.dateRange),
  );
});
