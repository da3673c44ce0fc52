import { isUtf8 } from 'node:buffer';

// The first worksheet of an XLSX of the common shape read without SheetJS (decision 0106). SheetJS took 0.3-0.37 s of
// Node CPU to read a 1 MB account file's workbook (9,600 rows of 14 cells: a regular expression, an attribute object
// and a cell object a cell), more than the rest of the import's Node work, all of it before the first statement.
// This reader walks the same XML with indexOf and gives the same cells' texts that file-import.ts readWorkbook makes
// of SheetJS's cells, for the shapes Excel, LibreOffice, SheetJS and our own export write: shared, inline and formula
// strings, numbers (dates by their number format), booleans, errors, formulas by their cached value. Anything else
// (a prefixed namespace, a comment, a cell without its reference, rows out of order, an unknown cell type, a
// phonetic run, an unknown part of a worksheet...) answers null and SheetJS reads the workbook as before.
// xlsx-records.test.ts holds the two readers to the same rows. The small functions marked "as SheetJS" repeat its
// rules (@e965/xlsx, Apache-2.0) so that both readers agree to the character.

/** The unpacked entries of an XLSX, by path inside the ZIP. */
export type WorkbookEntries = Readonly<Record<string, Uint8Array>>;

export interface WorkbookRow {
  /** The row's number as the spreadsheet shows it. */
  rowNumber: number;
  cells: string[];
}

const CONTENT_TYPES_NS = 'http://schemas.openxmlformats.org/package/2006/content-types';
const WORKBOOK_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';
const SHARED_STRINGS_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml';
const STYLES_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml';
const WORKSHEET_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet';
/** Other main parts of a workbook (a template, a macro workbook, a binary one) and binary parts: SheetJS reads those. */
const OTHER_PART_TYPES = [
  'application/vnd.ms-excel.sharedStrings',
  'application/vnd.ms-excel.styles',
  'application/vnd.ms-excel.sheet.macroEnabled.main+xml',
  'application/vnd.ms-excel.sheet.binary.macroEnabled.main',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml',
  'application/vnd.ms-excel.template.macroEnabled.main+xml',
  'application/vnd.ms-excel.addin.macroEnabled.main+xml',
];
/** What else a worksheet may hold beside its data without this reader leaving it to SheetJS. */
const WORKSHEET_TAGS = new Set([
  'worksheet',
  'sheetPr',
  'tabColor',
  'outlinePr',
  'pageSetUpPr',
  'dimension',
  'sheetViews',
  'sheetView',
  'selection',
  'pane',
  'sheetFormatPr',
  'cols',
  'col',
  'sheetData',
  'printOptions',
  'pageMargins',
  'pageSetup',
  'headerFooter',
  'oddHeader',
  'oddFooter',
  'evenHeader',
  'evenFooter',
  'firstHeader',
  'firstFooter',
  'ignoredErrors',
  'ignoredError',
  'mergeCells',
  'mergeCell',
]);

/** The cell text of file-import.ts for a cell SheetJS reads: NUL characters dropped, spaces trimmed. */
export const cellText = (value: string) =>
  (value.indexOf('\u0000') < 0 ? value : value.replaceAll('\u0000', '')).trim();

export const pad2 = (n: number) => String(n).padStart(2, '0');

/** A spreadsheet number as text. */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  // Spreadsheet numbers are binary doubles: 12.1 may arrive as 12.099999999999999. Fifteen significant digits is
  // what Excel itself shows, and reads back every value a person typed.
  return String(Number(value.toPrecision(15)));
}

/** Not this reader's shape: SheetJS reads the workbook. */
class NotSimple extends Error {}
const notSimple = (): never => {
  throw new NotSimple();
};

/**
 * A part's text. `anywhere`: comments, document types and character data sections (`<!`), which SheetJS reads by its
 * own rules, are looked for in the whole part; the worksheet looks for them only outside its rows, whose reader
 * refuses any markup it does not expect.
 */
