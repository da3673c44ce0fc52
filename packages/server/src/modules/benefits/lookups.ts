import { BENEFIT_MESSAGES, type BenefitOptionTypeAnswer, type FundingSourceOption } from '@ebt/core/benefits';
import { MESSAGES } from '@ebt/core/messages';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { programInScope } from '../../platform/search.js';
import { findOptionType, listFundingSources } from './queries.js';

// The issue form's look-ups (part 1 §7 "Benefits").

/**
 * GET /benefit-api/funding-sources/{programUuid}: the program's funding sources by name. A program outside the
 * caller's scope answers 404 like a missing one; a program without sources answers 404 'No funding sources defined
 * for the program.' (part 1 §7-§8).
 */
export async function getFundingSources(context: RequestContext, programUuid: string): Promise<FundingSourceOption[]> {
  const ctx = requireCaller(context);
  const program = await programInScope(ctx, { uuid: programUuid });
  if (!program) throw AppError.notFound(BENEFIT_MESSAGES.PROGRAM_NOT_FOUND);
  const sources = await listFundingSources(ctx.db, program.id);
  if (sources.length === 0) throw AppError.notFound(MESSAGES.NO_FUNDING_SOURCES);
  return sources;
}

/** GET /benefit-api/benefit-option-type/{id}: the type and its active options in their order (reference data). */
export async function getBenefitOptionType(
  context: RequestContext,
  optionTypeId: number,
): Promise<BenefitOptionTypeAnswer> {
  const ctx = requireCaller(context);
  const found = await findOptionType(ctx.db, optionTypeId);
  if (!found) throw AppError.notFound(BENEFIT_MESSAGES.OPTION_TYPE_NOT_FOUND);
  return { benefitOptionType: found.type, options: found.options };
}
