import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { cappedList, exportColumns, exportFormat, keysetBatches, namesOtherProgram, neutraliseCell } from './search.js';
import {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  expectQuotedText,
  MONEY_FORMAT,
  readXlsxExport,
} from '../testing/export-files.js';
import { sheetName, type XlsxCell, xlsxStream } from './xlsx-stream.js';

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('neutraliseCell', () => {
  it('prefixes text that a spreadsheet would read as a formula with a single quote', () => {
    for (const text of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tindent', '\rreturn'])
      expect(neutraliseCell(text)).toBe(`'${text}`);
  });

  it('leaves other text, numbers and empty cells alone', () => {
    expect(neutraliseCell('Smith')).toBe('Smith');
    expect(neutraliseCell('a=b')).toBe('a=b');
    expect(neutraliseCell(' =x')).toBe(' =x');
    expect(neutraliseCell(-5)).toBe(-5);
    expect(neutraliseCell(null)).toBeNull();
    expect(neutraliseCell(undefined)).toBeNull();
    expect(neutraliseCell(Number.NaN)).toBeNull();
  });
});

describe('exportFormat', () => {
  it('answers xlsx only for exportType=xlsx', () => {
    expect(exportFormat('xlsx')).toBe('xlsx');
    expect(exportFormat(' XLSX ')).toBe('xlsx');
    expect(exportFormat('csv')).toBe('csv');
    expect(exportFormat('pdf')).toBe('csv');
    expect(exportFormat(undefined)).toBe('csv');
  });
});

describe('keysetBatches', () => {
  const table = Array.from({ length: 25 }, (_, i) => ({ id: (i + 1) * 2 }));
  const fetchBatch = (calls: [number, number][]) => async (after: { id: number } | undefined, limit: number) => {
    const afterId = after?.id ?? 0;
    calls.push([afterId, limit]);
    return table.filter((r) => r.id > afterId).slice(0, limit);
  };

  it('reads every row once, a batch at a time after the last key', async () => {
    const calls: [number, number][] = [];
    const rows: number[] = [];
    for await (const row of keysetBatches(fetchBatch(calls), { batchSize: 10, cap: 1000 })) rows.push(row.id);
    expect(rows).toEqual(table.map((r) => r.id));
    expect(calls).toEqual([
      [0, 10],
      [20, 10],
      [40, 10],
    ]);
  });

  it('stops at the cap', async () => {
    const calls: [number, number][] = [];
    const rows: number[] = [];
    for await (const row of keysetBatches(fetchBatch(calls), { batchSize: 10, cap: 15 })) rows.push(row.id);
    expect(rows).toHaveLength(15);
    expect(calls).toEqual([
      [0, 10],
      [20, 5],
    ]);
  });
});

describe('xlsxStream', () => {
  const columns = [
    { header: 'Name', width: 20 },
    { header: 'Amount', width: 10 },
    { header: 'Note', width: 30 },
  ];

  it('writes a workbook that a spreadsheet reader opens: text, numbers, empty cells, XML characters', async () => {
    async function* rows(): AsyncGenerator<XlsxCell[]> {
      yield ['Ann & <Bob> "quoted"', 12.5, null];
      yield ['=HYPERLINK("http://evil.example")', -3, 'bell\u0007 removed'];
      yield ['', 0, 'José 😀'];
    }
    const file = await bytesOf(xlsxStream({ name: 'Benefits: 2026/11', columns, rows: rows() }));
    expect(file.subarray(0, 2).toString()).toBe('PK');
    const workbook = XLSX.read(file, { type: 'buffer', cellStyles: true });
    expect(workbook.SheetNames).toEqual(['Benefits_ 2026_11']);
    const sheet = workbook.Sheets['Benefits_ 2026_11']!;
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1, defval: null })).toEqual([
      ['Name', 'Amount', 'Note'],
      ['Ann & <Bob> "quoted"', 12.5, null],
      ['=HYPERLINK("http://evil.example")', -3, 'bell removed'],
      [null, 0, 'José 😀'],
    ]);
    expect(sheet['B2']).toMatchObject({ t: 'n', v: 12.5 });
    expect(sheet['!cols']?.map((c) => c.width)).toEqual([20, 10, 30]);
  });

  it('writes typed cells that an independent reader (exceljs) reads as dates, date-times, amounts and text', async () => {
    async function* rows(): AsyncGenerator<XlsxCell[]> {
      yield [{ date: '2026-12-04' }, { money: 1234.5 }, '00123'];
      yield [{ dateTime: '2026-12-04T18:00:05' }, { money: -3 }, '=HYPERLINK("http://evil.example","x")'];
      yield [{ integer: 42 }, { money: 0 }, '-5 Minus Street'];
      yield [{ date: '1899-12-31' }, null, '@home'];
      yield ['+1 Formula Way', { integer: 7 }, 'a=b'];
    }
    const book = await readXlsxExport(await bytesOf(xlsxStream({ name: 'Typed', columns, rows: rows() })));
    const [, first, second, third, fourth, fifth] = book.rows;
    expect(first).toEqual([
      { type: 'date', value: '2026-12-04T00:00:00', numFmt: DATE_FORMAT, quotePrefix: false },
      { type: 'number', value: 1234.5, numFmt: MONEY_FORMAT, quotePrefix: false },
      { type: 'text', value: '00123', numFmt: undefined, quotePrefix: false },
    ]);
    expect(second![0]).toEqual({
      type: 'date',
      value: '2026-12-04T18:00:05',
      numFmt: DATE_TIME_FORMAT,
      quotePrefix: false,
    });
    expect(second![1]).toMatchObject({ type: 'number', value: -3, numFmt: MONEY_FORMAT });
    expectQuotedText(second![2], '=HYPERLINK("http://evil.example","x")');
    expect(third![0]).toMatchObject({ type: 'number', value: 42, numFmt: '0' });
    expect(third![1]).toMatchObject({ type: 'number', value: 0, numFmt: MONEY_FORMAT });
    expectQuotedText(third![2], '-5 Minus Street');
    // Before 1900-03-01 Excel's serial numbers are off by a day: such a date stays text.
    expect(fourth![0]).toMatchObject({ type: 'text', value: '1899-12-31' });
    expect(fourth![1]).toMatchObject({ type: 'empty' });
    expectQuotedText(fourth![2], '@home');
    expectQuotedText(fifth![0], '+1 Formula Way');
    expect(fifth![2]).toMatchObject({ type: 'text', value: 'a=b', quotePrefix: false });
  });

  it('streams a large export, reading rows only as the reader takes bytes', async () => {
    const total = 20_000;
    let produced = 0;
    async function* rows(): AsyncGenerator<XlsxCell[]> {
      for (let i = 0; i < total; i++) {
        produced++;
        yield [`Recipient ${i}`, i / 100, `note ${i % 97}`];
      }
    }
    const stream = xlsxStream({ name: 'Large', columns, rows: rows() });
    const chunks: Buffer[] = [];
    let producedAtFirstChunk = -1;
    for await (const chunk of stream) {
      if (producedAtFirstChunk < 0) producedAtFirstChunk = produced;
      chunks.push(chunk as Buffer);
    }
    expect(producedAtFirstChunk).toBeLessThan(total); // the first bytes left before the last row was read
    expect(produced).toBe(total);
    const workbook = XLSX.read(Buffer.concat(chunks), { type: 'buffer', dense: true });
    const read = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets.Large!, { header: 1 });
    expect(read).toHaveLength(total + 1);
    expect(read[total]).toEqual([`Recipient ${total - 1}`, (total - 1) / 100, `note ${(total - 1) % 97}`]);
  });

  it("keeps tab names to Excel's rules", () => {
    expect(sheetName('recipients-20261123')).toBe('recipients-20261123');
    expect(sheetName('a'.repeat(40))).toHaveLength(31);
    expect(sheetName('[x]*?')).toBe('_x___');
    expect(sheetName('')).toBe('Sheet1');
  });
});

