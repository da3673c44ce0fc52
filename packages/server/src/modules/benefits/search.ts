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
  benefitTotalPages,
  searchDateProblems,
} from '@ebt/core/benefits';
import { DEFAULT_TIME_ZONE } from '@ebt/core/constants';
import { BENEFIT_STATUS_LABEL, BENEFIT_TYPE_LABEL, type BenefitStatus, type BenefitType } from '@ebt/core/enums';
import { todayIn } from '@ebt/core/format';
import { canSeeProgram } from '../../platform/caller.js';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { type ExportColumn, exportFormat, keysetBatches, sendExport } from '../../platform/export.js';
import { pageWithCount } from '../../platform/search-counts.js';
import { dollars, refuseProblems } from './detail.js';
import {
  type BenefitExportRecord,
  type BenefitFilter,
  type BenefitSearchRecord,
  countBenefitsUpTo,
  exportBenefitBatch,
  findAgency,
  findProgram,
  searchBenefitRows,
} from './queries.js';

// GET /benefit-api/benefit and its export (part 1 §5 "Search", §7; resolutions 12, 13; docs/decisions/0010). One
// search for staff and recipients: the caller's scope is AND-ed with the criteria, so a recipient's search only ever
// reads their own accounts' benefits.

type SearchCriteria = Omit<BenefitSearchQuery, 'page' | 'pageSize'>;

const MAX_ID = 2_147_483_647;

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
  const programRef = blankToUndefined(criteria.programUuid) ?? blankToUndefined(criteria.programId);
  let timeZone = DEFAULT_TIME_ZONE;
  let unmatchable = false;
  if (programRef) {
    // An id beyond the integer range names no program (and must not reach PostgreSQL as an out-of-range value).
    const byId = /^\d+$/.test(programRef);
    const program =
      byId && Number(programRef) > MAX_ID
        ? undefined
        : await findProgram(ctx.db, byId ? { id: Number(programRef) } : { uuid: programRef.toLowerCase() });
    if (!program || !canSeeProgram(ctx.caller, program.id)) unmatchable = true;
    else {
      filter.programId = program.id;
      timeZone = program.timeZone;
    }
  }
  const agencyUuid = blankToUndefined(criteria.agencyUuid);
  if (agencyUuid) {
    const agency = await findAgency(ctx.db, agencyUuid.toLowerCase());
    if (!agency) unmatchable = true;
    else filter.agencyId = agency.id; // scope is AND-ed by the query: another agency's id matches nothing
  }

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
  return unmatchable ? null : filter;
}

function toSearchRow(r: BenefitSearchRecord, now: Date, todays: Map<string, string>): BenefitSearchRow {
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
    expiryMarker: benefitExpiryMarker(r.benefitStatusId, r.benefitExpiryDate, today),
  };
}

/**
 * GET /benefit-api/benefit: newest available date first, pageSize rows from page (zero-based). The count stops at
 * BENEFIT_SEARCH_COUNT_CAP + 1 matches (countCapped then says so) and pages past the cap answer no rows, so a broad
 * search over millions of benefits costs a bounded index walk (architecture.md "Search and lists").
 */
export async function searchBenefits(context: RequestContext, query: BenefitSearchQuery): Promise<BenefitSearchPage> {
  const ctx = requireCaller(context);
  const { page, pageSize } = query;
  const filter = await resolveFilter(ctx, query);
  if (!filter) return { data: [], page, totalCount: 0, totalPages: 0, countCapped: false };
  const offset = page * pageSize;
  const limit = Math.min(pageSize, BENEFIT_SEARCH_COUNT_CAP - offset);
  const { rows, counted } = await pageWithCount({
    caller: ctx.caller,
    search: 'benefits',
    criteria: filter,
    page,
    offset,
    limit,
    now: ctx.now().getTime(),
    rows: () => searchBenefitRows(ctx.db, ctx.caller, filter, { limit, offset }),
    count: () => countBenefitsUpTo(ctx.db, ctx.caller, filter, BENEFIT_SEARCH_COUNT_CAP),
  });
  const countCapped = counted > BENEFIT_SEARCH_COUNT_CAP;
  const totalCount = Math.min(counted, BENEFIT_SEARCH_COUNT_CAP);
  const now = ctx.now();
  const todays = new Map<string, string>();
  return {
    data: rows.map((r) => toSearchRow(r, now, todays)),
    page,
    totalCount,
    totalPages: benefitTotalPages(totalCount, pageSize),
    countCapped,
  };
}

const EXPORT_COLUMNS: readonly ExportColumn<BenefitExportRecord>[] = (() => {
  const values: ((r: BenefitExportRecord) => string | number | null)[] = [
    (r) => r.programName,
    (r) => r.recipientIdentifier,
    (r) => r.firstname,
    (r) => r.lastname,
    (r) => r.agencyName,
    (r) => r.authNumber,
    (r) => BENEFIT_TYPE_LABEL[r.benefitTypeId as BenefitType] ?? String(r.benefitTypeId),
    (r) => BENEFIT_STATUS_LABEL[r.statusId as BenefitStatus] ?? String(r.statusId),
    (r) => r.availableDate,
    (r) => r.expirationDate,
    // Numbers, so a spreadsheet sums them; two decimals come from the value itself.
    (r) => dollars(r.amount),
    (r) => dollars(r.balance),
  ];
  return BENEFIT_EXPORT_HEADERS.map((header, i) => ({ header, value: values[i]!, width: i === 0 ? 30 : undefined }));
})();

/**
 * GET /benefit-api/benefit/export: the search's matches as CSV (default) or XLSX (exportType=xlsx), streamed 1000
 * rows a batch by id, at most BENEFIT_EXPORT_ROW_CAP rows (X-Export-Truncated: true past it). Every refusal (dates)
 * happens before the first byte is sent.
 */
export async function exportBenefits(
  context: RequestContext,
  query: BenefitExportQuery,
  reply: FastifyReply,
): Promise<void> {
  const ctx = requireCaller(context);
  const filter = await resolveFilter(ctx, query);
  const counted = filter ? await countBenefitsUpTo(ctx.db, ctx.caller, filter, BENEFIT_EXPORT_ROW_CAP) : 0;
  const rows = filter
    ? keysetBatches(
        (afterId, limit) => exportBenefitBatch(ctx.db, ctx.caller, filter, afterId, limit),
        (r) => r.id,
        { cap: BENEFIT_EXPORT_ROW_CAP },
      )
    : (async function* none(): AsyncGenerator<BenefitExportRecord> {})();
  sendExport(reply, {
    format: exportFormat(query.exportType),
    filename: `benefits-${todayIn(DEFAULT_TIME_ZONE, ctx.now()).replaceAll('-', '')}`,
    sheetName: 'Benefits',
    columns: EXPORT_COLUMNS,
    rows,
    truncated: counted > BENEFIT_EXPORT_ROW_CAP,
  });
}
