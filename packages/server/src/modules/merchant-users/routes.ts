import { merchantUserApi } from '@ebt/core/merchant-users';
import { handle, routeTable } from '../../platform/routes.js';
import { resendMerchantUserActivation } from './activation.js';
import { inviteMerchantUser } from './invite.js';
import { listMerchantUsers } from './list.js';
import { revokeMerchantUser } from './revoke.js';

// The people who sell for a merchant: each contract of @ebt/core/merchant-users (merchantUserApi) bound to its use case.
export default routeTable([
  handle(merchantUserApi.list, (req) => listMerchantUsers(req.ctx, req.params.id)),
  handle(merchantUserApi.invite, (req) => inviteMerchantUser(req.ctx, req.params.id, req.body)),
  handle(merchantUserApi.revoke, (req) => revokeMerchantUser(req.ctx, req.params.id, req.params.userUuid)),
  handle(merchantUserApi.resendActivation, (req) =>
    resendMerchantUserActivation(req.ctx, req.params.id, req.params.userUuid),
  ),
]);
