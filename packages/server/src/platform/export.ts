import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { xlsxStream } from './xlsx-stream.js';

/**
 * Streaming CSV and XLSX exports shared by every list that offers one (recipients, benefits, transactions,
 * merchants). architecture.md: exports stream, their size is capped, and spreadsheet cells that start with `=`, `+`,
 * `-`, `@`, tab or carriage return are neutralised (prefixed with a single quote), so a name like `=HYPERLINK(...)`
 * typed into a form is shown as text and never run as a formula when staff open the file.
 *
 * Rows come from an AsyncIterable that the caller fills from the database in batches (`keysetBatches`); this module
 * pulls one row at a time as the client reads, so memory holds about one batch whatever the export's size. XLSX is
 * written by xlsx-stream.ts (SheetJS, the imports' reader, only writes whole workbooks in memory).
 */

export type ExportFormat = 'csv' | 'xlsx';
export type ExportCell = string | number | null | undefined;

export interface ExportColumn<Row> {
  header: string;
  value: (row: Row) => ExportCell;
  /** Column width in characters in the XLSX file. */
  width?: number;
}

export interface ExportOptions<Row> {
  format: ExportFormat;
  /** File name without extension, e.g. `recipients-20261123`. */
  filename: string;
  columns: readonly ExportColumn<Row>[];
  rows: AsyncIterable<Row>;
  /** XLSX sheet name; defaults to the file name. */
  sheetName?: string;
  /** True when more rows matched than the export's cap: answered as `X-Export-Truncated: true`. */
  truncated?: boolean;
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

/** A text cell that a spreadsheet could read as a formula gets a leading single quote; numbers stay numbers. */
export function neutraliseCell(value: ExportCell): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * Sends the export as an attachment and streams it. The reply's headers go out before the first row is read, so
 * everything that can refuse the request (validation, scope, unknown filters) must run before this is called.
 */
export function sendExport<Row>(reply: FastifyReply, options: ExportOptions<Row>): FastifyReply {
  const file = `${options.filename}.${options.format}`.replace(/[^A-Za-z0-9._-]/g, '_');
  reply.header('Content-Type', CONTENT_TYPES[options.format]);
  reply.header('Content-Disposition', `attachment; filename="${file}"`);
  if (options.truncated) reply.header('X-Export-Truncated', 'true');
  const body = options.format === 'xlsx' ? xlsxExport(options) : csvStream(options);
  return reply.send(body);
}

async function* cellRows<Row>(options: ExportOptions<Row>): AsyncGenerator<(string | number | null)[]> {
  for await (const row of options.rows) yield options.columns.map((column) => neutraliseCell(column.value(row)));
}

function csvStream<Row>(options: ExportOptions<Row>): Readable {
  // The byte-order mark makes Excel read the file as UTF-8 (names with accents); CSV readers skip it.
  const stringifier = stringify({ header: true, columns: options.columns.map((c) => c.header), bom: true });
  // pipeline propagates a database error mid-stream to the reply stream, which ends the response (the client sees
  // a broken download rather than a silently short file).
  return pipeline(Readable.from(cellRows(options)), stringifier, () => undefined);
}

function xlsxExport<Row>(options: ExportOptions<Row>): Readable {
  return xlsxStream({
    name: options.sheetName ?? options.filename,
    columns: options.columns.map((c) => ({ header: c.header, width: c.width ?? Math.max(10, c.header.length + 2) })),
    rows: cellRows(options),
  });
}

/**
 * Reads rows in batches ordered by a unique increasing key (keyset pagination: `where id > $last order by id
 * limit $batch`), so each batch is an index range and no offset grows. Stops after `cap` rows.
 */
export async function* keysetBatches<Row>(
  fetchBatch: (afterKey: number, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => number,
  options: { batchSize?: number; cap: number },
): AsyncGenerator<Row> {
  const batchSize = options.batchSize ?? 1000;
  let after = 0;
  let sent = 0;
  while (sent < options.cap) {
    const limit = Math.min(batchSize, options.cap - sent);
    const batch = await fetchBatch(after, limit);
    for (const row of batch) yield row;
    sent += batch.length;
    if (batch.length < limit) return;
    after = keyOf(batch[batch.length - 1]!);
  }
}
