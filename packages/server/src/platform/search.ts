import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PROGRAM_STATUS } from '@ebt/core/enums';
import { localDateTime, todayIn } from '@ebt/core/format';
import { totalPages } from '@ebt/core/pager';
import type { DbOrTx } from '../db/client.js';
import { agencies, programs } from '../db/schema/index.js';
import { type Caller, canSeeAgency, canSeeProgram } from './caller.js';
import type { CallerContext, RequestContext } from './context.js';
import { AppError } from './errors.js';
import { preparedFor } from './prepared.js';
import { pageWithCount, rememberCount, reusableCount } from './search-counts.js';
import { type XlsxCell, xlsxStream } from './xlsx-stream.js';

// The search kit every list area is built from (docs/module-layout.md): the capped page of a search the server
// pages, the capped list of a search fetched whole, the streaming CSV/XLSX export, and the look-ups of a program and
// an agency that a search's criteria or a request names by uuid. An area brings its SQL (queries.ts: the page, the
// capped count, the export batch) and its columns; the paging, counting, capping and file writing live here once.

// ---------------------------------------------------------------------------------------------------------------
// Pages and lists

/** A page of a search the server pages, in the wire shape of pagedAnswer (core/pager). */
interface SearchPage<Row> {
  data: Row[];
  page: number;
  totalCount: number;
  totalPages: number;
  countCapped: boolean;
}

/** The answer of a search whose criteria name something that cannot match (an unknown program): no rows. */
function emptyPage<Row>(page: number): SearchPage<Row> {
  return { data: [], page, totalCount: 0, totalPages: 0, countCapped: false };
}

/**
 * What an area brings to the kit for a search with a page and an export: its SQL (queries.ts; each query takes the
 * database, the caller, whose scope it ANDs with the criteria, and the area's filter) and the export file's columns.
 */
interface SearchDefinition<Filter, PageRow, ExportRow extends { id: number }> {
  /** Names the search in the count memo (search-counts.ts) and the export's file (`{name}-{yyyyMMdd}.csv`). */
  name: string;
  /** The most matches counted and paged (resolution 13); countCapped says more match. */
  countCap: number;
  /** The most rows an export writes; past it the answer says `X-Export-Truncated: true`. */
  exportCap: number;
  sheetName: string;
  columns: readonly ExportColumn<ExportRow>[];
  rows: (db: DbOrTx, caller: Caller, filter: Filter, window: { limit: number; offset: number }) => Promise<PageRow[]>;
  count: (db: DbOrTx, caller: Caller, filter: Filter, cap: number) => Promise<number>;
  /**
   * Optional: the page and its capped count in one statement (the count a scalar subquery of the page's query), so
   * a page 0 costs one statement after the caller's instead of two. `count` is undefined when the page came back
   * empty (no row to carry it): the kit then asks `count` alone.
   */
  rowsWithCount?: (
    db: DbOrTx,
    caller: Caller,
    filter: Filter,
    window: { limit: number; offset: number },
    cap: number,
  ) => Promise<{ rows: PageRow[]; count: number | undefined }>;
  /**
   * One export batch: the matches after `after` (the last row of the previous batch, undefined for the first) in the
   * export's order, at most `limit` rows. Keyset pagination: each batch is an index range, no offset grows.
   */
  exportBatch: (
    db: DbOrTx,
    caller: Caller,
    filter: Filter,
    after: ExportRow | undefined,
    limit: number,
  ) => Promise<ExportRow[]>;
}

/**
 * An export batch read in id order (`where id > $afterId order by id`): the order of most lists' files, whose rows
 * have no more natural order. A search with one (newest first) writes its own exportBatch.
 */
export function batchesById<Filter, Row extends { id: number }>(
  batch: (db: DbOrTx, caller: Caller, filter: Filter, afterId: number, limit: number) => Promise<Row[]>,
) {
  return (db: DbOrTx, caller: Caller, filter: Filter, after: Row | undefined, limit: number) =>
    batch(db, caller, filter, after?.id ?? 0, limit);
}

