import * as XLSX from '@e965/xlsx';
import fc from 'fast-check';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS, parseSpreadsheet, sheetJsWorkbookRows, unpackedEntries } from './file-import.js';
import { isDateFormat, serialDateText, simpleWorkbookRows, type WorkbookRow } from './xlsx-records.js';
import { xlsxStream } from './xlsx-stream.js';

// The fast reader must give exactly the rows SheetJS gives (as file-import.ts readWorkbook makes texts of its cells)
// whenever it answers at all; a workbook not of its shape it must leave to SheetJS (null).

const LIMIT = MAX_IMPORT_ROWS + 2;
const nonBlank = (rows: readonly WorkbookRow[]) => rows.filter((row) => row.cells.some((cell) => cell !== ''));
const fast = (data: Buffer) => simpleWorkbookRows(unpackedEntries(data), LIMIT, 100);
const slow = async (data: Buffer) => nonBlank(await sheetJsWorkbookRows(data));

/** Both readers of one workbook: the fast one's rows (null when it left it) and SheetJS's. */
async function bothReaders(data: Buffer) {
  return { fast: fast(data), slow: await slow(data) };
}

function sheetJsWorkbook(rows: unknown[][], options: { sst: boolean; dateNF?: string; date1904?: boolean }): Buffer {
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet(rows, { cellDates: true, dateNF: options.dateNF });
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet One');
  if (options.date1904) book.Workbook = { WBProps: { date1904: true } };
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: options.sst, compression: true }) as Buffer;
}

/** A workbook's parts changed by `edit` (name → new text, or null to drop the part), packed again. */
function edited(data: Buffer, edit: (files: Record<string, string>) => Record<string, string | null>): Buffer {
  const files = unzipSync(new Uint8Array(data));
  const texts: Record<string, string> = {};
  for (const [name, bytes] of Object.entries(files)) texts[name] = strFromU8(bytes);
  const out: Record<string, Uint8Array> = {};
  for (const [name, bytes] of Object.entries(files)) out[name] = bytes;
  for (const [name, value] of Object.entries(edit(texts))) {
    if (value === null) delete out[name];
    else out[name] = strToU8(value);
  }
  return Buffer.from(zipSync(out));
}

