import { Readable } from 'node:stream';
import { constants, deflateRawSync } from 'node:zlib';
import { strToU8, Zip, ZipPassThrough } from 'fflate';

/**
 * Writes one worksheet of an Excel 2007+ workbook as a stream, for the exports (platform/search.ts). SheetJS, the
 * spreadsheet library of the imports, builds a whole workbook in memory before writing a byte: 100,000 rows of a
 * recipient export took 470 MB and 3.7 s before the first byte. A worksheet is plain XML, so this writes the handful
 * of fixed parts and the rows, one batch at a time, into fflate's streaming ZIP: memory holds about one batch, and
 * the client's reading paces the database (Readable.from pulls the next batch only when the reply wants more).
 * fflate writes the ZIP container; Node's zlib compresses (NativeDeflate), three times faster than fflate's own
 * deflate in JavaScript: 100,000 rows of 14 columns in about 1 s.
 *
 * Cells are inline strings (no shared strings table, which would have to be written after the last row) or numbers;
 * a number cell may name one of the fixed styles below, so a date is a date cell with a date format, an amount a
 * number with two decimals. Text that starts with `=`, `+`, `-` or `@` (or a tab or carriage return) is written as it
 * is, with Excel's quote-prefix style: shown without an apostrophe, and kept as text if someone edits the cell. An
 * independent reader (exceljs) checks the cells in the tests (xlsx-stream.test.ts, export-cells.test.ts).
 */

/**
 * A cell: text, a number in Excel's General format, nothing, or a typed number: `date` a calendar date 'YYYY-MM-DD',
 * `dateTime` a wall-clock time 'YYYY-MM-DDTHH:mm:ss' (the zone is the caller's business: a cell has none), `money`
 * an amount shown with two decimals, `integer` a whole number.
 */
export type XlsxCell =
  string | number | null | { date: string } | { dateTime: string } | { money: number } | { integer: number };

