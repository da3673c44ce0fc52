import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Incentive, IncentiveListQuery } from '@ebt/core/incentives';
import { fundingSources, incentives, programs } from '../../db/schema/index.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';

// Incentive definitions for the program side (part 2 §7 "Incentives"): the list the benefit issue form offers.
// Maintenance of definitions and recipient enrolments belongs to the incentives issue.

const rate = (value: string) => Number(value);

/**
 * GET /account-api/incentive: the incentives of the caller's programs (platform admins: every program), optionally
 * of one program. A program outside the caller's scope lists nothing rather than answering 404: the list is a
 * choice, and an empty choice reveals no more than a 404 would.
 */
export async function listIncentives(context: RequestContext, query: IncentiveListQuery): Promise<Incentive[]> {
  const ctx = requireCaller(context);
  const { caller } = ctx;
  if (caller.scope !== 'all' && caller.programIds.length === 0) return [];
  const rows = await ctx.db
    .select({
      incentive: incentives,
      programId: programs.id,
      programName: programs.name,
      programUuid: programs.uuid,
      fundingId: fundingSources.id,
      fundingName: fundingSources.name,
    })
    .from(incentives)
    .innerJoin(programs, eq(programs.id, incentives.programId))
    .innerJoin(fundingSources, eq(fundingSources.id, incentives.fundingSourceId))
    .where(
      and(
        caller.scope === 'all' ? undefined : inArray(incentives.programId, [...caller.programIds]),
        query.programUuid ? eq(programs.uuid, query.programUuid) : undefined,
      ),
    )
    .orderBy(asc(incentives.name), asc(incentives.id));
  return rows.map(({ incentive: i, ...r }) => ({
    incentiveUuid: i.uuid,
    name: i.name,
    startDate: i.startDate,
    endDate: i.endDate,
    matchRate: rate(i.matchRate),
    accrualMaxDay: rate(i.accrualMaxDay),
    accrualMaxMonth: rate(i.accrualMaxMonth),
    accrualMaxTrx: rate(i.accrualMaxTrx),
    accrualFeeRate: rate(i.accrualFeeRate),
    redemptionFeeRate: rate(i.redemptionFeeRate),
    program: { programId: r.programId, programName: r.programName, programUuid: r.programUuid },
    funding: { fundingId: r.fundingId, name: r.fundingName },
    updated: i.updatedAt.toISOString(),
  }));
}
