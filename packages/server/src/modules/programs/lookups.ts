import { todayIn } from '@ebt/core/format';
import { type BenefitOptionType, duplicateFundingSourceName } from '@ebt/core/programs';
import { isFundingSourceName } from '@ebt/core/validation';
import { configValueInForce } from '../../platform/config-values.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { listBenefitOptionTypes } from './queries.js';

/** The configuration key of the funding sources a new program starts with (docs/configuration.md). */
export const DEFAULT_FUNDING_SOURCES_KEY = 'program.defaultFundingSources';
/** Its value when none is in force. */
export const DEFAULT_FUNDING_SOURCES = 'USDA,State Funds';

/**
 * GET /admin-api/programs/default-funding (B§7 "name list"): the comma-separated names of the configuration key in
 * force today, each 2 to 30 characters, duplicates (ignoring case) dropped.
 */
export async function defaultFunding(context: RequestContext): Promise<string[]> {
  const ctx = requireCaller(context);
  const today = todayIn(ctx.config.defaultTimeZone, ctx.now());
  const value = (await configValueInForce(ctx.db, DEFAULT_FUNDING_SOURCES_KEY, today)) ?? DEFAULT_FUNDING_SOURCES;
  const names: string[] = [];
  for (const name of value.split(',').map((n) => n.trim())) {
    if (isFundingSourceName(name) && duplicateFundingSourceName([...names, name]) === null) names.push(name);
  }
  return names;
}

/** GET /admin-api/benefit-option-types (B§7): the option types a program may require on its benefits. */
export async function benefitOptionTypes(context: RequestContext): Promise<BenefitOptionType[]> {
  return listBenefitOptionTypes(requireCaller(context).db);
}