/** Declares an area's search (the types of its rows come from its queries). */
export function defineSearch<Filter, PageRow, ExportRow extends { id: number }>(
  definition: SearchDefinition<Filter, PageRow, ExportRow>,
) {
  return definition;
}

/**
 * One page of a search and its count, capped at the search's countCap (architecture.md "Search and lists",
 * resolution 13): the count stops at cap + 1 matches, so a broad search costs a bounded index walk, `countCapped` then
 * says more match, and pages past the cap answer no rows (the offset is capped with the count). The count of page 0
 * is reused by the next pages of the same criteria (search-counts.ts, decision 0017). A null filter (criteria that
 * name something that cannot match, such as an unknown program) answers an empty page.
 */
export async function searchPage<Filter, PageRow, ExportRow extends { id: number }>(
  ctx: CallerContext,
  search: SearchDefinition<Filter, PageRow, ExportRow>,
  filter: Filter | null,
  paging: { page: number; pageSize: number },
): Promise<SearchPage<PageRow>> {
  const { page, pageSize } = paging;
  if (filter === null) return emptyPage(page);
  const cap = search.countCap;
  const offset = page * pageSize;
  const limit = Math.min(pageSize, cap - offset);
  if (search.rowsWithCount && limit > 0) {
    const counted = await pageAndCountAtOnce(ctx, search, search.rowsWithCount, filter, page, { limit, offset });
    return pageAnswer(counted.rows, counted.counted, page, pageSize, cap);
  }
  const { rows, counted } = await pageWithCount({
    store: ctx.db,
    caller: ctx.caller,
    search: search.name,
    criteria: filter,
    page,
    offset,
    limit,
    now: ctx.now().getTime(),
    rows: () => search.rows(ctx.db, ctx.caller, filter, { limit, offset }),
    count: () => search.count(ctx.db, ctx.caller, filter, cap),
  });
  return pageAnswer(rows, counted, page, pageSize, cap);
}

function pageAnswer<Row>(data: Row[], counted: number, page: number, pageSize: number, cap: number): SearchPage<Row> {
  const totalCount = Math.min(counted, cap);
  return { data, page, totalCount, totalPages: totalPages(totalCount, pageSize), countCapped: counted > cap };
}

/**
 * A page of a search that brings rowsWithCount: a later page whose count page 0 found reads its rows alone, any other
 * page reads rows and count in one statement; an empty page (no row to carry the count) counts on its own.
 */
async function pageAndCountAtOnce<Filter, PageRow, ExportRow extends { id: number }>(
  ctx: CallerContext,
  search: SearchDefinition<Filter, PageRow, ExportRow>,
  rowsWithCount: NonNullable<SearchDefinition<Filter, PageRow, ExportRow>['rowsWithCount']>,
  filter: Filter,
  page: number,
  window: { limit: number; offset: number },
): Promise<{ rows: PageRow[]; counted: number }> {
  const now = ctx.now().getTime();
  const shortPage = (rows: PageRow[], count: number) =>
    rows.length > 0 && rows.length < window.limit ? window.offset + rows.length : count;
  const known = reusableCount(ctx.db, ctx.caller, search.name, filter, page, now);
  if (known !== undefined) {
    const rows = await search.rows(ctx.db, ctx.caller, filter, window);
    return { rows, counted: shortPage(rows, known) };
  }
  const found = await rowsWithCount(ctx.db, ctx.caller, filter, window, search.countCap);
  const count = found.count ?? (await search.count(ctx.db, ctx.caller, filter, search.countCap));
  rememberCount(ctx.db, ctx.caller, search.name, filter, count, now);
  return { rows: found.rows, counted: shortPage(found.rows, count) };
}

