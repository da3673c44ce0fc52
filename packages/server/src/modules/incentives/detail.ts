import { type Incentive, INCENTIVE_MESSAGES } from '@ebt/core/incentives';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findIncentive } from './queries.js';
import { toIncentive } from './search.js';

// GET /account-api/incentive/{id} (B§7): one incentive as the list answers it, for the edit form. Outside the caller's
// programs it answers 404 like a missing one.

export async function getIncentive(context: RequestContext, incentiveUuid: string): Promise<Incentive> {
  const ctx = requireCaller(context);
  const found = await findIncentive(ctx.db, ctx.caller, incentiveUuid.toLowerCase());
  if (!found) throw AppError.notFound(INCENTIVE_MESSAGES.INCENTIVE_NOT_FOUND);
  return toIncentive(found);
}
