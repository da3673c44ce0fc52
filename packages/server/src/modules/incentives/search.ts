import type { Incentive, IncentiveListAnswer, IncentiveListQuery } from '@ebt/core/incentives';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import {
  batchesById,
  criteriaPlaces,
  dateColumn,
  defineSearch,
  exportColumns,
  searchPage,
} from '../../platform/search.js';
import {
  countIncentivesUpTo,
  incentiveBatch,
  type IncentiveFilter,
  incentiveOptions,
  incentivePageRows,
  type IncentiveRecord,
} from './queries.js';

// GET /account-api/incentive (B§2 "Admin incentives", B§7; part 1 §7: the benefit issue form's Incentive choices and
// the program view; docs/decisions/0040-incentive-definitions.md). Scoped to the caller's programs (platform admins:
// every program). With `page` it answers a page of the admin list (10 rows, server-paged as the agency list is);
// without it the whole list the other screens choose from. A program outside the caller's scope lists nothing rather
// than answering 404: the list is a choice, and an empty choice reveals no more than a 404 would.

/** The most incentives a list counts (pages past it answer no rows and countCapped says more match). */
const INCENTIVE_COUNT_CAP = 10_000;

const rate = (value: string) => Number(value);

/** B§3 Incentive as every answer carries it; rates as two-decimal numbers (decision 0004). */
export function toIncentive(r: IncentiveRecord): Incentive {
  const i = r.incentive;
  return {
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
  };
}

const INCENTIVES = defineSearch({
  name: 'incentives',
  countCap: INCENTIVE_COUNT_CAP,
  exportCap: INCENTIVE_COUNT_CAP,
  sheetName: 'Incentives',
  columns: exportColumns<IncentiveRecord>(
    ['Name', 'Start Date', 'End Date', 'Program', 'Funding'],
    [
      (r) => r.incentive.name,
      dateColumn((r) => r.incentive.startDate),
      dateColumn((r) => r.incentive.endDate),
      'programName',
      'fundingName',
    ],
  ),
  rows: incentivePageRows,
  count: countIncentivesUpTo,
  exportBatch: batchesById(incentiveBatch),
});

/** The program the criteria name as a filter; null when it names nothing the caller can see (an empty answer). */
async function resolveFilter(ctx: CallerContext, programUuid: string | undefined): Promise<IncentiveFilter | null> {
  const places = await criteriaPlaces(ctx, { program: programUuid || undefined });
  if (places.unmatchable) return null;
  return { programId: places.program?.id };
}

/** GET /account-api/incentive: a page of the list with `page`, else the caller's incentives (of one program). */
export async function listIncentives(context: RequestContext, query: IncentiveListQuery): Promise<IncentiveListAnswer> {
  const ctx = requireCaller(context);
  if (query.page !== undefined) {
    const filter = await resolveFilter(ctx, query.programUuid);
    const found = await searchPage(ctx, INCENTIVES, filter, { page: query.page, pageSize: query.pageSize });
    return { ...found, data: found.data.map(toIncentive) };
  }
  // The whole list (the benefit issue form asks it on every program change): the program matched by uuid in the same
  // statement, under the caller's scope, so it costs one statement after the caller's.
  const programUuid = query.programUuid ? query.programUuid.toLowerCase() : undefined;
  return (await incentiveOptions(ctx.db, ctx.caller, { programUuid })).map(toIncentive);
}
