import {
  AGENCY_LOOKUP_MESSAGES,
  type AgencyListAnswer,
  type AgencyOption,
  type AgencyOptionsQuery,
} from '@ebt/core/agencies';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import {
  criteriaPlaces,
  defineSearch,
  exportColumns,
  programInScope,
  searchPage,
  batchesById,
} from '../../platform/search.js';
import {
  agencyBatch,
  type AgencyFilter,
  type AgencyListRow,
  agencyOptions,
  agencyPageRows,
  countAgenciesUpTo,
} from './queries.js';

// GET /account-api/agency (B§2 "Agencies", B§7; part 1 §6 and §7) and GET /account-api/program/{programUuid}/agencies
// (docs/decisions/0028-agencies.md). Both are scoped to the caller whatever viewable says: agency staff see their
// agencies, program admins their programs' agencies, platform admins all. With `page` the first answers a page of the
// list screen (10 rows, server-paged: a platform admin may see 100,000 agencies); without it the whole list the
// pickers of other screens choose from.

/** The most agencies a list counts (pages past it answer no rows and countCapped says more match). */
export const AGENCY_COUNT_CAP = 10_000;

const AGENCIES = defineSearch({
  name: 'agencies',
  countCap: AGENCY_COUNT_CAP,
  exportCap: AGENCY_COUNT_CAP,
  sheetName: 'Agencies',
  columns: exportColumns<AgencyListRow>(['Name', 'Code', 'Program'], ['agencyName', 'agencyCode', 'programName']),
  rows: agencyPageRows,
  count: countAgenciesUpTo,
  exportBatch: batchesById(agencyBatch),
});

const asOption = ({ id: _id, ...r }: AgencyListRow): AgencyOption => ({
  ...r,
  program: { programUuid: r.programUuid, programName: r.programName },
});

/** The program the criteria name as a filter; null when it names nothing the caller can see (an empty answer). */
async function resolveFilter(ctx: CallerContext, programUuid: string | undefined): Promise<AgencyFilter | null> {
  const places = await criteriaPlaces(ctx, { program: programUuid || undefined });
  if (places.unmatchable) return null;
  return { programId: places.program?.id };
}

/** GET /account-api/agency: a page of the list with `page`, else the caller's agencies (of one program when named). */
export async function listAgencies(context: RequestContext, query: AgencyOptionsQuery): Promise<AgencyListAnswer> {
  const ctx = requireCaller(context);
  const filter = await resolveFilter(ctx, query.programUuid);
  if (query.page !== undefined) {
    const found = await searchPage(ctx, AGENCIES, filter, { page: query.page, pageSize: query.pageSize });
    return { ...found, data: found.data.map(asOption) };
  }
  if (filter === null) return [];
  return (await agencyOptions(ctx.db, ctx.caller, filter)).map(asOption);
}

/** GET /account-api/program/{programUuid}/agencies: 404 for a program outside the caller's scope. */
export async function listProgramAgencies(context: RequestContext, programUuid: string): Promise<AgencyOption[]> {
  const ctx = requireCaller(context);
  const program = await programInScope(ctx, { uuid: programUuid.toLowerCase() });
  if (!program) throw AppError.notFound(AGENCY_LOOKUP_MESSAGES.PROGRAM_NOT_FOUND);
  return (await agencyOptions(ctx.db, ctx.caller, { programId: program.id })).map(asOption);
}
