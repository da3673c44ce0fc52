import { APP_ERROR_CODE } from '@ebt/core/errors';
import fastifyMultipart from '@fastify/multipart';
import type * as SheetJS from '@e965/xlsx';
import { parse as parseCsv } from 'csv-parse/sync';
import { inflateRawSync } from 'node:zlib';
import { type AsyncFlateStreamHandler, Unzip, type UnzipDecoder, type UnzipFile, zipSync } from 'fflate';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FILE_SIZE_LIMIT_BYTES } from '@ebt/core/constants';
import { MESSAGES } from '@ebt/core/messages';
import { isAcceptedFileName } from '@ebt/core/validation';
import { simpleCsvRecords } from './csv-records.js';
import { cellText, numberText, pad2, simpleWorkbookRows } from './xlsx-records.js';
import { AppError } from './errors.js';

/**
 * File imports shared by the benefit, account and merchant files (part 1 §5, part 2 §5, §9): an upload of one CSV,
 * XLS or XLSX file of at most 1 MB (1048576 bytes), read into rows of trimmed strings that keep their spreadsheet
 * row numbers, so an import can report "row 7, column Amount: ..." exactly.
 *
 * - The content decides how a file is read, not its extension (which must still be .csv, .xls or .xlsx): a ZIP is
 *   an Excel 2007+ workbook, an OLE compound file a legacy Excel 97-2003 workbook (both read by SheetJS, the one
 *   maintained reader of both formats; decision 0009; an XLSX is unpacked by fflate first, see unpackedWorkbook, and
 *   one of the common shape is read without SheetJS, xlsx-records.ts, decision 0106),
 *   anything else text CSV (csv-parse; UTF-8, or Windows-1252 when the bytes are not UTF-8; comma, semicolon or
 *   tab separated, whichever the header uses).
 * - Only the first worksheet is read. The first non-blank row is the header; blank rows are skipped.
 * - Dates typed as dates in a workbook become 'YYYY-MM-DD'; numbers their shortest decimal text.
 * - A file that cannot be read, or that really unpacks to far more than a 1 MB spreadsheet can hold (a "zip bomb"),
 *   answers 422 'Invalid file content.' (part 1 §8).
 */

/** Data rows an import reads at most: a 1 MB CSV holds about 10,000 benefit rows; more is not a real file. */
export const MAX_IMPORT_ROWS = 50_000;
/** Columns read per row at most. */
const MAX_COLUMNS = 100;
/**
 * The bytes an XLSX may really unpack to, all entries together. Workbook XML compresses 4-10 times (the benefit
 * bench's 10,000 rows: 367 KB, about 3.5 MB unpacked), so a 1 MB workbook holds 10 MB at most; far more is a
 * "zip bomb", refused while unpacking (16 MB take fflate 0.1-0.3 s to reach).
 */
export const MAX_UNPACKED_BYTES = 16 * 1024 * 1024;
/** Compressed bytes given to fflate's ZIP reader at a time (see unpackedWorkbook). */
const ZIP_SLICE_BYTES = 4096;

export interface ImportedRow {
  /** The row's number as the spreadsheet shows it (the first line of the file is row 1). */
  rowNumber: number;
  cells: string[];
}

export interface ImportedSheet {
  format: 'csv' | 'xlsx' | 'xls';
  header: string[];
  headerRowNumber: number;
  /** Data rows after the header, blank ones left out. */
  rows: ImportedRow[];
}

export interface UploadedFile {
  fileName: string;
  data: Buffer;
  /** The form's other (text) fields, e.g. a programUuid sent with the file. */
  fields: Record<string, string>;
}

const invalidContent = () => AppError.unprocessable(MESSAGES.INVALID_FILE_CONTENT, APP_ERROR_CODE.INVALID_FILE_CONTENT);

/**
 * Registers multipart parsing in the calling module's scope (modules are encapsulated plugins, so each module that
 * takes uploads calls this once). One file and a few small text fields per request.
 */
export async function registerFileUploads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: FILE_SIZE_LIMIT_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
  });
}

/**
 * Reads the upload of a multipart request: the file in `field` (at most 1 MB, else 400 `tooLargeMessage`; a missing
 * or empty file 400 'You must select an input file.'; another extension 400) and the text fields beside it.
 */
