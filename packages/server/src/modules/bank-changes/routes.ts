import { bankChangeApi } from '@ebt/core/bank-changes';
import { handle, routeTable } from '../../platform/routes.js';
import { latestBankChange, requestBankChange, withdrawBankChange } from './farmer.js';
import { confirmBankChange, listBankChanges, refuseBankChange } from './staff.js';

// Bank account change requests: each contract of @ebt/core/bank-changes (bankChangeApi) bound to its use case.
export default routeTable([
  handle(bankChangeApi.farmerRequest, async (req, reply) =>
    reply.status(201).send(await requestBankChange(req.ctx, req.params.merchantUuid, req.body)),
  ),
  handle(bankChangeApi.farmerLatest, (req) => latestBankChange(req.ctx, req.params.merchantUuid)),
  handle(bankChangeApi.farmerWithdraw, (req) =>
    withdrawBankChange(req.ctx, req.params.merchantUuid, req.params.requestUuid),
  ),
  handle(bankChangeApi.staffList, (req) => listBankChanges(req.ctx, req.params.id)),
  handle(bankChangeApi.staffConfirm, (req) => confirmBankChange(req.ctx, req.params.id, req.params.requestUuid)),
  handle(bankChangeApi.staffRefuse, (req) =>
    refuseBankChange(req.ctx, req.params.id, req.params.requestUuid, req.body),
  ),
]);
