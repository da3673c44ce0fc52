import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { AGENCY_LOOKUP_MESSAGES, type AgencyOption, type AgencyOptionsQuery } from '@ebt/core/agencies';
import { agencies, programs } from '../../db/schema/index.js';
import type { Caller } from '../../platform/caller.js';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { programInScope } from '../../platform/search.js';

// Agency look-ups for program-side choices (part 1 §7, part 2 §6). Agency maintenance is not here.

/**
 * The agencies a caller may see (architecture.md "Access"): platform admins all, program admins those of their
 * programs, agency staff their own. viewable=1, which agency staff send (part 2 §6), is therefore always in force.
 */
function agencyScope(caller: Caller): SQL | undefined {
  switch (caller.scope) {
    case 'all':
      return undefined;
    case 'programs':
      return caller.programIds.length
        ? inArray(agencies.programId, [...caller.programIds])
        : inArray(agencies.id, [-1]);
    case 'agencies':
      return caller.agencyIds.length ? inArray(agencies.id, [...caller.agencyIds]) : inArray(agencies.id, [-1]);
    default:
      return inArray(agencies.id, [-1]);
  }
}

async function listAgencies(ctx: CallerContext, programCondition: SQL | undefined): Promise<AgencyOption[]> {
  const rows = await ctx.db
    .select({
      agencyUuid: agencies.uuid,
      agencyName: agencies.name,
      agencyCode: agencies.code,
      programUuid: programs.uuid,
      programName: programs.name,
    })
    .from(agencies)
    .innerJoin(programs, eq(programs.id, agencies.programId))
    .where(and(agencyScope(ctx.caller), programCondition))
    .orderBy(asc(agencies.name), asc(agencies.id));
  return rows.map((r) => ({ ...r, program: { programUuid: r.programUuid, programName: r.programName } }));
}

/** GET /account-api/agency: the caller's agencies, optionally of one program (an unknown program lists none). */
export async function listAgencyOptions(context: RequestContext, query: AgencyOptionsQuery): Promise<AgencyOption[]> {
  const ctx = requireCaller(context);
  return listAgencies(ctx, query.programUuid ? eq(programs.uuid, query.programUuid) : undefined);
}

/** GET /account-api/program/{programUuid}/agencies: 404 for a program outside the caller's scope. */
export async function listProgramAgencies(context: RequestContext, programUuid: string): Promise<AgencyOption[]> {
  const ctx = requireCaller(context);
  const program = await programInScope(ctx, { uuid: programUuid });
  if (!program) throw AppError.notFound(AGENCY_LOOKUP_MESSAGES.PROGRAM_NOT_FOUND);
  return listAgencies(ctx, eq(agencies.programId, program.id));
}