export async function readUpload(
  request: FastifyRequest,
  options: { field: string; tooLargeMessage: string },
): Promise<UploadedFile> {
  if (!request.isMultipart()) throw AppError.badRequest(MESSAGES.FILE_REQUIRED, options.field);
  const fields: Record<string, string> = {};
  let file: { fileName: string; data: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Read every file part to its end (the request stream must be drained), keep the named one.
        const data = await part.toBuffer();
        if (part.fieldname === options.field && !file) file = { fileName: part.filename, data };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value.trim();
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw AppError.badRequest(options.tooLargeMessage, options.field, APP_ERROR_CODE.FILE_TOO_LARGE);
    // The multipart plugin's own errors carry their 4xx status; the parser's (a missing boundary, a truncated body)
    // carry none and would answer 500, though they only mean no readable file was sent (input-fuzz.test.ts).
    if ((error as { statusCode?: number }).statusCode !== undefined) throw error;
    throw AppError.badRequest(MESSAGES.FILE_REQUIRED, options.field);
  }
  if (!file || file.data.length === 0) throw AppError.badRequest(MESSAGES.FILE_REQUIRED, options.field);
  if (file.data.length > FILE_SIZE_LIMIT_BYTES)
    throw AppError.badRequest(options.tooLargeMessage, options.field, APP_ERROR_CODE.FILE_TOO_LARGE);
  if (!isAcceptedFileName(file.fileName)) throw AppError.badRequest(MESSAGES.INVALID_FILE_TYPE, options.field);
  return { ...file, fields };
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Reads an uploaded spreadsheet into its header and data rows; 422 'Invalid file content.' when it cannot. */
export async function parseSpreadsheet(data: Buffer, options: { maxRows?: number } = {}): Promise<ImportedSheet> {
  const maxRows = options.maxRows ?? MAX_IMPORT_ROWS;
  let format: ImportedSheet['format'];
  let table: ImportedRow[];
  try {
    if (data.subarray(0, 4).equals(ZIP_MAGIC)) {
      format = 'xlsx';
      const entries = unpackedEntries(data);
      // The common shape of workbook without SheetJS, which cost 0.35-0.5 s of a 1 MB import (xlsx-records.ts).
      table =
        simpleWorkbookRows(entries, maxRows + 2, MAX_COLUMNS) ??
        readWorkbook(await sheetJs(), packedUncompressed(entries), maxRows);
    } else if (data.subarray(0, 8).equals(CFB_MAGIC)) {
      format = 'xls';
      table = readWorkbook(await sheetJs(), data, maxRows);
    } else {
      format = 'csv';
      table = readCsv(data, maxRows);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalidContent();
  }
  const rows = table.filter((row) => row.cells.some((cell) => cell !== ''));
  const [headerRow, ...dataRows] = rows;
  if (!headerRow) throw invalidContent();
  if (dataRows.length > maxRows) throw invalidContent();
  return { format, header: headerRow.cells, headerRowNumber: headerRow.rowNumber, rows: dataRows };
}

/**
 * Unpacks an XLSX (a ZIP) with fflate's streaming reader, counting the bytes each entry really inflates to: an entry
 * that inflates to more than its header declares is forged, and all entries together may not pass
 * MAX_UNPACKED_BYTES whatever they declare (an entry written with a data descriptor declares nothing up front). A
 * 900 KB file whose sheet declares 2,000 bytes can inflate to 900 MB; the former check of the declared sizes let it
 * through (15-19 s and 1 GB per upload). Each entry is inflated by zlib with its output bounded (nativeInflate), so
 * nothing is inflated past what the entry declares or what is left of MAX_UNPACKED_BYTES (deflate reaches about
 * 1:1000).
 *
 * The entries are then packed again uncompressed and only that copy is given to SheetJS: its own ZIP reader then
 * reads exactly the bytes counted here, not the original's headers, which a forged file can make disagree.
 */
export function unpackedWorkbook(data: Buffer): Uint8Array {
  return packedUncompressed(unpackedEntries(data));
}

/** The entries of an XLSX, unpacked and counted as unpackedWorkbook says. */
export function unpackedEntries(data: Buffer): Record<string, Uint8Array> {
  const entries: Record<string, Uint8Array[]> = {};
  let total = 0;
  let failure: AppError | undefined;
  const refuse = (file: UnzipFile): never => {
    failure = invalidContent();
    file.terminate();
    throw failure;
  };
  const unzip = new Unzip((file) => {
    if (Object.hasOwn(entries, file.name)) refuse(file); // one name twice: no workbook Excel writes
    const chunks: Uint8Array[] = (entries[file.name] = []);
    let inflated = 0;
    file.ondata = (error, chunk) => {
      if (error) throw error;
      inflated += chunk.length;
      total += chunk.length;
      if (total > MAX_UNPACKED_BYTES || (file.originalSize !== undefined && inflated > file.originalSize)) refuse(file);
      chunks.push(chunk);
    };
    file.start();
  });
  unzip.register(nativeInflate(() => MAX_UNPACKED_BYTES - total));
  for (let at = 0; at < data.length; at += ZIP_SLICE_BYTES) {
    const end = Math.min(at + ZIP_SLICE_BYTES, data.length);
    unzip.push(data.subarray(at, end), end === data.length);
    if (failure) throw failure;
  }
  const unpacked: Record<string, Uint8Array> = {};
  for (const [name, chunks] of Object.entries(entries)) unpacked[name] = Buffer.concat(chunks);
  return unpacked;
}

/**
 * fflate's decoder of deflated entries with Node's zlib doing the inflating: native, a 1 MB workbook's 4 MB in a
 * few milliseconds where fflate's JavaScript inflate took 20. It keeps an entry's compressed bytes to the last and
 * inflates them at once with the output bounded by zlib itself: one byte past what the entry declares or past what
 * is `left` of MAX_UNPACKED_BYTES and zlib stops, and unpackedEntries refuses the file; nothing is inflated further
 * than that bound, as with the slices of fflate's own decoder.
 */
function nativeInflate(left: () => number) {
  return class NativeInflate implements UnzipDecoder {
    static readonly compression = 8;
    ondata: AsyncFlateStreamHandler = () => undefined;
    private readonly compressed: Uint8Array[] = [];
    private readonly bound: number;

    constructor(_name: string, _size?: number, originalSize?: number) {
      this.bound = Math.max(0, Math.min(originalSize ?? Infinity, left())) + 1;
    }

    push(chunk: Uint8Array, final: boolean): void {
      this.compressed.push(Uint8Array.prototype.slice.call(chunk)); // fflate may reuse the chunk's buffer
      if (!final) return;
      let inflated: Buffer;
      try {
        inflated = inflateRawSync(Buffer.concat(this.compressed), { maxOutputLength: this.bound });
      } catch {
        // Past its bound (zlib's RangeError) or not deflate at all: either way not a workbook to read.
        throw invalidContent();
      }
      this.ondata(null, inflated as Uint8Array as Uint8Array<ArrayBuffer>, true);
    }
  };
}

/** The entries packed again without compression: what SheetJS reads, never the upload's own headers. */
function packedUncompressed(entries: Record<string, Uint8Array>): Uint8Array {
  const files: Record<string, [Uint8Array, { level: 0 }]> = {};
  for (const [name, bytes] of Object.entries(entries)) files[name] = [bytes, { level: 0 }];
  return zipSync(files);
}

/**
 * SheetJS, loaded by the first spreadsheet read rather than at start: most instances never read one, and it is
 * memory the idle server would hold (bench/README.md, "Idle memory").
 */
const sheetJs = (): Promise<typeof SheetJS> => import('@e965/xlsx');

/** The rows SheetJS reads of an XLSX: what parseSpreadsheet reads of a workbook the fast reader leaves to it. */
export async function sheetJsWorkbookRows(data: Buffer, maxRows = MAX_IMPORT_ROWS): Promise<ImportedRow[]> {
  return readWorkbook(await sheetJs(), unpackedWorkbook(data), maxRows);
}

/**
 * Reads the first worksheet of an XLSX (already unpacked and size-checked) or XLS workbook with SheetJS. Dates stay
 * numbers (cellDates: false) and are converted here from their format, so no local time zone of the server moves a
 * date by a day. sheetRows stops reading past the row cap, `sheets: 0` leaves the other worksheets unread.
 */
function readWorkbook(XLSX: typeof SheetJS, data: Uint8Array, maxRows: number): ImportedRow[] {
  const workbook = XLSX.read(data, {
    type: 'array',
    sheets: 0,
    cellDates: false,
    cellNF: true,
    cellText: false,
    cellHTML: false,
    cellFormula: false,
    cellStyles: false,
    bookVBA: false,
    dense: true,
    sheetRows: maxRows + 2,
  });
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  const dense = (sheet as { '!data'?: (SheetJS.CellObject | undefined)[][] } | undefined)?.['!data'];
  if (!sheet || !dense) throw invalidContent();
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const rows: ImportedRow[] = [];
  dense.forEach((row, r) => {
    if (!row) return;
    const cells: string[] = [];
    const width = Math.min(row.length, MAX_COLUMNS);
    for (let c = 0; c < width; c++) cells.push(workbookCellText(XLSX, row[c], date1904));
    // Trailing empty cells (a styled but empty column) are not read: an import sees a row as wide as its data.
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    rows.push({ rowNumber: r + 1, cells });
  });
  return rows;
}

function workbookCellText(XLSX: typeof SheetJS, cell: SheetJS.CellObject | undefined, date1904: boolean): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  switch (cell.t) {
    case 'n': {
      const value = cell.v as number;
      if (cell.z !== undefined && XLSX.SSF.is_date(cell.z)) {
        const parts = XLSX.SSF.parse_date_code(value, { date1904 });
        return parts ? `${parts.y}-${pad2(parts.m)}-${pad2(parts.d)}` : '';
      }
      return numberText(value);
    }
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'e':
    case 'z':
      return '';
    case 'd': {
      const date = cell.v instanceof Date ? cell.v : new Date(String(cell.v));
      if (Number.isNaN(date.getTime())) return '';
      return `${date.getUTCFullYear()}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
    }
    default:
      return cellText(String(cell.v));
  }
}

function decodeText(data: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    // Excel on Windows saves "CSV" in the ANSI code page.
    text = new TextDecoder('windows-1252').decode(data);
  }
  // A file with NUL characters is binary (an image, a PDF, a UTF-16 export), not a CSV.
  if (text.includes('\u0000')) throw invalidContent();
  return text.replace(/^\uFEFF/, '');
}

/** The separator the header line uses most, outside quotes: comma unless semicolons or tabs clearly win. */
function detectDelimiter(text: string): string {
  const firstLine = text.slice(0, 4096).split(/\r?\n/, 1)[0] ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((d) => [d, unquoted.split(d).length - 1] as const);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

function readCsv(data: Buffer, maxRows: number): ImportedRow[] {
  const text = decodeText(data);
  const delimiter = detectDelimiter(text);
  // The common shape of file without csv-parse, which cost 0.1-0.2 s of a 1 MB import (csv-records.ts).
  const records =
    simpleCsvRecords(text, delimiter, maxRows + 2) ??
    (parseCsv(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: true,
      to: maxRows + 2,
    }) as string[][]);
  if (records.length > maxRows + 1) throw invalidContent();
  return records.map((record, i) => ({ rowNumber: i + 1, cells: record.slice(0, MAX_COLUMNS).map(cellText) }));
}

// ---------------------------------------------------------------------------------------------------------------
// Columns

/** A header's comparison key: lower case, letters and digits only ('Account ID', 'account_id' and 'AccountId' match). */
export function headerKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * Finds each wanted column in a header by any of its accepted names (compared with `headerKey`). Answers the
 * column index per key (undefined when absent) and the header text as the file spells it, for error messages.
 */
export function mapColumns<K extends string>(
  header: readonly string[],
  names: Record<K, readonly string[]>,
): { index: Partial<Record<K, number>>; label: Record<K, string> } {
  const keys = header.map(headerKey);
  const index: Partial<Record<K, number>> = {};
  const label = {} as Record<K, string>;
  for (const [key, accepted] of Object.entries(names) as [K, readonly string[]][]) {
    const at = keys.findIndex((k) => k !== '' && accepted.some((name) => headerKey(name) === k));
    if (at >= 0) index[key] = at;
    label[key] = at >= 0 ? header[at]! : accepted[0]!;
  }
  return { index, label };
}