describe('cappedList', () => {
  const rows = Array.from({ length: 5 }, (_, i) => i);

  it('reads one row past the cap and says the cap cut the answer', async () => {
    const limits: number[] = [];
    const answer = await cappedList(3, async (limit) => (limits.push(limit), rows.slice(0, limit)));
    expect(limits).toEqual([4]);
    expect(answer).toEqual({ data: [0, 1, 2], totalCount: 3, countCapped: true });
  });

  it('answers every row when they fit under the cap', async () => {
    expect(await cappedList(5, async (limit) => rows.slice(0, limit))).toEqual({
      data: rows,
      totalCount: 5,
      countCapped: false,
    });
  });
});

describe('exportColumns', () => {
  it('pairs each header with a field or a function, and its width; refuses a missing value', () => {
    const columns = exportColumns<{ a: string }>(['A', 'B'], ['a', () => 1], { 1: 30 });
    expect(columns.map((c) => [c.header, c.value({ a: 'x' }), c.width])).toEqual([
      ['A', 'x', undefined],
      ['B', 1, 30],
    ]);
    expect(() => exportColumns(['A', 'B'], [() => 1])).toThrow();
  });
});

describe('namesOtherProgram', () => {
  const program = { id: 7, uuid: '0b6c4a3e-8f1d-4c2a-9e5b-2d7f1a0c3b4e', shortName: 'CTFM' };

  it('accepts the id, the short name or the uuid in any case, and no identifier at all', () => {
    for (const identifier of [7, '7', ' ctfm ', program.uuid.toUpperCase(), null, undefined, ''])
      expect(namesOtherProgram(identifier, program)).toBe(false);
  });

  it('flags any other value', () => {
    for (const identifier of [8, 'CTF', 'other']) expect(namesOtherProgram(identifier, program)).toBe(true);
  });
});
