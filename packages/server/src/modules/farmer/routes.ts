import { farmerApi } from '@ebt/core/farmer';
import { handle, routeTable } from '../../platform/routes.js';
import { getBusiness } from './business.js';
import { listFarmerMerchants } from './merchants.js';
import { listPayouts } from './payouts.js';
import { exportSales, searchSales } from './sales.js';
import { downloadStatement } from './statement.js';
import { getToday } from './today.js';

// The farmer users' merchant portal: each contract of @ebt/core/farmer (farmerApi) bound to its use case.
export default routeTable([
  handle(farmerApi.merchants, (req) => listFarmerMerchants(req.ctx)),
  handle(farmerApi.today, (req) => getToday(req.ctx, req.params.merchantUuid)),
  handle(farmerApi.sales, (req) => searchSales(req.ctx, req.params.merchantUuid, req.query)),
  // The export's reply streams after the handler returns (platform/search.ts exportHandler, which takes no params).
  handle(farmerApi.exportSales, async (req, reply) => {
    await exportSales(req.ctx, req.params.merchantUuid, req.query, reply);
    return reply;
  }),
  handle(farmerApi.payouts, (req) => listPayouts(req.ctx, req.params.merchantUuid)),
  handle(farmerApi.statement, (req, reply) =>
    downloadStatement(req.ctx, req.params.merchantUuid, req.params.batchUuid, req.query, reply),
  ),
  handle(farmerApi.business, (req) => getBusiness(req.ctx, req.params.merchantUuid)),
]);