const piece = fc.constantFrom(
  'a',
  'Zoë',
  ' ',
  '  ',
  '&',
  '<',
  '>',
  '"',
  "'",
  '&amp;',
  '_x0041_',
  '\n',
  '\r\n',
  '\t',
  '😀',
  '1',
  '0.5',
  '-',
  'TRUE',
);
const anyString = fc.array(piece, { maxLength: 6 }).map((p) => p.join(''));
const anyCell = fc.oneof(
  anyString,
  fc.integer({ min: -1_000_000, max: 100_000_000 }),
  fc.double({ min: -1e12, max: 1e12, noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0.1 + 0.2, 12.1, 1e-7, 123456789012345.6, 46085, 60, 61, 0),
  fc.boolean(),
  fc.date({ min: new Date('1899-12-31T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }),
  fc.constant(null),
);
const dateFormats = fc.constantFrom(
  undefined,
  'yyyy-mm-dd',
  'm/d/yy',
  'dd/mm/yyyy hh:mm',
  '[h]:mm',
  '0.00',
  '#,##0',
  '@',
  '"Day "0',
  'mmm-yy',
  'General',
);

describe('simpleWorkbookRows', () => {
  it('reads what SheetJS reads, or leaves the workbook to it, for workbooks SheetJS writes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(anyCell, { maxLength: 8 }), { maxLength: 12 }),
        fc.boolean(),
        dateFormats,
        fc.boolean(),
        async (rows, sst, dateNF, date1904) => {
          const data = sheetJsWorkbook(rows, { sst, dateNF, date1904 });
          const read = await bothReaders(data);
          expect(read.fast).not.toBeNull();
          expect(nonBlank(read.fast!)).toEqual(read.slow);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('reads our own export (inline strings and numbers) as SheetJS does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.array(fc.oneof(anyString, fc.integer(), fc.double({ noNaN: true }), fc.constant(null)), {
            minLength: 3,
            maxLength: 3,
          }),
        ),
        async (rows) => {
          async function* batches() {
            for (const row of rows) yield row;
          }
          const chunks: Buffer[] = [];
          const stream = xlsxStream({
            name: 'Export',
            columns: [
              { header: 'One', width: 10 },
              { header: 'Two', width: 10 },
              { header: 'Three', width: 10 },
            ],
            rows: batches(),
          });
          for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
          const read = await bothReaders(Buffer.concat(chunks));
          expect(read.fast).not.toBeNull();
          expect(nonBlank(read.fast!)).toEqual(read.slow);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("reads our export's typed cells back as the imports need them: dates as YYYY-MM-DD, formula text as typed", async () => {
    async function* rows() {
      yield [{ date: '2026-12-04' }, { money: 1234.5 }, '=HYPERLINK("x")'];
      yield [{ dateTime: '2026-12-04T18:00:05' }, { integer: 42 }, '00123'];
    }
    const chunks: Buffer[] = [];
    const stream = xlsxStream({
      name: 'Export',
      columns: [
        { header: 'Day', width: 10 },
        { header: 'Amount', width: 10 },
        { header: 'Name', width: 10 },
      ],
      rows: rows(),
    });
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
    const read = await bothReaders(Buffer.concat(chunks));
    expect(read.fast).not.toBeNull();
    expect(nonBlank(read.fast!)).toEqual(read.slow);
    expect(read.fast!.map((row) => row.cells)).toEqual([
      ['Day', 'Amount', 'Name'],
      ['2026-12-04', '1234.5', '=HYPERLINK("x")'],
      ['2026-12-04', '42', '00123'],
    ]);
  });

  it('reads shared strings with rich text runs, formulas by their value, sparse rows and 1904 dates', async () => {
    const base = sheetJsWorkbook([['x']], { sst: true });
    const data = edited(base, (files) => ({
      'xl/sharedStrings.xml':
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="3" uniqueCount="3">' +
        '<si><t xml:space="preserve"> Account ID </t></si>' +
        '<si><r><rPr><b/><sz val="11"/><color theme="1"/><rFont val="Calibri"/><family val="2"/><scheme val="minor"/></rPr><t>Mar</t></r><r><t xml:space="preserve">ía &amp; </t></r><r><t>Co</t></r></si>' +
        '<si><t/></si></sst>',
      'xl/styles.xml': files['xl/styles.xml']!.replace(
        /<cellXfs[\s\S]*<\/cellXfs>/,
        '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"><alignment horizontal="left"/></xf></cellXfs>',
      ),
      'xl/workbook.xml': files['xl/workbook.xml']!.replace('<workbookPr', '<workbookPr date1904="1"'),
      'xl/worksheets/sheet1.xml': files['xl/worksheets/sheet1.xml']!.replace(
        /<sheetData>[\s\S]*<\/sheetData>/,
        '<sheetData>\n  <row r="1" spans="1:4" x14ac:dyDescent="0.25"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c></row>\n' +
          '  <row r="3"/>\n' +
          '  <row r="4"><c r="A4" s="1"><v>45000.99999999</v></c><c r="B4"><f>SUM(1,2)</f><v>3</v></c><c r="C4" t="str"><f>"a"&amp;"b"</f><v>a&amp;amp;b</v></c><c r="D4" t="e"><v>#N/A</v></c><c r="E4" t="b"/><c r="F4" t="s"><v>2</v></c><c r="G4"><f>NOW()</f></c></row>\n' +
          '  <row r="7"><c r="B7" t="inlineStr"><is><t>inline &lt;b&gt;</t></is></c></row>\n' +
          '</sheetData>',
      ),
    }));
    const read = await bothReaders(data);
    expect(read.fast).not.toBeNull();
    expect(read.fast).toEqual(read.slow);
    expect(read.fast).toEqual([
      { rowNumber: 1, cells: ['Account ID', '', 'María & Co'] },
      { rowNumber: 4, cells: [read.fast![1]!.cells[0], '3', 'a&b', '', 'FALSE'] },
      { rowNumber: 7, cells: ['', 'inline <b>'] },
    ]);
    expect(read.fast![1]!.cells[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('reads a worksheet without rows as SheetJS does', async () => {
    const data = edited(sheetJsWorkbook([['x']], { sst: true }), (files) => ({
      'xl/worksheets/sheet1.xml': files['xl/worksheets/sheet1.xml']!.replace(
        /<sheetData>[\s\S]*<\/sheetData>/,
        '<sheetData/>',
      ),
    }));
    const read = await bothReaders(data);
    expect(read.fast).toEqual([]);
    expect(read.slow).toEqual([]);
  });

  it('stops at the row limit, as SheetJS does with sheetRows', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => [`r${i}`, i]);
    const data = sheetJsWorkbook(rows, { sst: true });
    expect(simpleWorkbookRows(unpackedEntries(data), 12, 100)!.map((r) => r.rowNumber)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    expect(simpleWorkbookRows(unpackedEntries(data), 12, 1)![0]!.cells).toEqual(['r0']);
  });

  it('leaves other shapes to SheetJS', () => {
    const base = sheetJsWorkbook([['a', 1]], { sst: true });
    const left = (edit: (files: Record<string, string>) => Record<string, string | null>) => fast(edited(base, edit));
    const sheet = (files: Record<string, string>, replace: (xml: string) => string) => ({
      'xl/worksheets/sheet1.xml': replace(files['xl/worksheets/sheet1.xml']!),
    });
    expect(left(() => ({}))).not.toBeNull();
    // A prefixed namespace, a comment, a cell without its reference, rows out of order, an unknown cell type.
    expect(left((f) => sheet(f, (x) => x.replaceAll('<c ', '<x:c ').replaceAll('</c>', '</x:c>')))).toBeNull();
    expect(left((f) => sheet(f, (x) => x.replace('<sheetData>', '<sheetData><!-- a -->')))).toBeNull();
    expect(left((f) => sheet(f, (x) => x.replace('<v>1</v>', '<v><![CDATA[1]]></v>')))).toBeNull();
    expect(left((f) => sheet(f, (x) => x.replace('</worksheet>', '<!-- a --></worksheet>')))).toBeNull();
    expect(left((f) => sheet(f, (x) => x.replace(' r="A1"', '')))).toBeNull();
    expect(
      left((f) => sheet(f, (x) => x.replace('<row r="1"', '<row r="2"><c r="A2"><v>1</v></c></row><row r="1"'))),
    ).toBeNull();
    expect(left((f) => sheet(f, (x) => x.replace('<c r="B1"', '<c r="B1" t="d"')))).toBeNull();
    expect(left((f) => sheet(f, (x) => x.replace('<c r="B1"', '<c r="B1" T="s"')))).toBeNull();
    expect(left((f) => sheet(f, (x) => x.replace('</sheetData>', '</sheetData><hyperlinks/>')))).toBeNull();
    // Bytes that are not UTF-8.
    const files = unzipSync(new Uint8Array(base));
    files['xl/worksheets/sheet1.xml'] = Uint8Array.from([...files['xl/worksheets/sheet1.xml']!, 0xff]);
    expect(fast(Buffer.from(zipSync(files)))).toBeNull();
    // A shared string index past the table, a phonetic run, a date format numbered past SheetJS's table.
    expect(left((f) => sheet(f, (x) => x.replace('<v>0</v>', '<v>9</v>')))).toBeNull();
    expect(
      left((f) => ({
        'xl/sharedStrings.xml': f['xl/sharedStrings.xml']!.replace('</t>', '</t><rPh sb="0" eb="1"><t>x</t></rPh>'),
      })),
    ).toBeNull();
    expect(
      left((f) => ({
        'xl/styles.xml': f['xl/styles.xml']!.replace(
          '</numFmts>',
          '<numFmt numFmtId="500" formatCode="yyyy"/></numFmts>',
        ),
      })),
    ).toBeNull();
    // A workbook whose parts are not where their content types say, or that is not a plain workbook.
    expect(left(() => ({ '[Content_Types].xml': null }))).toBeNull();
    expect(
      left((f) => ({
        '[Content_Types].xml': f['[Content_Types].xml']!.replace('sheet.main+xml', 'template.main+xml'),
      })),
    ).toBeNull();
    expect(
      left((f) => ({ 'xl/workbook.xml': f['xl/workbook.xml']!.replace('r:id="rId1"', 'r:id="rId9"') })),
    ).toBeNull();
  });

  it('answers the same dates and formats as SheetJS', () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 3_000_000, noNaN: true }), fc.boolean(), (serial, date1904) => {
        const code = XLSX.SSF.parse_date_code(serial, { date1904 }) as { y: number; m: number; d: number } | null;
        const pad = (n: number) => String(n).padStart(2, '0');
        expect(serialDateText(serial, date1904)).toBe(code ? `${code.y}-${pad(code.m)}-${pad(code.d)}` : '');
      }),
      { numRuns: 2000 },
    );
    const formats = fc
      .array(
        fc.constantFrom(
          '0',
          '#',
          '.',
          ',',
          'y',
          'm',
          'd',
          'h',
          's',
          'E',
          'e',
          'B',
          'b2',
          '"',
          '\\',
          '_',
          '@',
          '[',
          ']',
          'Red',
          'h]',
          'AM/PM',
          'A/P',
          '*',
          '?',
          '(',
          ')',
          ' ',
          'G',
          'General',
          ';',
          '%',
          '上午/下午',
          'x',
        ),
        { maxLength: 8 },
      )
      .map((p) => p.join(''));
    fc.assert(
      fc.property(formats, (format) => {
        expect(isDateFormat(format)).toBe(XLSX.SSF.is_date(format));
      }),
      { numRuns: 3000 },
    );
  });

  it('is what parseSpreadsheet reads an XLSX with', async () => {
    const data = sheetJsWorkbook(
      [
        ['Account ID', 'Amount', 'Available Date'],
        ['B0000001', 12.1, new Date('2026-03-04T00:00:00Z')],
      ],
      { sst: true, dateNF: 'yyyy-mm-dd' },
    );
    const sheet = await parseSpreadsheet(data);
    expect(sheet.header).toEqual(['Account ID', 'Amount', 'Available Date']);
    expect(sheet.rows).toEqual([{ rowNumber: 2, cells: ['B0000001', '12.1', '2026-03-04'] }]);
  });
});

describe('an uploaded workbook made to be slow', () => {
  it('reads a string item of a million spaces in one pass (no regular expression backtracks over them)', () => {
    const data = sheetJsWorkbook([['a', 'b']], { sst: true });
    const spaces = ' '.repeat(1_000_000);
    const forged = edited(data, (files) => ({
      'xl/sharedStrings.xml': files['xl/sharedStrings.xml']!.replace(
        /<si>[\s\S]*?<\/si>/,
        `<si><r>${spaces}X</r></si>`,
      ),
    }));
    // Not a run of the usual shape: left to SheetJS, and answered at once (a quadratic match would take hours).
    expect(fast(forged)).toBeNull();
  });
});