/**
 * A search fetched whole and paged on screen (A§9/B§9: up to 1000 or 2000 rows), in the wire shape of cappedAnswer
 * (core/pager). `rows(limit)` is asked for one row more than the cap, to know whether the cap cut the answer.
 */
export async function cappedList<Row>(
  cap: number,
  rows: (limit: number) => Promise<Row[]>,
): Promise<{ data: Row[]; totalCount: number; countCapped: boolean }> {
  const found = await rows(cap + 1);
  const data = found.slice(0, cap);
  return { data, totalCount: data.length, countCapped: found.length > cap };
}

// ---------------------------------------------------------------------------------------------------------------
// Exports

/**
 * Streaming CSV and XLSX exports of every list that offers one (docs/module-layout.md "Exports"). architecture.md:
 * exports stream, their size is capped, and a text cell that starts with `=`, `+`, `-`, `@`, tab or carriage return is
 * never run as a formula when staff open the file: CSV, which has no styles, prefixes it with a single quote; XLSX
 * writes it as it is, as a text cell with Excel's quote-prefix style (xlsx-stream.ts), so `=HYPERLINK(...)` typed into
 * a form shows as typed, without an apostrophe.
 *
 * Each column says once what its cells are (its kind), and both files follow it: a date is `YYYY-MM-DD` in CSV and a
 * date cell in XLSX; a date-time is the local time of the row's zone (the program's, else the portal's default) with
 * its offset in CSV (`2026-12-04T18:00:00-05:00`) and a date-time cell of that local time in XLSX; an amount is a
 * number (two decimals in XLSX's format); an integer a number; text stays text, even when it looks like a number (an
 * id, a ZIP code). CSV lines end with CRLF (RFC 4180).
 *
 * Rows are read from the database in batches by key (keysetBatches) and pulled one at a time as the client reads, so
 * memory holds about one batch whatever the export's size. XLSX is written by xlsx-stream.ts (SheetJS, the imports'
 * reader, only writes whole workbooks in memory).
 */

type ExportFormat = 'csv' | 'xlsx';
type ExportCell = string | number | Date | null | undefined;

/**
 * What a column's cells are: `text`; `date` a calendar date 'YYYY-MM-DD'; `datetime` an instant (a Date or ISO text),
 * written in a time zone; `money` an amount of dollars (a number or numeric text); `integer` a whole number.
 */
type ExportKind = 'text' | 'date' | 'datetime' | 'money' | 'integer';

/** A datetime column's time zone for a row (its program's); the portal's default zone when it answers none. */
type ZoneOf<Row> = (row: Row) => string | null | undefined;

