import { posApi } from '@ebt/core/pos';
import { handle, routeTable } from '../../platform/routes.js';
import { balanceInquiry } from './balance-inquiry.js';
import { terminalCredentials } from './credentials.js';
import { purchase } from './purchase.js';
import { refund } from './refund.js';
import { reversal } from './reversal.js';

// The transaction engine: each contract of @ebt/core/pos (posApi) bound to its use case, with the terminal's
// credentials.
export default routeTable([
  handle(posApi.purchase, async (request) => purchase(request.ctx, terminalCredentials(request), request.body)),
  handle(posApi.refund, async (request) => refund(request.ctx, terminalCredentials(request), request.body)),
  handle(posApi.reversal, async (request) => reversal(request.ctx, terminalCredentials(request), request.body)),
  handle(posApi.balanceInquiry, async (request) =>
    balanceInquiry(request.ctx, terminalCredentials(request), request.body),
  ),
]);
