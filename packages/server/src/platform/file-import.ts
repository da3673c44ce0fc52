import { APP_ERROR_CODE } from '@ebt/core/errors';
import fastifyMultipart from '@fastify/multipart';
import * as XLS from '@e965/xlsx';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FILE_SIZE_LIMIT_BYTES } from '@ebt/core/constants';
import { MESSAGES } from '@ebt/core/messages';
import { isAcceptedFileName } from '@ebt/core/validation';
import { AppError } from './errors.js';

/**
 * File imports shared by the benefit, account and merchant files (part 1 §5, part 2 §5, §9): an upload of one CSV,
 * XLS or XLSX file of at most 1 MB (1048576 bytes), read into rows of trimmed strings that keep their spreadsheet
 * row numbers, so an import can report "row 7, column Amount: ..." exactly.
 *
 * - The content decides how a file is read, not its extension (which must still be .csv, .xls or .xlsx): a ZIP is
 *   an Excel 2007+ workbook (exceljs), an OLE compound file a legacy Excel 97-2003 workbook (SheetJS, the one
 *   maintained reader of that format; decision 0009), anything else text CSV (csv-parse; UTF-8, or
 *   Windows-1252 when the bytes are not UTF-8; comma, semicolon or tab separated, whichever the header uses).
 * - Only the first worksheet is read. The first non-blank row is the header; blank rows are skipped.
 * - Dates typed as dates in a workbook become 'YYYY-MM-DD'; numbers their shortest decimal text.
 * - A file that cannot be read, or that would unpack to far more than a 1 MB spreadsheet can hold (a "zip bomb"),
 *   answers 422 'Invalid file content.' (part 1 §8).
 */

/** Data rows an import reads at most: a 1 MB CSV holds about 10,000 benefit rows; more is not a real file. */
export const MAX_IMPORT_ROWS = 50_000;
/** Columns read per row at most. */
const MAX_COLUMNS = 100;
/** An XLSX of at most 1 MB declares at most this much unpacked content, or it is refused before unpacking. */
const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

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
    throw error;
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
      table = await readXlsx(data, maxRows);
    } else if (data.subarray(0, 8).equals(CFB_MAGIC)) {
      format = 'xls';
      table = readXls(data, maxRows);
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

const pad2 = (n: number) => String(n).padStart(2, '0');
const cellText = (value: string) => value.replaceAll('\u0000', '').trim();

function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  // Spreadsheet numbers are binary doubles: 12.1 may arrive as 12.099999999999999. Fifteen significant digits is
  // what Excel itself shows, and reads back every value a person typed.
  return String(Number(value.toPrecision(15)));
}

/** exceljs gives dates as JavaScript Dates at UTC midnight of the typed day (plus the time of day, if any). */
function utcDateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getUTCFullYear()}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

function excelCellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return cellText(value);
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return utcDateText(value);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText))
      return cellText(value.richText.map((r) => r.text).join(''));
    if ('formula' in value || 'sharedFormula' in value)
      return excelCellText((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ('hyperlink' in value) return cellText(String((value as { text?: unknown }).text ?? ''));
    if ('error' in value) return '';
  }
  return cellText(String(value));
}

/**
 * The unpacked size a ZIP declares in its central directory. A workbook that declares more than MAX_UNPACKED_BYTES,
 * or a ZIP64 one (a 1 MB spreadsheet never needs it), is refused before anything is unpacked.
 */
export function declaredZipSize(data: Buffer): number {
  const floor = Math.max(0, data.length - 65_557);
  let end = -1;
  for (let i = data.length - 22; i >= floor; i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw invalidContent();
  const entries = data.readUInt16LE(end + 10);
  let offset = data.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== 0x02014b50) throw invalidContent();
    const size = data.readUInt32LE(offset + 24);
    if (size === 0xffffffff) throw invalidContent();
    total += size;
    offset += 46 + data.readUInt16LE(offset + 28) + data.readUInt16LE(offset + 30) + data.readUInt16LE(offset + 32);
  }
  return total;
}

async function readXlsx(data: Buffer, maxRows: number): Promise<ImportedRow[]> {
  if (declaredZipSize(data) > MAX_UNPACKED_BYTES) throw invalidContent();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw invalidContent();
  const rows: ImportedRow[] = [];
  let tooMany = false;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rows.length > maxRows) {
      tooMany = true;
      return;
    }
    const width = Math.min(row.cellCount, MAX_COLUMNS);
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(excelCellText(row.getCell(c).value));
    rows.push({ rowNumber, cells });
  });
  if (tooMany) throw invalidContent();
  return rows;
}

function readXls(data: Buffer, maxRows: number): ImportedRow[] {
  // Dates stay numbers (cellDates: false) and are converted here from their format, so no local time zone of the
  // server moves a date by a day. sheetRows stops reading past the row cap.
  const workbook = XLS.read(data, {
    type: 'buffer',
    cellDates: false,
    cellNF: true,
    cellHTML: false,
    cellFormula: false,
    dense: true,
    sheetRows: maxRows + 2,
  });
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  if (!sheet || !sheet['!ref']) throw invalidContent();
  const range = XLS.utils.decode_range(sheet['!ref']);
  const rows: ImportedRow[] = [];
  const lastColumn = Math.min(range.e.c, range.s.c + MAX_COLUMNS - 1);
  for (let r = range.s.r; r <= range.e.r; r++) {
    const cells: string[] = [];
    for (let c = 0; c <= lastColumn; c++) cells.push(xlsCellText(XLS.utils.encode_cell({ r, c }), sheet));
    rows.push({ rowNumber: r + 1, cells });
  }
  return rows;
}

function xlsCellText(address: string, sheet: XLS.WorkSheet): string {
  const dense = (sheet as unknown as { '!data'?: (XLS.CellObject | undefined)[][] })['!data'];
  const { r, c } = XLS.utils.decode_cell(address);
  const cell = dense ? dense[r]?.[c] : (sheet[address] as XLS.CellObject | undefined);
  if (!cell || cell.v === undefined || cell.v === null) return '';
  switch (cell.t) {
    case 'n': {
      const value = cell.v as number;
      if (cell.z !== undefined && XLS.SSF.is_date(cell.z)) {
        const parts = XLS.SSF.parse_date_code(value);
        return parts ? `${parts.y}-${pad2(parts.m)}-${pad2(parts.d)}` : '';
      }
      return numberText(value);
    }
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'e':
    case 'z':
      return '';
    case 'd':
      return cell.v instanceof Date ? utcDateText(cell.v) : cellText(String(cell.v));
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
  const records = parseCsv(text, {
    delimiter: detectDelimiter(text),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    trim: true,
    to: maxRows + 2,
  }) as string[][];
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
