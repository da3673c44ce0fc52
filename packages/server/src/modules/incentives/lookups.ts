import { INCENTIVE_MESSAGES, type IncentiveFundingOption, type IncentiveProgramOption } from '@ebt/core/incentives';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { programInScope } from '../../platform/search.js';
import { fundingOptions, programOptions } from './queries.js';

// The choices of the incentive form (B§2, B§3 "Program option", B§7): the programs, then the chosen program's funding
// sources. Scoped like every read: platform admins (the form's users) see every program.

/** GET /account-api/incentive/programs. */
export async function listIncentivePrograms(context: RequestContext): Promise<IncentiveProgramOption[]> {
  const ctx = requireCaller(context);
  return programOptions(ctx.db, ctx.caller);
}

/** GET /account-api/incentive/programs/{programId}/funding: 404 for a program outside the caller's scope. */
export async function listIncentiveFunding(
  context: RequestContext,
  programId: number,
): Promise<IncentiveFundingOption[]> {
  const ctx = requireCaller(context);
  const program = await programInScope(ctx, { id: programId });
  if (!program) throw AppError.notFound(INCENTIVE_MESSAGES.PROGRAM_NOT_FOUND);
  return fundingOptions(ctx.db, program.id);
}
