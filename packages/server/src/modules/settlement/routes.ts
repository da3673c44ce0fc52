import { settlementApi } from '@ebt/core/settlement';
import { handle, routeTable } from '../../platform/routes.js';
import { exportHandler } from '../../platform/search.js';
import { downloadAch } from './ach-download.js';
import { getAchSettings } from './ach-settings.js';
import { closeNow, getBatch, getBatches, markPaid } from './batches.js';
import { exportBatches } from './export.js';
import { getHeldMerchants } from './holds.js';
import { getBatchTransactions, getMerchantBatches } from './merchant-settlements.js';
import { getReconciliation } from './reconciliation.js';
import { downloadStatement, emailStatement } from './statement.js';

// Merchant settlement: each contract of @ebt/core/settlement (settlementApi) bound to its use case.
export default routeTable([
  handle(settlementApi.batches, (req) => getBatches(req.ctx, req.query)),
  handle(settlementApi.exportBatches, exportHandler(exportBatches)),
  handle(settlementApi.reconciliation, (req) => getReconciliation(req.ctx, req.query)),
  handle(settlementApi.holds, (req) => getHeldMerchants(req.ctx, req.query)),
  handle(settlementApi.closeBatch, async (req) => {
    const answer = await closeNow(req.ctx, req.body);
    req.server.metrics.settlementClosed('manual', answer.batch ? 1 : 0);
    return answer;
  }),
  handle(settlementApi.batch, (req) => getBatch(req.ctx, req.params.batchUuid)),
  handle(settlementApi.markPaid, (req) => markPaid(req.ctx, req.params.batchUuid, req.body)),
  handle(settlementApi.achSettings, (req) => getAchSettings(req.ctx, req.query)),
  handle(settlementApi.ach, (req, reply) => downloadAch(req.ctx, req.params.batchUuid, reply)),
  handle(settlementApi.merchantBatches, (req) => getMerchantBatches(req.ctx, req.params.merchantUuid)),
  handle(settlementApi.batchTransactions, (req) =>
    getBatchTransactions(req.ctx, req.params.batchUuid, req.params.merchantUuid, req.query),
  ),
  handle(settlementApi.statement, (req, reply) =>
    downloadStatement(req.ctx, req.params.batchUuid, req.params.merchantUuid, reply),
  ),
  handle(settlementApi.emailStatement, (req) => emailStatement(req.ctx, req.params.batchUuid, req.params.merchantUuid)),
]);