export interface XlsxSheet {
  /** Sheet name as Excel shows it on the tab (at most 31 characters, some characters refused; see sheetName). */
  name: string;
  columns: readonly { header: string; width: number }[];
  /** Rows of cells, in the columns' order. */
  rows: AsyncIterable<XlsxCell[]>;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const FIXED_PARTS: Record<string, string> = {
  '[Content_Types].xml':
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    '</Types>',
  '_rels/.rels':
    `${XML_HEAD}<Relationships xmlns="${PKG_REL}">` +
    `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/_rels/workbook.xml.rels':
    `${XML_HEAD}<Relationships xmlns="${PKG_REL}">` +
    `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
    `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  // Excel's default style (0, which it expects to find even when no cell names a style) and the cells' styles (XF).
  'xl/styles.xml':
    `${XML_HEAD}<styleSheet xmlns="${MAIN}">` +
    '<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/>' +
    '<numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>' +
    '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    '<cellXfs count="6"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
    '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
    '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
    // 4 is Excel's built-in #,##0.00; 1 its built-in 0.
    '<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
    '<xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/></cellXfs>' +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
};

/** Characters XML 1.0 cannot carry (control characters, lone surrogates): Excel refuses a file holding one. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function xmlText(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"]/g, (ch) => XML_ESCAPES[ch]!);
}

/** Excel's limits on a tab name: 1-31 characters, none of []:*?/\ . */
export function sheetName(name: string): string {
  const clean = name
    .replace(/[[\]:*?/\\]/g, '_')
    .replace(NOT_XML, '')
    .slice(0, 31);
  return clean === '' ? 'Sheet1' : clean;
}

/** Column letters of a zero-based index: 0 → A, 25 → Z, 26 → AA. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** The cellXfs of styles.xml, by what they format. */
const STYLE = { date: 1, dateTime: 2, money: 3, integer: 4, quoted: 5 } as const;

/** Text a spreadsheet would read as a formula (or that starts with a tab or carriage return) when typed. */
const FORMULA_START = /^[=+\-@\t\r]/;

const DAY_MS = 86_400_000;
/** Day 0 of Excel's 1900 date system, as its serial numbers count from 1900-03-01 on. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2}))?$/;

/** Excel's serial number of a date 'YYYY-MM-DD' or a wall-clock time 'YYYY-MM-DDTHH:mm:ss'; undefined otherwise. */
function excelSerial(text: string): number | undefined {
  const match = DATE_TIME.exec(text);
  if (!match) return undefined;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (y < 1900) return undefined;
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  // Before 1900-03-01 Excel's serials are off by its fictional 1900-02-29; such dates are written as text.
  return Number.isNaN(ms) || ms < Date.UTC(1900, 2, 1) ? undefined : (ms - EXCEL_EPOCH_MS) / DAY_MS;
}

function textCell(ref: string, text: string): string {
  if (text === '') return '';
  const style = FORMULA_START.test(text) ? ` s="${STYLE.quoted}"` : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
}

function numberCell(ref: string, value: number, style?: number): string {
  if (!Number.isFinite(value)) return '';
  return style === undefined ? `<c r="${ref}"><v>${value}</v></c>` : `<c r="${ref}" s="${style}"><v>${value}</v></c>`;
}

function cellXml(ref: string, value: XlsxCell): string {
  if (value === null) return '';
  if (typeof value === 'string') return textCell(ref, value);
  if (typeof value === 'number') return numberCell(ref, value);
  if ('money' in value) return numberCell(ref, value.money, STYLE.money);
  if ('integer' in value) return numberCell(ref, value.integer, STYLE.integer);
  const text = 'date' in value ? value.date : value.dateTime;
  const serial = excelSerial(text);
  // A value that is no date (which the export's own data should never give) is kept, as text.
  if (serial === undefined) return textCell(ref, text);
  return numberCell(ref, serial, 'date' in value ? STYLE.date : STYLE.dateTime);
}

function rowXml(cells: readonly XlsxCell[], rowNumber: number, letters: readonly string[]): string {
  let xml = `<row r="${rowNumber}">`;
  cells.forEach((value, i) => {
    xml += cellXml(`${letters[i] ?? columnName(i)}${rowNumber}`, value);
  });
  return `${xml}</row>`;
}

/** Rows turned to XML before a push to the compressor: large enough for deflate to work well, small for memory. */
const PUSH_BYTES = 256 * 1024;

/**
 * A ZIP entry deflated by Node's zlib (fflate's documented way to bring another compressor: a ZipPassThrough whose
 * `process` compresses). Each pushed piece is deflated on its own and ended by a sync flush, which leaves the
 * stream byte-aligned and not final, so the pieces follow each other as one deflate stream; the last one finishes it.
 */
class NativeDeflate extends ZipPassThrough {
  constructor(path: string) {
    super(path);
    this.compression = 8;
  }

  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    const flush = final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH;
    this.ondata(null, deflateRawSync(chunk, { level: 6, finishFlush: flush }), final);
  }
}

async function* workbookChunks(sheet: XlsxSheet): AsyncGenerator<Buffer> {
  const ready: Uint8Array[] = [];
  let failure: Error | undefined;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  function* take(): Generator<Buffer> {
    if (failure) throw failure;
    for (const chunk of ready.splice(0)) yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  }
  const addPart = (path: string, xml: string) => {
    const part = new NativeDeflate(path);
    zip.add(part);
    part.push(strToU8(xml), true);
  };

  for (const [path, xml] of Object.entries(FIXED_PARTS)) addPart(path, xml);
  addPart(
    'xl/workbook.xml',
    `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>` +
      `<sheet name="${xmlText(sheetName(sheet.name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  yield* take();

  const part = new NativeDeflate('xl/worksheets/sheet1.xml');
  zip.add(part);
  const letters = sheet.columns.map((_, i) => columnName(i));
  const widths = sheet.columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`);
  let xml =
    `${XML_HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><cols>${widths.join('')}</cols><sheetData>` +
    rowXml(
      sheet.columns.map((c) => c.header),
      1,
      letters,
    );
  let rowNumber = 1;
  for await (const cells of sheet.rows) {
    xml += rowXml(cells, ++rowNumber, letters);
    if (xml.length >= PUSH_BYTES) {
      part.push(strToU8(xml), false);
      xml = '';
      yield* take();
    }
  }
  part.push(strToU8(`${xml}</sheetData></worksheet>`), true);
  zip.end();
  yield* take();
}

/** The workbook as a byte stream; a failure while reading rows (a database error) destroys the stream. */
export function xlsxStream(sheet: XlsxSheet): Readable {
  return Readable.from(workbookChunks(sheet), { objectMode: false });
}
