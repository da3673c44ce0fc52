import type { FastifyReply } from 'fastify';
import {
  BENEFIT_EXPORT_HEADERS,
  BENEFIT_EXPORT_ROW_CAP,
  BENEFIT_SEARCH_COUNT_CAP,
  type BenefitExportQuery,
  benefitDateIn,
  benefitExpiryMarker,
  type BenefitSearchPage,
  type BenefitSearchQuery,
  type BenefitSearchRow,
  benefitStatusName,
  searchDateProblems,
} from '@ebt/core/benefits';
import { BENEFIT_STATUS_WIRE, BENEFIT_TYPE_LABEL, type BenefitStatus, type BenefitType } from '@ebt/core/enums';
import { todayIn } from '@ebt/core/format';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import {
  criteriaPlaces,
  dateColumn,
  defineSearch,
  exportColumns,
  exportSearch,
  moneyColumn,
  searchPage,
  batchesById,
} from '../../platform/search.js';
import { dollars, expiringSoonDays, refuseProblems } from './detail.js';
import {
  type BenefitExportRecord,
  type BenefitFilter,
  type BenefitSearchRecord,
  countBenefitsUpTo,
  exportBenefitBatch,
  searchBenefitRows,
} from './queries.js';

// GET /benefit-api/benefit and its export (part 1 §5 "Search", §7; resolutions 12, 13; docs/decisions/0010). One
// search for staff and recipients: the caller's scope is AND-ed with the criteria, so a recipient's search only ever
// reads their own accounts' benefits.

type SearchCriteria = Omit<BenefitSearchQuery, 'page' | 'pageSize'>;

const blankToUndefined = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : value.trim();

/**
 * The criteria as a filter of ids and dates, or null when a program or agency named cannot match (unknown, or
 * outside the caller's scope: the answer is then empty, as for any search that finds nothing). Dates out of the
 * bounds of part 1 §5 answer 400.
 */
async function resolveFilter(ctx: CallerContext, criteria: SearchCriteria): Promise<BenefitFilter | null> {
  const filter: BenefitFilter = {
    firstname: blankToUndefined(criteria.firstname),
    lastname: blankToUndefined(criteria.lastname),
    accountId: blankToUndefined(criteria.accountId),
    authNo: blankToUndefined(criteria.authNo),
  };
  // Staff send programUuid; the recipient portal sends programId (the program's id or uuid).
  const places = await criteriaPlaces(ctx, {
    program: blankToUndefined(criteria.programUuid) ?? blankToUndefined(criteria.programId),
    agencyUuid: blankToUndefined(criteria.agencyUuid),
  });
  filter.programId = places.program?.id;
  filter.agencyId = places.agencyId;
  const timeZone = places.program?.timeZone ?? ctx.config.defaultTimeZone;

  // Dates: 'YYYY-MM-DD' or a date-time, read in the program's zone (the default zone without a program).
  const startDate = blankToUndefined(criteria.startDate);
  const endDate = blankToUndefined(criteria.endDate);
  filter.startDate = startDate === undefined ? undefined : (benefitDateIn(startDate, timeZone) ?? undefined);
  filter.endDate = endDate === undefined ? undefined : (benefitDateIn(endDate, timeZone) ?? undefined);
  refuseProblems(
    searchDateProblems(
      { startDate: filter.startDate, endDate: filter.endDate },
      todayIn(timeZone, ctx.now()),
      ctx.caller.scope === 'self' ? 'recipient' : 'staff',
    ),
  );
  return places.unmatchable ? null : filter;
}

function toSearchRow(
  r: BenefitSearchRecord,
  now: Date,
  todays: Map<string, string>,
  soonDays: number,
): BenefitSearchRow {
  let today = todays.get(r.programTimeZone);
  if (today === undefined) todays.set(r.programTimeZone, (today = todayIn(r.programTimeZone, now)));
  return {
    benefitUuid: r.benefitUuid,
    benefitId: r.benefitUuid,
    programName: r.programName,
    programUuid: r.programUuid,
    programId: r.programId,
    recipientIdentifier: r.recipientIdentifier,
    recipientAccountUuid: r.recipientAccountUuid,
    firstname: r.firstname,
    lastname: r.lastname,
    benefitAuthNumber: r.benefitAuthNumber,
    benefitAmount: dollars(r.amount),
    benefitBalance: dollars(r.balance),
    benefitStatusId: r.benefitStatusId,
    benefitStatus: benefitStatusName(r.benefitStatusId),
    benefitAvailableDate: r.benefitAvailableDate,
    benefitExpiryDate: r.benefitExpiryDate,
    benefitTypeId: r.benefitTypeId,
    agencyName: r.agencyName,
    expiryMarker: benefitExpiryMarker(r.benefitStatusId, r.benefitExpiryDate, today, soonDays),
  };
}

const BENEFITS = defineSearch({
  name: 'benefits',
  countCap: BENEFIT_SEARCH_COUNT_CAP,
  exportCap: BENEFIT_EXPORT_ROW_CAP,
  sheetName: 'Benefits',
  columns: exportColumns<BenefitExportRecord>(
    BENEFIT_EXPORT_HEADERS,
    [
      'programName',
      'recipientIdentifier',
      'firstname',
      'lastname',
      'agencyName',
      'authNumber',
      (r) => BENEFIT_TYPE_LABEL[r.benefitTypeId as BenefitType] ?? String(r.benefitTypeId),
      (r) => BENEFIT_STATUS_WIRE[r.statusId as BenefitStatus] ?? String(r.statusId),
      dateColumn('availableDate'),
      dateColumn('expirationDate'),
      // Numbers, so a spreadsheet sums them.
      moneyColumn((r) => dollars(r.amount)),
      moneyColumn((r) => dollars(r.balance)),
    ],
    { 0: 30 },
  ),
  rows: searchBenefitRows,
  count: countBenefitsUpTo,
  exportBatch: batchesById(exportBenefitBatch),
});

/**
 * GET /benefit-api/benefit: newest available date first, pageSize rows from page (zero-based), the count capped at
 * BENEFIT_SEARCH_COUNT_CAP (platform/search.ts searchPage).
 */
export async function searchBenefits(context: RequestContext, query: BenefitSearchQuery): Promise<BenefitSearchPage> {
  const ctx = requireCaller(context);
  const found = await searchPage(ctx, BENEFITS, await resolveFilter(ctx, query), query);
  const now = ctx.now();
  const todays = new Map<string, string>();
  const soonDays = await expiringSoonDays(ctx.db, todayIn(ctx.config.defaultTimeZone, now));
  return { ...found, data: found.data.map((r) => toSearchRow(r, now, todays, soonDays)) };
}

/**
 * GET /benefit-api/benefit/export: the search's matches as CSV (default) or XLSX (exportType=xlsx), at most
 * BENEFIT_EXPORT_ROW_CAP rows (X-Export-Truncated: true past it). Every refusal (dates) happens before the first byte.
 */
export async function exportBenefits(
  context: RequestContext,
  query: BenefitExportQuery,
  reply: FastifyReply,
): Promise<void> {
  const ctx = requireCaller(context);
  await exportSearch(ctx, reply, BENEFITS, await resolveFilter(ctx, query), query.exportType);
}