function text(entries: WorkbookEntries, name: string, anywhere = true): string | undefined {
  const data = entries[name];
  if (!data) return undefined;
  // Invalid UTF-8 is not this reader's shape: SheetJS decodes such bytes its own way.
  if (!isUtf8(data)) notSimple();
  const decoded = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8');
  if (anywhere && decoded.includes('<!')) notSimple();
  return decoded.charCodeAt(0) === 0xfeff ? decoded.slice(1) : decoded;
}

// Between a tag's name and its attributes SheetJS looks for a space, a line feed or a carriage return (not a tab).
const ATTRIBUTE = /[ \r\n]+([^\s=/>]+)[ \r\n]*=[ \r\n]*(?:"([^"]*)"|'([^']*)')/y;

/**
 * The attributes of a start tag (`<name a="1" b='2'>`, without `<name`), values as written. A name twice, or one
 * SheetJS would also read under another key, is not this reader's shape.
 */
function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = ATTRIBUTE;
  let at = 0;
  for (;;) {
    pattern.lastIndex = at;
    const m = pattern.exec(tag);
    if (!m) break;
    at = pattern.lastIndex;
    const name = m[1]!;
    // SheetJS reads `r_x` as `r` (a rule for OpenDocument files) and keeps a second copy under the lower-case name.
    if (found.has(name) || name.indexOf('_') > 0) notSimple();
    found.set(name, m[2] ?? m[3]!);
  }
  if (!/^[ \r\n]*\/?$/.test(tag.slice(at))) notSimple();
  return found;
}

/** An attribute SheetJS reads by this name: it must not also be written with a prefix or in another case. */
function plainAttribute(found: Map<string, string>, name: string): string | undefined {
  for (const key of found.keys())
    if (key !== name && (key.toLowerCase() === name || key.endsWith(`:${name}`))) notSimple();
  return found.get(name);
}

/** Every start or empty tag named `name` (no prefix), with its attributes. */
function* tags(xml: string, name: string): Generator<{ at: number; end: number; attrs: Map<string, string> }> {
  const open = `<${name}`;
  for (let at = xml.indexOf(open); at >= 0; at = xml.indexOf(open, at + 1)) {
    const next = xml.charCodeAt(at + open.length);
    if (next !== 32 && next !== 47 && next !== 62 && next !== 10 && next !== 13) continue;
    const end = xml.indexOf('>', at);
    if (end < 0) notSimple();
    yield { at, end: end + 1, attrs: attributes(xml.slice(at + open.length, end)) };
  }
}

/** A prefixed element among those read (`<x:sst`): SheetJS reads those. */
function refusePrefixed(xml: string, names: readonly string[]): void {
  for (const name of names) if (new RegExp(`<\\/?[A-Za-z_][\\w.-]*:${name}[\\s/>]`).test(xml)) notSimple();
}