interface ExportColumn<Row> {
  header: string;
  kind: ExportKind;
  value: (row: Row) => ExportCell;
  timeZone?: ZoneOf<Row>;
  /** Column width in characters in the XLSX file. */
  width?: number;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Part 1 §7: exportType=xlsx asks for Excel; anything else (or nothing) for CSV. */
export function exportFormat(exportType: string | null | undefined): ExportFormat {
  return exportType?.trim().toLowerCase() === 'xlsx' ? 'xlsx' : 'csv';
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** CSV's guard: a text cell that a spreadsheet could read as a formula gets a leading single quote. */
export function neutraliseCell(value: ExportCell): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return value.toISOString();
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A field of the row that can be written as it is (text, a number, an instant or nothing). */
type CellKey<Row> = { [K in keyof Row]: Row[K] extends ExportCell ? K : never }[keyof Row];
type CellValue<Row> = CellKey<Row> | ((row: Row) => ExportCell);

/** A column's value with its kind (dateColumn, dateTimeColumn, moneyColumn, integerColumn). */
interface TypedValue<Row> {
  kind: Exclude<ExportKind, 'text'>;
  value: CellValue<Row>;
  timeZone?: ZoneOf<Row>;
}

/** A column of calendar dates 'YYYY-MM-DD': date cells in XLSX. */
export function dateColumn<Row>(value: CellValue<Row>): TypedValue<Row> {
  return { kind: 'date', value };
}

/**
 * A column of instants, written as the local time of `timeZone`'s zone for the row (the program's; the portal's
 * default zone when it answers none): date-time cells in XLSX, local time with its offset in CSV.
 */
export function dateTimeColumn<Row>(value: CellValue<Row>, timeZone?: ZoneOf<Row>): TypedValue<Row> {
  return { kind: 'datetime', value, timeZone };
}

/** A column of amounts in dollars: numbers with two decimals in XLSX. */
export function moneyColumn<Row>(value: CellValue<Row>): TypedValue<Row> {
  return { kind: 'money', value };
}

/** A column of whole numbers (counts, a batch number): numbers. */
export function integerColumn<Row>(value: CellValue<Row>): TypedValue<Row> {
  return { kind: 'integer', value };
}

const reader = <Row>(value: CellValue<Row>) =>
  typeof value === 'function' ? value : (row: Row) => row[value] as ExportCell;

/**
 * An export's columns from core's list of headers (the file's columns, in order) and one value per header: a field
 * of the row written as it is, or a function for a value that needs words (a status label) or arithmetic; text
 * unless wrapped in dateColumn, dateTimeColumn, moneyColumn or integerColumn, which say how both files write it.
 * `widths` sets the XLSX width of the columns that need more than their header.
 */
export function exportColumns<Row>(
  headers: readonly string[],
  values: readonly (CellValue<Row> | TypedValue<Row>)[],
  widths: Readonly<Record<number, number>> = {},
): readonly ExportColumn<Row>[] {
  if (values.length !== headers.length) throw new Error('an export needs one value per header');
  return headers.map((header, i) => {
    const value = values[i]!;
    const typed = typeof value === 'object' && value !== null ? (value as TypedValue<Row>) : undefined;
    return {
      header,
      kind: typed?.kind ?? 'text',
      value: reader(typed ? typed.value : (value as CellValue<Row>)),
      timeZone: typed?.timeZone,
      width: widths[i],
    };
  });
}

/** A number of a money or integer column: numeric text read as a number; anything else none. */
function numberOf(value: ExportCell): number | null {
  if (value === null || value === undefined || value instanceof Date) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** A CSV field of a column: text guarded, dates as written, instants local with their offset, amounts with two decimals. */
function csvCell<Row>(column: ExportColumn<Row>, row: Row, defaultZone: string): string | number | null {
  const value = column.value(row);
  if (value === null || value === undefined) return null;
  switch (column.kind) {
    case 'money': {
      // Two decimals, as a bank statement or an accountant writes dollars: 12.50, not 12.5.
      const number = numberOf(value);
      return number === null ? neutraliseCell(value) : number.toFixed(2);
    }
    case 'integer':
      return numberOf(value) ?? neutraliseCell(value);
    case 'datetime':
      return (
        localDateTime(value as Date | string, column.timeZone?.(row) || defaultZone)?.text ?? neutraliseCell(value)
      );
    default:
      return neutraliseCell(value);
  }
}

/** An XLSX cell of a column; the writer gives formula-like text its quote-prefix style (xlsx-stream.ts). */
function xlsxCell<Row>(column: ExportColumn<Row>, row: Row, defaultZone: string): XlsxCell {
  const value = column.value(row);
  if (value === null || value === undefined) return null;
  switch (column.kind) {
    case 'money':
    case 'integer': {
      const number = numberOf(value);
      if (number === null) return String(value);
      return column.kind === 'money' ? { money: number } : { integer: number };
    }
    case 'date':
      return typeof value === 'string' ? { date: value } : String(value);
    case 'datetime': {
      const local = localDateTime(value as Date | string, column.timeZone?.(row) || defaultZone);
      return local ? { dateTime: local.wall } : String(value);
    }
    default:
      // Text stays text, a number too: an id or a ZIP code that looks like a number is not one.
      return typeof value === 'number' ? (Number.isFinite(value) ? String(value) : null) : String(value);
  }
}

/**
 * Reads rows in batches ordered by a unique increasing key (keyset pagination: `where id > $last order by id
 * limit $batch`), so each batch is an index range and no offset grows. Stops after `cap` rows.
 */
export async function* keysetBatches<Row>(
  fetchBatch: (after: Row | undefined, limit: number) => Promise<Row[]>,
  options: { batchSize?: number; cap: number },
): AsyncGenerator<Row> {
  const batchSize = options.batchSize ?? 1000;
  let after: Row | undefined;
  let sent = 0;
  while (sent < options.cap) {
    const limit = Math.min(batchSize, options.cap - sent);
    const batch = await fetchBatch(after, limit);
    for (const row of batch) yield row;
    sent += batch.length;
    if (batch.length < limit) return;
    after = batch[batch.length - 1];
  }
}

/**
 * GET …/export of a search: its matches as CSV (default) or XLSX (exportType=xlsx), streamed from the database 1000
 * rows a batch by id, at most the search's exportCap rows; past the cap the answer says `X-Export-Truncated: true`.
 * The file is named `{name}-{yyyyMMdd}` (today in the default zone). A null filter writes a file of headers only.
 *
 * The reply's headers go out before the first row is read, so everything that can refuse the request (validation,
 * scope, unknown filters) must run before this is called.
 */
export async function exportSearch<Filter, PageRow, ExportRow extends { id: number }>(
  ctx: CallerContext,
  reply: FastifyReply,
  search: SearchDefinition<Filter, PageRow, ExportRow>,
  filter: Filter | null,
  exportType: string | null | undefined,
): Promise<void> {
  const cap = search.exportCap;
  const counted = filter === null ? 0 : await search.count(ctx.db, ctx.caller, filter, cap);
  const rows =
    filter === null
      ? noRows<ExportRow>()
      : keysetBatches<ExportRow>((after, limit) => search.exportBatch(ctx.db, ctx.caller, filter, after, limit), {
          cap,
        });
  const format = exportFormat(exportType);
  const zone = ctx.config.defaultTimeZone;
  const file = `${search.name}-${todayIn(ctx.config.defaultTimeZone, ctx.now()).replaceAll('-', '')}.${format}`;
  reply.header('Content-Type', CONTENT_TYPES[format]);
  reply.header('Content-Disposition', `attachment; filename="${file.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
  if (counted > cap) reply.header('X-Export-Truncated', 'true');
  reply.send(
    format === 'xlsx'
      ? xlsxFile(
          search.sheetName,
          search.columns,
          cellRows(rows, (row) => search.columns.map((c) => xlsxCell(c, row, zone))),
        )
      : csvFile(
          search.columns,
          cellRows(rows, (row) => search.columns.map((c) => csvCell(c, row, zone))),
        ),
  );
}

async function* cellRows<Row, Cell>(rows: AsyncIterable<Row>, cells: (row: Row) => Cell[]): AsyncGenerator<Cell[]> {
  for await (const row of rows) yield cells(row);
}

/**
 * The handler of a search's export endpoint (exportEndpoint in core): hands the reply to `run` (exportSearch), so the
 * file streams after the handler returns. Every export route answers alike.
 */
export function exportHandler<Query>(
  run: (ctx: RequestContext, query: Query, reply: FastifyReply) => Promise<void>,
): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  return async (request, reply) => {
    await run(request.ctx, request.query as Query, reply);
    return reply;
  };
}

/** An export whose criteria cannot match streams a file of headers only. */
async function* noRows<Row>(): AsyncGenerator<Row> {}

function csvFile(columns: readonly ExportColumn<never>[], cells: AsyncIterable<(string | number | null)[]>): Readable {
  // The byte-order mark makes Excel read the file as UTF-8 (names with accents); CSV readers skip it. Lines, the
  // header's too, end with CRLF (RFC 4180).
  const stringifier = stringify({
    header: true,
    columns: columns.map((c) => c.header),
    bom: true,
    record_delimiter: 'windows',
  });
  // pipeline propagates a database error mid-stream to the reply stream, which ends the response (the client sees
  // a broken download rather than a silently short file).
  return pipeline(Readable.from(cells), stringifier, () => undefined);
}

function xlsxFile(
  sheetName: string,
  columns: readonly ExportColumn<never>[],
  cells: AsyncIterable<XlsxCell[]>,
): Readable {
  return xlsxStream({
    name: sheetName,
    columns: columns.map((c) => ({ header: c.header, width: c.width ?? Math.max(10, c.header.length + 2) })),
    rows: cells,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Look-ups by uuid

/**
 * A program by uuid or id, with the settings the areas' rules read, or undefined. Prepared (platform/prepared.ts):
 * searches, forms and imports name a program on most requests. The caller checks scope (programInScope does).
 */
export async function findProgram(db: DbOrTx, where: { uuid: string } | { id: number }) {
  const [row] =
    'uuid' in where
      ? await preparedFor(db, 'program_by_uuid', (d, name) =>
          programLookup(d)
            .where(eq(programs.uuid, sql.placeholder('key')))
            .limit(1)
            .prepare(name),
        ).execute({ key: where.uuid })
      : await preparedFor(db, 'program_by_id', (d, name) =>
          programLookup(d)
            .where(eq(programs.id, sql.placeholder('key')))
            .limit(1)
            .prepare(name),
        ).execute({ key: where.id });
  return row;
}

function programLookup(db: DbOrTx) {
  return db
    .select({
      id: programs.id,
      uuid: programs.uuid,
      name: programs.name,
      shortName: programs.shortName,
      statusId: programs.statusId,
      benefitAmount: programs.benefitAmount,
      benefitExpirationDays: programs.benefitExpirationDays,
      incentiveExpirationDays: programs.incentiveExpirationDays,
      lastIssuanceDate: programs.lastIssuanceDate,
      enableBenefitNote: programs.enableBenefitNote,
      benefitOptionTypeId: programs.benefitOptionTypeId,
      timeZone: programs.timeZone,
    })
    .from(programs)
    .$dynamic();
}
export type ProgramRecord = NonNullable<Awaited<ReturnType<typeof findProgram>>>;

/**
 * True when a program identifier sent beside the program's uuid (recipientProgramIdentifier,
 * benefitProgramIdentifier) names another program. It may name the program by its id, short name or uuid, and may be
 * left out (decisions 0009, 0010).
 */
export function namesOtherProgram(
  identifier: string | number | null | undefined,
  program: Pick<ProgramRecord, 'id' | 'uuid' | 'shortName'>,
): boolean {
  if (identifier == null || identifier === '') return false;
  const value = String(identifier).trim().toLowerCase();
  return !(
    value === String(program.id) ||
    value === program.shortName.toLowerCase() ||
    value === program.uuid.toLowerCase()
  );
}

/** The program a request names, or undefined when it is missing or outside the caller's scope (both answer 404). */
export async function programInScope(ctx: CallerContext, where: { uuid: string } | { id: number }) {
  const program = await findProgram(ctx.db, where);
  return program && canSeeProgram(ctx.caller, program.id) ? program : undefined;
}

/**
 * The program a form adds to (a recipient, a benefit): 404 with the area's PROGRAM_NOT_FOUND message when it is
 * missing or outside the caller's scope, 400 with its PROGRAM_NOT_ENABLED on programUuid when it is disabled.
 */
export async function enabledProgramInScope(
  ctx: CallerContext,
  programUuid: string,
  messages: { PROGRAM_NOT_FOUND: string; PROGRAM_NOT_ENABLED: string },
): Promise<ProgramRecord> {
  const program = await programInScope(ctx, { uuid: programUuid });
  if (!program) throw AppError.notFound(messages.PROGRAM_NOT_FOUND);
  if (program.statusId !== PROGRAM_STATUS.ENABLED)
    throw AppError.badRequest(messages.PROGRAM_NOT_ENABLED, 'programUuid');
  return program;
}

/** The largest id a program can have: a larger number names no program, and must not reach PostgreSQL. */
const MAX_ID = 2_147_483_647;

/**
 * The program and agency a search's criteria name, resolved inside the search's own statement (programIdOf,
 * agencyIdOf), so naming them costs no statement of its own (architecture.md "The request path": two per read). The
 * references stay plain text in the filter (the count memo keys on it). `unmatchable` is true when a reference
 * cannot name anything at all (an id past the largest): the search answers empty without asking.
 */
export function criteriaPlaceRefs(refs: { program?: string; agencyUuid?: string }) {
  const program = refs.program?.toLowerCase();
  const unmatchable = program !== undefined && /^\d+$/.test(program) && Number(program) > MAX_ID;
  return { program, agencyUuid: refs.agencyUuid?.toLowerCase(), unmatchable };
}

/**
 * The id of the program a criterion names (its id in digits, or its uuid) as a value of the search's statement: a
 * uuid becomes a scalar subquery, NULL when it names nothing, which no row equals. A program outside the caller's
 * scope matches nothing because the search ANDs the caller's scope.
 */
export function programIdOf(ref: string): SQL | number {
  return /^\d+$/.test(ref)
    ? Number(ref)
    : sql`(select ${programs.id} from ${programs} where ${programs.uuid} = ${ref})`;
}

/** The id of the agency a criterion names by uuid, as a scalar subquery of the search's statement (programIdOf). */
export function agencyIdOf(agencyUuid: string): SQL {
  return sql`(select ${agencies.id} from ${agencies} where ${agencies.uuid} = ${agencyUuid})`;
}

/**
 * The program and agency a search's criteria name: a program by uuid or by its id in digits, an agency by uuid.
 * `unmatchable` is true when one of them names nothing the caller can see: the search then matches nothing (an empty
 * page, as for any search that finds nothing). The agency's scope is left to the search's query, which ANDs the
 * caller's scope, so another agency's id matches nothing.
 */
export async function criteriaPlaces(ctx: CallerContext, refs: { program?: string; agencyUuid?: string }) {
  let program: ProgramRecord | undefined;
  let agencyId: number | undefined;
  let unmatchable = false;
  if (refs.program) {
    const byId = /^\d+$/.test(refs.program);
    if (!(byId && Number(refs.program) > MAX_ID))
      program = await programInScope(ctx, byId ? { id: Number(refs.program) } : { uuid: refs.program.toLowerCase() });
    if (!program) unmatchable = true;
  }
  if (refs.agencyUuid) {
    const agency = await findAgency(ctx.db, refs.agencyUuid.toLowerCase());
    if (agency) agencyId = agency.id;
    else unmatchable = true;
  }
  return { program, agencyId, unmatchable };
}

/** The agency a request names by uuid, with its program, or undefined. The caller checks scope (agencyInScope does). */
export async function findAgency(db: DbOrTx, agencyUuid: string) {
  const [agency] = await db
    .select({ id: agencies.id, uuid: agencies.uuid, programId: agencies.programId })
    .from(agencies)
    .where(eq(agencies.uuid, agencyUuid))
    .limit(1);
  return agency;
}

/** The agency a request names, or undefined when it is missing or outside the caller's scope (both answer 404). */
export async function agencyInScope(ctx: CallerContext, agencyUuid: string, db: DbOrTx = ctx.db) {
  const agency = await findAgency(db, agencyUuid);
  return agency && canSeeAgency(ctx.caller, agency.programId, agency.id) ? agency : undefined;
}
