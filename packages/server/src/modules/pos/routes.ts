import { posApi, type PosAnswer } from '@ebt/core/pos';
import type { FastifyRequest } from 'fastify';
import type { EngineCallKind } from '../../platform/metrics.js';
import { handle, routeTable } from '../../platform/routes.js';
import { balanceInquiry } from './balance-inquiry.js';
import { terminalCredentials } from './credentials.js';
import { purchase } from './purchase.js';
import { isReadBack } from './records.js';
import { refund } from './refund.js';
import { reversal } from './reversal.js';

// The transaction engine: each contract of @ebt/core/pos (posApi) bound to its use case, with the terminal's
// credentials, each call counted in the app's metrics by kind and response code once it has answered (a retry answered
// with the first answer counts as a call and a replay, never as a second accrual).
export default routeTable([
  handle(posApi.purchase, (request) =>
    counted(request, 'purchase', () => purchase(request.ctx, terminalCredentials(request), request.body)),
  ),
  handle(posApi.refund, (request) =>
    counted(request, 'refund', () => refund(request.ctx, terminalCredentials(request), request.body)),
  ),
  handle(posApi.reversal, (request) =>
    counted(request, 'reversal', () => reversal(request.ctx, terminalCredentials(request), request.body)),
  ),
  handle(posApi.balanceInquiry, (request) =>
    counted(request, 'balance_inquiry', () => balanceInquiry(request.ctx, terminalCredentials(request), request.body)),
  ),
]);

/** Runs an engine call and counts its answer, or counts it refused (wrong credentials, a failure) and rethrows. */
async function counted(
  request: FastifyRequest,
  kind: EngineCallKind,
  call: () => Promise<PosAnswer>,
): Promise<PosAnswer> {
  try {
    const answer = await call();
    request.server.metrics.engineAnswered(kind, answer, isReadBack(answer));
    return answer;
  } catch (error) {
    request.server.metrics.engineRefused(kind);
    throw error;
  }
}
