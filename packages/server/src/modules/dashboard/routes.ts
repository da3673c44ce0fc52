import { dashboardApi } from '@ebt/core/dashboard';
import { handle, routeTable } from '../../platform/routes.js';
import {
  getChartData,
  getFundingBreakdown,
  getMerchantParticipation,
  getSnapshot,
  getTopMerchants,
  listDashboardRows,
} from './read.js';
import { getDashboardSettlement } from './settlement.js';

// The dashboard: each contract of @ebt/core/dashboard (dashboardApi) bound to its use case.
export default routeTable([
  handle(dashboardApi.rows, (req) => listDashboardRows(req.ctx)),
  handle(dashboardApi.settlement, (req) => getDashboardSettlement(req.ctx, req.query)),
  handle(dashboardApi.snapshot, (req) => getSnapshot(req.ctx, req.query)),
  handle(dashboardApi.chartData, (req) => getChartData(req.ctx, req.query)),
  handle(dashboardApi.topMerchants, (req) => getTopMerchants(req.ctx, req.query)),
  handle(dashboardApi.merchantParticipation, (req) =>
    getMerchantParticipation(req.ctx, req.params.programUuid, req.query.dateRange),
  ),
  handle(dashboardApi.programFunding, (req) =>
    getFundingBreakdown(req.ctx, { programUuid: req.params.programUuid }, req.query.dateRange),
  ),
  handle(dashboardApi.agencyFunding, (req) =>
    getFundingBreakdown(req.ctx, { agencyUuid: req.params.agencyUuid }, req.query.dateRange),
  ),
]);
