import type { FastifyReply } from 'fastify';
import { FARMER_MESSAGES, type FarmerStatementQuery } from '@ebt/core/farmer';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { batchLines, printStatement, sendStatement } from '../settlement/index.js';
import { callerMerchant } from './merchant-scope.js';
import { payoutBatch } from './queries.js';

// The merchant's statement of a batch, printed by settlement's own statement (modules/settlement statement.ts): this
// module only finds the batch within the farmer's merchant (a batch that paid it nothing, or another merchant, answers
// 404 like a missing one). Unlike the staff download it writes no audit row: it is the farmer's own statement. It
// speaks the farmer's language: the one the portal asks for (`lang`, the page's), else the one the farmer chose
// (users.preferred_language), else English, which is what a caller that sends nothing always got.

/** GET /merchant-api/farmer/merchants/{merchantUuid}/payouts/{batchUuid}/statement.pdf */
export async function downloadStatement(
  context: RequestContext,
  merchantUuid: string,
  batchUuid: string,
  query: FarmerStatementQuery,
  reply: FastifyReply,
) {
  const ctx = requireCaller(context);
  const language = query.lang ?? (ctx.caller.profile.preferredLanguage === 'es' ? 'es' : 'en');
  const merchant = await callerMerchant(ctx, merchantUuid);
  const batch = await payoutBatch(ctx.db, merchant.id, batchUuid.toLowerCase());
  if (!batch) throw AppError.notFound(FARMER_MESSAGES.PAYOUT_NOT_FOUND);
  const lines = (await batchLines(ctx.db, batch.id)).filter((l) => l.merchantUuid === merchant.uuid);
  return sendStatement(reply, await printStatement(ctx.db, ctx.now(), { batch, merchant, lines }, language));
}
