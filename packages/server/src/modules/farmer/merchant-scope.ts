import { FARMER_MESSAGES } from '@ebt/core/farmer';
import type { CallerContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { merchantOfCaller } from './queries.js';

/**
 * The merchant a farmer route names, when the caller sells for it (caller.merchantIds: their links not revoked);
 * another merchant answers 404 as a missing one does, so a uuid tells nothing of merchants that are not theirs.
 */
export async function callerMerchant(ctx: CallerContext, merchantUuid: string) {
  const merchant = await merchantOfCaller(ctx.db, ctx.caller.merchantIds, merchantUuid.toLowerCase());
  if (!merchant) throw AppError.notFound(FARMER_MESSAGES.MERCHANT_NOT_FOUND);
  return { ...merchant, timeZone: merchant.timeZone ?? ctx.config.defaultTimeZone };
}
