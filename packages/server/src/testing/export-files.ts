import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { expect } from 'vitest';

// Reads the exports (platform/search.ts) as the people who open them do, with readers that share no code with the
// writers: an XLSX file through exceljs, a spreadsheet library the product does not use, and a CSV
// file through csv-parse, an RFC 4180 parser the export's writer (csv-stringify) does not use. exceljs does not read
// Excel's quote-prefix style, so that one attribute is read from the file's XML (styles.xml and the sheet's cells).

/** A cell as a spreadsheet shows it: its type, its value and its number format. */
export interface ReadCell {
  type: 'text' | 'number' | 'date' | 'empty' | 'other';
  /** Text, a number, or for a date the wall-clock time of the cell as `YYYY-MM-DDTHH:mm:ss` (a cell has no zone). */
  value: string | number | null;
  numFmt: string | undefined;
  /** Excel's quote-prefix style: the cell stays text when edited, and no apostrophe is part of its value. */
  quotePrefix: boolean;
}

export interface ReadWorkbook {
  sheetNames: string[];
  /** The first sheet's rows, the header first, each as wide as the header. */
  rows: ReadCell[][];
}

const VALUE_TYPE = ExcelJS.ValueType;

/** The cells (by reference, `B2`) of the first sheet whose style has quotePrefix="1". */
function quotePrefixedCells(file: Buffer): Set<string> {
  const parts = unzipSync(new Uint8Array(file), {
    filter: (f) => f.name === 'xl/styles.xml' || f.name === 'xl/worksheets/sheet1.xml',
  });
  const styles = strFromU8(parts['xl/styles.xml']!);
  const cellXfs = /<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? '';
  const quoted = new Set<string>();
  [...cellXfs.matchAll(/<xf\b[^>]*>/g)].forEach((xf, index) => {
    if (/\squotePrefix="(1|true)"/.test(xf[0])) quoted.add(String(index));
  });
  const cells = new Set<string>();
  for (const cell of strFromU8(parts['xl/worksheets/sheet1.xml']!).matchAll(/<c\b([^>]*)>/g)) {
    const ref = /\sr="([A-Z]+\d+)"/.exec(cell[1]!)?.[1];
    const style = /\ss="(\d+)"/.exec(cell[1]!)?.[1];
    if (ref && style && quoted.has(style)) cells.add(ref);
  }
  return cells;
}

function readCell(cell: ExcelJS.Cell, quoted: Set<string>): ReadCell {
  const numFmt = cell.numFmt || undefined;
  const quotePrefix = quoted.has(cell.address);
  switch (cell.type) {
    case VALUE_TYPE.Null:
    case VALUE_TYPE.Merge:
      return { type: 'empty', value: null, numFmt, quotePrefix };
    case VALUE_TYPE.Number:
      return { type: 'number', value: cell.value as number, numFmt, quotePrefix };
    case VALUE_TYPE.Date:
      return { type: 'date', value: (cell.value as Date).toISOString().slice(0, 19), numFmt, quotePrefix };
    case VALUE_TYPE.String:
    case VALUE_TYPE.RichText:
      return { type: 'text', value: cell.text, numFmt, quotePrefix };
    default:
      return { type: 'other', value: cell.text, numFmt, quotePrefix };
  }
}

/** Opens an XLSX export with exceljs and answers its first sheet's cells. */
export async function readXlsxExport(file: Buffer): Promise<ReadWorkbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const quoted = quotePrefixedCells(file);
  const width = sheet.getRow(1).cellCount;
  const rows: ReadCell[][] = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    rows.push(Array.from({ length: width }, (_, c) => readCell(row.getCell(c + 1), quoted)));
  }
  return { sheetNames: workbook.worksheets.map((s) => s.name), rows };
}

/** A column of a read sheet by its header: its cells below the header. */
export function columnOf(book: ReadWorkbook, header: string): ReadCell[] {
  const index = book.rows[0]!.findIndex((cell) => cell.value === header);
  if (index < 0) throw new Error(`no column ${header}`);
  return book.rows.slice(1).map((row) => row[index]!);
}

export const DATE_FORMAT = 'yyyy-mm-dd';
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
export const MONEY_FORMAT = '#,##0.00';

/** Every non-empty cell of the column is a date cell with the date (or date-time) format. */
export function expectDates(cells: readonly ReadCell[], format: string = DATE_FORMAT): void {
  for (const cell of cells.filter((c) => c.type !== 'empty')) {
    expect(cell.type).toBe('date');
    expect(cell.numFmt).toBe(format);
  }
}

/** Every non-empty cell of the column is a number with the two-decimal format. */
export function expectMoney(cells: readonly ReadCell[]): void {
  for (const cell of cells.filter((c) => c.type !== 'empty')) {
    expect(cell.type).toBe('number');
    expect(cell.numFmt).toBe(MONEY_FORMAT);
  }
}

/** Every non-empty cell of the column is text, even the ones that look like numbers. */
export function expectText(cells: readonly ReadCell[]): void {
  for (const cell of cells.filter((c) => c.type !== 'empty')) expect(cell.type).toBe('text');
}

/** A formula payload reads back as typed, as text with the quote-prefix style, without an apostrophe. */
export function expectQuotedText(cell: ReadCell | undefined, text: string): void {
  expect(cell).toMatchObject({ type: 'text', value: text, quotePrefix: true });
}

/**
 * Reads a CSV export with csv-parse (RFC 4180) after checking its bytes: the UTF-8 byte-order mark, every line (the
 * header's too) ended by CRLF, no bare LF outside a quoted field. Answers the records, the header first.
 */
export function readCsvExport(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const text = body.slice(1);
  expect(text.endsWith('\r\n')).toBe(true);
  // Outside quoted fields every line feed follows a carriage return.
  const unquoted = text.replace(/"(?:[^"]|"")*"/g, '""');
  expect(unquoted.split('\r\n').some((line) => line.includes('\n') || line.includes('\r'))).toBe(false);
  return parse(text, { record_delimiter: '\r\n', relax_column_count: false }) as string[][];
}