// As SheetJS's raw_unescapexml: the five entities (the regular expression ignores case, the table does not, so
// `&AMP;` becomes U+0000 there too), character references by String.fromCharCode, then `_xHHHH_`.
const ENTITIES: Record<string, string> = { '&quot;': '"', '&apos;': "'", '&gt;': '>', '&lt;': '<', '&amp;': '&' };
const ENTITY = /&(?:quot|apos|gt|lt|amp|#x?([\da-fA-F]+));/gi;
const CODE = /_x([\da-fA-F]{4})_/gi;

const ESCAPED = /[&_\r]/;

function unescapeXml(value: string, xlsx = false): string {
  if (!ESCAPED.test(value)) return value;
  const out = value
    .replace(
      ENTITY,
      (entity, code: string | undefined) =>
        ENTITIES[entity] || String.fromCharCode(parseInt(code!, entity.indexOf('x') > -1 ? 16 : 10)) || entity,
    )
    .replace(CODE, (_, code: string) => String.fromCharCode(parseInt(code, 16)));
  return xlsx ? out.replace(/\r\n/g, '\n') : out;
}

const PLAIN_TEXT = /^<t(?: xml:space="preserve")?>([^<]*)<\/t>$/;
const EMPTY_TEXT = /^<t(?: xml:space="preserve")?\/>$/;
// No two whitespace runs side by side (the space after `</rPr>` is inside its optional group): a run that does not
// match fails in time linear in its length, not quadratic, whatever spaces an uploaded workbook holds.
const RUN =
  /\s*<r>\s*(?:<rPr>(?:\s*<[A-Za-z]+(?:\s+[A-Za-z]+="[^"<>]*")*\s*\/>)*\s*<\/rPr>\s*)?(?:<t(?: xml:space="preserve")?>([^<]*)<\/t>|<t(?: xml:space="preserve")?\/>)\s*<\/r>/y;

/** The text of a string item (`<si>`, `<is>`), as SheetJS's parse_si reads the shapes written here. */
function stringItem(body: string): string {
  const item = body.trim();
  if (item === '') return '';
  const plain = PLAIN_TEXT.exec(item);
  if (plain) return unescapeXml(plain[1]!, true);
  if (EMPTY_TEXT.test(item)) return '';
  if (!item.startsWith('<r>')) notSimple();
  let joined = '';
  RUN.lastIndex = 0;
  while (RUN.lastIndex < item.length) {
    const at = RUN.lastIndex;
    const run = RUN.exec(item);
    if (!run || run.index !== at) notSimple();
    joined += run![1] ?? '';
  }
  return unescapeXml(joined, true);
}

/** The shared strings, as SheetJS's parse_sst_xml splits them (the piece after the last `</si>` too). */
function sharedStrings(xml: string | undefined): string[] {
  if (xml === undefined) return [];
  refusePrefixed(xml, ['sst', 'si', 't', 'r', 'rPh', 'sstItem']);
  if (xml.includes('<rPh') || xml.includes('<phoneticPr') || xml.includes('<sstItem') || /<si\s/.test(xml)) notSimple();
  const start = xml.indexOf('<sst');
  if (start < 0) return [];
  const open = xml.indexOf('>', start);
  const close = xml.indexOf('</sst>', open);
  if (open < 0 || close < 0) return [];
  return xml
    .slice(open + 1, close)
    .replaceAll('<si>', '')
    .split('</si>')
    .map(stringItem);
}

// SheetJS's table of built-in number formats, which a workbook's own formats are added to.
const BUILT_IN_FORMATS: Record<number, string> = {
  0: 'General',
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  14: 'm/d/yy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yy h:mm',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;[Red](#,##0)',
  39: '#,##0.00;(#,##0.00)',
  40: '#,##0.00;[Red](#,##0.00)',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
  48: '##0.0E+0',
  49: '@',
  56: '"上午/下午 "hh"時"mm"分"ss"秒 "',
};
/** SheetJS moves format numbers above this one elsewhere in its table: not this reader's shape. */
const HIGHEST_FORMAT_ID = 0x188;

/** For each cell style (a cell's `s`), whether SheetJS would read its numbers as dates. */
function dateStyles(xml: string | undefined): boolean[] {
  if (xml === undefined) return [];
  refusePrefixed(xml, ['styleSheet', 'numFmts', 'numFmt', 'cellXfs', 'xf']);
  const formats: Record<number, string | undefined> = { ...BUILT_IN_FORMATS };
  const section = (name: string) => {
    const start = xml.search(new RegExp(`<${name}\\b[^<>]*>`));
    if (start < 0) return undefined;
    const close = xml.indexOf(`</${name}>`, start);
    return close < 0 ? undefined : xml.slice(start, close);
  };
  const numFmts = section('numFmts');
  if (numFmts !== undefined)
    for (const { attrs } of tags(numFmts, 'numFmt')) {
      const id = parseInt(plainAttribute(attrs, 'numFmtId') ?? '', 10);
      const code = plainAttribute(attrs, 'formatCode');
      if (!(id >= 0 && id <= HIGHEST_FORMAT_ID) || code === undefined) notSimple();
      if (id > 0) formats[id] = unescapeXml(code!);
    }
  const cellXfs = section('cellXfs');
  if (cellXfs === undefined) return [];
  const styles: boolean[] = [];
  for (const { attrs } of tags(cellXfs, 'xf')) {
    const written = plainAttribute(attrs, 'numFmtId');
    const id = written ? parseInt(written, 10) : 0;
    if (!(id >= 0 && id <= HIGHEST_FORMAT_ID)) notSimple();
    const format = formats[id];
    styles.push(format !== undefined && isDateFormat(format));
  }
  return styles;
}

// As SheetJS's fmt_is_date: a format is a date's when a date or time code stands outside quotes and brackets.
const ABSOLUTE_TIME = /\[[HhMmSs\u0E0A\u0E19\u0E17]*\]/;
const isGeneral = (s: string, i: number) => s.slice(i, i + 7).toLowerCase() === 'general';

export function isDateFormat(fmt: string): boolean {
  let i = 0;
  let c = '';
  let o = '';
  while (i < fmt.length) {
    switch ((c = fmt.charAt(i))) {
      case 'G':
        if (isGeneral(fmt, i)) i += 6;
        i++;
        break;
      case '"':
        for (; fmt.charCodeAt(++i) !== 34 && i < fmt.length;);
        ++i;
        break;
      case '\\':
        i += 2;
        break;
      case '_':
        i += 2;
        break;
      case '@':
        ++i;
        break;
      // SheetJS tests B1 and B2 (Buddhist years) and falls through to the date codes: true either way.
      case 'B':
      case 'b':
      case 'M':
      case 'D':
      case 'Y':
      case 'H':
      case 'S':
      case 'E':
      case 'm':
      case 'd':
      case 'y':
      case 'h':
      case 's':
      case 'e':
      case 'g':
        return true;
      case 'A':
      case 'a':
      case '上':
        if (fmt.substr(i, 3).toUpperCase() === 'A/P') return true;
        if (fmt.substr(i, 5).toUpperCase() === 'AM/PM') return true;
        if (fmt.substr(i, 5).toUpperCase() === '上午/下午') return true;
        ++i;
        break;
      case '[':
        o = c;
        while (fmt.charAt(i++) !== ']' && i < fmt.length) o += fmt.charAt(i);
        if (ABSOLUTE_TIME.test(o)) return true;
        break;
      case '.':
      case '0':
      case '#':
        while (
          i < fmt.length &&
          ('0#?.,E+-%'.indexOf((c = fmt.charAt(++i))) > -1 ||
            (c === '\\' && fmt.charAt(i + 1) === '-' && '0#'.indexOf(fmt.charAt(i + 2)) > -1))
        );
        break;
      case '?':
        while (fmt.charAt(++i) === c);
        break;
      case '*':
        ++i;
        if (fmt.charAt(i) === ' ' || fmt.charAt(i) === '*') ++i;
        break;
      case '(':
      case ')':
        ++i;
        break;
      case '1':
      case '2':
      case '3':
      case '4':
      case '5':
      case '6':
      case '7':
      case '8':
      case '9':
        while (i < fmt.length && '0123456789'.indexOf(fmt.charAt(++i)) > -1);
        break;
      default:
        ++i;
        break;
    }
  }
  return false;
}

// As SheetJS's SSF_normalize_xl_unsafe and SSF_parse_date_code: the day of a date serial, 1900's leap day included.
function normalizeSerial(v: number): number {
  const s = v.toPrecision(16);
  const cut = (m: string) =>
    m.indexOf('.') > -1 ? m.slice(0, m.slice(0, 2) === '0.' ? 17 : 16) : m.slice(0, 15) + '0'.repeat(m.length - 15);
  if (s.indexOf('e') > -1) return Number(cut(s.slice(0, s.indexOf('e'))) + s.slice(s.indexOf('e')));
  return Number(cut(s));
}

/** A date cell's text, YYYY-MM-DD, as file-import.ts makes it of SheetJS's date code ('' when there is none). */
export function serialDateText(serial: number, date1904: boolean): string {
  if (serial > 2958465 || serial < 0) return '';
  const v = normalizeSerial(serial);
  let date = v | 0;
  let time = Math.floor(86400 * (v - date));
  let u = 86400 * (v - date) - time;
  if (Math.abs(u) < 1e-6) u = 0;
  if (date1904) date += 1462;
  if (u > 0.9999) {
    if (++time === 86400) {
      time = 0;
      ++date;
    }
  }
  let parts: [number, number, number];
  if (date === 60) parts = [1900, 2, 29];
  else if (date === 0) parts = [1900, 1, 0];
  else {
    if (date > 60) --date;
    const d = new Date(1900, 0, 1);
    d.setDate(d.getDate() + date - 1);
    parts = [d.getFullYear(), d.getMonth() + 1, d.getDate()];
  }
  return `${parts[0]}-${pad2(parts[1])}-${pad2(parts[2])}`;
}

/** The workbook part, its first sheet's path and whether its dates count from 1904. */
function firstSheet(entries: WorkbookEntries): { path: string; date1904: boolean } {
  const workbook = text(entries, 'xl/workbook.xml') ?? notSimple();
  refusePrefixed(workbook, ['workbook', 'workbookPr', 'sheets', 'sheet']);
  let date1904 = false;
  for (const { attrs } of tags(workbook, 'workbookPr')) {
    const value = plainAttribute(attrs, 'date1904');
    date1904 = value === '1' || value === 'true';
  }
  const sheets = [...tags(workbook, 'sheet')];
  if (sheets.length === 0) notSimple();
  const rels = text(entries, 'xl/_rels/workbook.xml.rels') ?? notSimple();
  refusePrefixed(rels, ['Relationships', 'Relationship']);
  const targets = new Map<string, { type?: string; target?: string }>();
  for (const { attrs } of tags(rels, 'Relationship')) {
    const id = plainAttribute(attrs, 'Id');
    if (id === undefined || targets.has(id)) notSimple();
    targets.set(id!, { type: plainAttribute(attrs, 'Type'), target: plainAttribute(attrs, 'Target') });
  }
  // SheetJS pairs every sheet with its relationship; one missing and it guesses paths instead.
  const relOf = (sheet: Map<string, string>) => {
    const keys = [...sheet.keys()].filter((k) => k === 'r:id');
    if (keys.length !== 1 || [...sheet.keys()].some((k) => k !== 'r:id' && /(^|:)id$/i.test(k))) notSimple();
    return targets.get(sheet.get('r:id')!) ?? notSimple();
  };
  for (const sheet of sheets) relOf(sheet.attrs);
  const first = relOf(sheets[0]!.attrs);
  // SheetJS drops an `xl/` anywhere in the target: only the usual targets here.
  if (first.type !== WORKSHEET_REL || !/^(\/xl\/)?worksheets\/[A-Za-z0-9]+\.xml$/.test(first.target ?? '')) notSimple();
  const path = first.target!.startsWith('/') ? first.target!.slice(1) : `xl/${first.target}`;
  if (!entries[path]) notSimple();
  return { path, date1904 };
}

/** The content types SheetJS reads the workbook's parts by: this reader's shape only at their usual paths. */
function checkContentTypes(entries: WorkbookEntries): { sharedStrings: boolean; styles: boolean } {
  // SheetJS reads these as other kinds of file.
  for (const other of ['META-INF/manifest.xml', 'objectdata.xml', 'Index/Document.iwa'])
    if (entries[other]) notSimple();
  const types = text(entries, '[Content_Types].xml') ?? notSimple();
  refusePrefixed(types, ['Types', 'Override', 'Default']);
  const root = [...tags(types, 'Types')];
  if (root.length !== 1 || plainAttribute(root[0]!.attrs, 'xmlns') !== CONTENT_TYPES_NS) notSimple();
  const parts: Record<string, string[]> = {};
  for (const { attrs } of tags(types, 'Override')) {
    const type = plainAttribute(attrs, 'ContentType') ?? '';
    (parts[type] ??= []).push(plainAttribute(attrs, 'PartName') ?? '');
  }
  const only = (type: string, path: string) => {
    const named = parts[type] ?? [];
    if (named.length > 1 || (named.length === 1 && named[0] !== `/${path}`)) notSimple();
    if (named.length === 1 && !entries[path]) notSimple();
    return named.length === 1;
  };
  if (!only(WORKBOOK_TYPE, 'xl/workbook.xml') || OTHER_PART_TYPES.some((t) => parts[t])) notSimple();
  return {
    sharedStrings: only(SHARED_STRINGS_TYPE, 'xl/sharedStrings.xml'),
    styles: only(STYLES_TYPE, 'xl/styles.xml'),
  };
}

const CELL_REF = /^([A-Z]{1,3})([1-9][0-9]*)$/;
const CELL_ATTRIBUTES = new Set(['r', 's', 't', 'cm', 'vm', 'ph', 'xml:space']);
const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

function columnIndex(letters: string): number {
  let index = 0;
  for (let i = 0; i < letters.length; i++) index = index * 26 + letters.charCodeAt(i) - 64;
  return index - 1;
}

/** The first value element (`<v>`) of a cell's content, raw; undefined without one or when it is empty. */
function rawValue(content: string): string | undefined {
  const open = content.indexOf('<v');
  if (open < 0) return undefined;
  const next = content.charCodeAt(open + 2);
  if (next !== 62 && next !== 32) notSimple();
  const start = content.indexOf('>', open) + 1;
  const end = content.indexOf('</v>', start);
  if (start === 0 || end < 0 || content.indexOf('<', start) !== end) notSimple();
  const raw = content.slice(start, end);
  return raw === '' ? undefined : raw;
}

/**
 * The usual cell, read at once: its reference, style and type in the order Excel, SheetJS and our export write them,
 * then nothing, a value or an inline string. Any other cell goes through generalCell.
 */
const USUAL_CELL =
  /[ \t\r\n]*<c r="([A-Z]{1,3})([1-9][0-9]*)"(?: s="(0|[1-9][0-9]*)")?(?: t="([a-zA-Z]+)")?(?:\/>|>(?:<v>([^<]*)<\/v>|<is><t(?: xml:space="preserve")?>([^<]*)<\/t><\/is>)?<\/c>)/y;

/** The usual row start tag: its number first, then attributes none of which SheetJS reads as the number. */
const USUAL_ROW =
  /<row r="([1-9][0-9]*)"(?: (?:spans|ht|customHeight|hidden|outlineLevel|collapsed|s|customFormat|thickBot|thickTop|x14ac:dyDescent|xml:space)="[^"<>]*")*(\/?)>/y;

interface Cell {
  letters: string;
  row: string;
  style: string | undefined;
  type: string | undefined;
  /** The value element's raw text (undefined: none, or empty). */
  raw: string | undefined;
  /** An inline string's text (undefined: none). */
  inline: string | undefined;
  /** The cell's content, for an inline string the general path reads. */
  content: string;
}

/** A cell at `at` of a row's content by the general path; `at` of the next one in `next`. */
function generalCell(content: string, at: number): { cell: Cell; next: number } | null {
  const open = content.indexOf('<', at);
  if (open < 0) {
    if (content.slice(at).trim() !== '') notSimple();
    return null;
  }
  if (content.slice(at, open).trim() !== '' || !content.startsWith('<c', open)) notSimple();
  const tagEnd = content.indexOf('>', open);
  if (tagEnd < 0) notSimple();
  const selfClosing = content.charCodeAt(tagEnd - 1) === 47;
  const attrs = attributes(content.slice(open + 2, selfClosing ? tagEnd - 1 : tagEnd));
  for (const key of attrs.keys()) if (!CELL_ATTRIBUTES.has(key)) notSimple();
  let inner = '';
  let next = tagEnd + 1;
  if (!selfClosing) {
    const close = content.indexOf('</c>', tagEnd);
    if (close < 0) notSimple();
    inner = content.slice(tagEnd + 1, close);
    if (inner.includes('<c ') || inner.includes('<c>')) notSimple();
    next = close + 4;
  }
  // Only the elements a cell of these types holds: a value, a formula, an inline string.
  if (/<(?!\/?(?:v|f|is|t|r|rPr)[\s/>])[A-Za-z/]/.test(inner.replace(/<rPr>[\s\S]*?<\/rPr>/g, ''))) notSimple();
  const ref = CELL_REF.exec(attrs.get('r') ?? '') ?? notSimple();
  const style = attrs.get('s');
  if (style !== undefined && !/^(0|[1-9][0-9]*)$/.test(style)) notSimple();
  let inline: string | undefined;
  if (attrs.get('t') === 'inlineStr') {
    const isOpen = inner.indexOf('<is>');
    const isClose = inner.indexOf('</is>');
    if (isOpen < 0 || isClose < isOpen) {
      if (inner.includes('<is')) notSimple();
    } else inline = stringItem(inner.slice(isOpen + 4, isClose));
  }
  return {
    cell: {
      letters: ref[1]!,
      row: ref[2]!,
      style,
      type: attrs.get('t'),
      raw: rawValue(inner),
      inline,
      content: inner,
    },
    next,
  };
}

/** The cells of a row (`data` from `at` to `end`) that SheetJS would place, as texts by column. */
function rowCells(
  data: string,
  at: number,
  end: number,
  rowNumber: number,
  strings: readonly string[],
  dates: readonly boolean[],
  date1904: boolean,
  maxColumns: number,
): string[] {
  const cells: string[] = [];
  const row = String(rowNumber);
  let lastColumn = -1;
  let content: string | undefined;
  let from = at;
  for (;;) {
    let column: number;
    let value: string | undefined;
    USUAL_CELL.lastIndex = from;
    const usual = from < end ? USUAL_CELL.exec(data) : null;
    if (usual && USUAL_CELL.lastIndex <= end) {
      if (usual[2] !== row) notSimple();
      column = columnIndex(usual[1]!);
      const raw = usual[5];
      const inline = usual[6];
      value = cellValue(
        usual[4],
        raw === '' ? undefined : raw,
        usual[3],
        inline === undefined ? undefined : unescapeXml(inline, true),
        '',
        strings,
        dates,
        date1904,
      );
      from = USUAL_CELL.lastIndex;
    } else {
      content ??= data.slice(0, end);
      const general = generalCell(content, from);
      if (!general) break;
      const { cell } = general;
      if (cell.row !== row) notSimple();
      column = columnIndex(cell.letters);
      value = cellValue(cell.type, cell.raw, cell.style, cell.inline, cell.content, strings, dates, date1904);
      from = general.next;
    }
    if (column <= lastColumn) notSimple();
    lastColumn = column;
    if (value === undefined || column >= maxColumns) continue;
    while (cells.length < column) cells.push('');
    cells[column] = value;
  }
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  return cells;
}

/** A cell's text as readWorkbook makes it of SheetJS's cell; undefined for a cell SheetJS leaves out. */
function cellValue(
  type: string | undefined,
  raw: string | undefined,
  style: string | undefined,
  inline: string | undefined,
  content: string,
  strings: readonly string[],
  dates: readonly boolean[],
  date1904: boolean,
): string | undefined {
  switch (type ?? '') {
    case '':
    case 'n': {
      if (raw === undefined) return undefined; // no value: SheetJS leaves the cell out
      const written = unescapeXml(raw);
      if (!NUMBER.test(written)) notSimple();
      const number = parseFloat(written);
      if (style === undefined || !dates[Number(style)]) return numberText(number);
      // A file's dates repeat (a season's few days): each serial is worked out once a file.
      let text = dateTexts.get(number);
      if (text === undefined) dateTexts.set(number, (text = serialDateText(number, date1904)));
      return text;
    }
    case 's': {
      if (raw === undefined) return undefined;
      const index = unescapeXml(raw);
      if (!/^[0-9]+$/.test(index) || Number(index) >= strings.length) notSimple();
      return cellText(strings[Number(index)]!);
    }
    case 'str':
      // SheetJS unescapes a formula's string result twice.
      return raw === undefined ? '' : cellText(unescapeXml(unescapeXml(raw), true));
    case 'inlineStr':
      if (inline === undefined && content.includes('<is')) notSimple();
      return inline === undefined ? '' : cellText(inline);
    case 'b': {
      const written = raw === undefined ? undefined : unescapeXml(raw);
      return written === '1' || written === 'true' ? 'TRUE' : 'FALSE';
    }
    case 'e':
      return '';
    default:
      return notSimple();
  }
}

/**
 * The first worksheet's rows (those numbered up to `rowLimit`), each cell as file-import.ts readWorkbook makes its
 * text of SheetJS's cell, at most `maxColumns` a row; rows without a value left out. Null: not this reader's shape,
 * let SheetJS read the workbook.
 */
export function simpleWorkbookRows(
  entries: WorkbookEntries,
  rowLimit: number,
  maxColumns: number,
): WorkbookRow[] | null {
  try {
    const parts = checkContentTypes(entries);
    const { path, date1904 } = firstSheet(entries);
    const strings = parts.sharedStrings ? sharedStrings(text(entries, 'xl/sharedStrings.xml')) : [];
    const dates = parts.styles ? dateStyles(text(entries, 'xl/styles.xml')) : [];
    const sheet = text(entries, path, false) ?? notSimple();
    return worksheetRows(sheet, strings, dates, date1904, rowLimit, maxColumns);
  } catch (error) {
    if (error instanceof NotSimple || error instanceof TypeError) return null;
    throw error;
  }
}

/** The texts of the date serials met so far in the worksheet being read. */
const dateTexts = new Map<number, string>();

function worksheetRows(
  sheet: string,
  strings: readonly string[],
  dates: readonly boolean[],
  date1904: boolean,
  rowLimit: number,
  maxColumns: number,
): WorkbookRow[] {
  const dataStart = sheet.indexOf('<sheetData');
  if (dataStart < 0) notSimple();
  const open = sheet.indexOf('>', dataStart) + 1;
  // A sheet without rows (`<sheetData/>`) has no data and no closing tag.
  const empty = sheet.startsWith('<sheetData/>', dataStart);
  const close = empty ? open : sheet.indexOf('</sheetData>', open);
  if (open === 0 || close < 0) notSimple();
  const outside = sheet.slice(0, dataStart) + sheet.slice(close);
  if ((empty && outside.includes('sheetData')) || outside.includes('<!')) notSimple();
  for (const m of outside.matchAll(/<([A-Za-z_][\w.:-]*)/g)) if (!WORKSHEET_TAGS.has(m[1]!)) notSimple();
  if (/<hyperlink|<legacyDrawing/.test(outside)) notSimple();

  const data = sheet.slice(open, close);
  dateTexts.clear(); // date1904 differs between workbooks
  const rows: WorkbookRow[] = [];
  let lastRow = 0;
  let at = 0;
  for (;;) {
    const start = data.indexOf('<', at);
    if (start < 0) {
      if (data.slice(at).trim() !== '') notSimple();
      break;
    }
    if ((start > at && data.slice(at, start).trim() !== '') || !data.startsWith('<row', start)) notSimple();
    let r: string | undefined;
    let tagEnd: number;
    let selfClosing: boolean;
    USUAL_ROW.lastIndex = start;
    const usual = USUAL_ROW.exec(data);
    if (usual) {
      r = usual[1];
      selfClosing = usual[2] === '/';
      tagEnd = USUAL_ROW.lastIndex - 1;
    } else {
      tagEnd = data.indexOf('>', start);
      if (tagEnd < 0) notSimple();
      selfClosing = data.charCodeAt(tagEnd - 1) === 47;
      r = plainAttribute(attributes(data.slice(start + 4, selfClosing ? tagEnd - 1 : tagEnd)), 'r');
    }
    if (r === undefined || !/^[1-9][0-9]*$/.test(r)) notSimple();
    const rowNumber = Number(r);
    if (rowNumber <= lastRow) notSimple();
    lastRow = rowNumber;
    if (selfClosing) {
      at = tagEnd + 1;
      continue;
    }
    const end = data.indexOf('</row>', tagEnd);
    if (end < 0) notSimple();
    at = end + 6;
    // SheetJS skips the rows past its row limit (sheetRows); numbered in order, none after them counts either.
    if (rowNumber > rowLimit) break;
    // Anything but cells before the row's end (another row's start among them) is not this reader's shape.
    const cells = rowCells(data, tagEnd + 1, end, rowNumber, strings, dates, date1904, maxColumns);
    if (cells.length > 0) rows.push({ rowNumber, cells });
  }
  return rows;
}
