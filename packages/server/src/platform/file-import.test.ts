import * as XLSX from '@e965/xlsx';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@ebt/core/messages';
import { AppError } from './errors.js';
import { headerKey, mapColumns, MAX_UNPACKED_BYTES, parseSpreadsheet, unpackedWorkbook } from './file-import.js';
import { forgedXlsx } from '../testing/forged-xlsx.js';

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

function workbookOf(rows: unknown[][], bookType: 'xlsx' | 'biff8'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), 'Benefits');
  return XLSX.write(book, { type: 'buffer', bookType, compression: true }) as Buffer;
}

describe('parseSpreadsheet', () => {
  it('reads a CSV with a byte-order mark, quotes, blank lines and row numbers as the file shows them', async () => {
    const csv = '\uFEFFAccount ID,Amount,Note\r\n10000001,12.50,"one, two"\r\n\r\n 10000002 ,7,\r\n';
    const sheet = await parseSpreadsheet(Buffer.from(csv));
    expect(sheet.format).toBe('csv');
    expect(sheet.header).toEqual(['Account ID', 'Amount', 'Note']);
    expect(sheet.rows).toEqual([
      { rowNumber: 2, cells: ['10000001', '12.50', 'one, two'] },
      { rowNumber: 4, cells: ['10000002', '7', ''] },
    ]);
  });

  it('reads semicolon and tab separated files and Windows-1252 text', async () => {
    expect((await parseSpreadsheet(Buffer.from('a;b\n1;2\n'))).rows[0]!.cells).toEqual(['1', '2']);
    expect((await parseSpreadsheet(Buffer.from('a\tb\n1\t2\n'))).rows[0]!.cells).toEqual(['1', '2']);
    const latin = Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0x4a, 0x6f, 0x73, 0xe9, 0x0a]); // "name\nJosé" in cp1252
    expect((await parseSpreadsheet(latin)).rows[0]!.cells).toEqual(['José']);
  });

  it('reads the first worksheet of an XLSX: dates as YYYY-MM-DD, numbers without float noise, formulas by result', async () => {
    const data = workbookOf(
      [
        ['Account ID', 'Available Date', 'Amount', 'Total'],
        ['10000001', new Date(Date.UTC(2026, 11, 1)), 12.1, { t: 'n', v: 24.2, f: 'C2*2' }],
        [],
        [10000002, '2026-12-02', 7, null],
      ],
      'xlsx',
    );
    const sheet = await parseSpreadsheet(data);
    expect(sheet.format).toBe('xlsx');
    expect(sheet.rows).toEqual([
      { rowNumber: 2, cells: ['10000001', '2026-12-01', '12.1', '24.2'] },
      { rowNumber: 4, cells: ['10000002', '2026-12-02', '7'] }, // trailing empty cells are not read
    ]);
  });

  it('reads a legacy Excel 97-2003 (.xls) workbook, dates included', async () => {
    const data = workbookOf(
      [
        ['Account ID', 'Available Date', 'Amount'],
        ['10000001', { t: 'n', v: 46357, z: 'm/d/yyyy' }, 12.5], // serial 46357 is 2026-12-01
      ],
      'biff8',
    );
    const parsed = await parseSpreadsheet(data);
    expect(parsed.format).toBe('xls');
    expect(parsed.header).toEqual(['Account ID', 'Available Date', 'Amount']);
    expect(parsed.rows).toEqual([{ rowNumber: 2, cells: ['10000001', '2026-12-01', '12.5'] }]);
  });

  it("answers 422 'Invalid file content.' for binary, broken or empty files and for too many rows", async () => {
    const cases = [
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]),
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]),
      Buffer.from('abc\u0000def'),
      Buffer.from('\n\n  \n'),
    ];
    for (const data of cases) {
      const error = await refusal(parseSpreadsheet(data));
      expect(error.status).toBe(422);
      expect(error.message).toBe(MESSAGES.INVALID_FILE_CONTENT);
    }
    const many = `h\n${'1\n'.repeat(11)}`;
    expect((await parseSpreadsheet(Buffer.from(many), { maxRows: 11 })).rows).toHaveLength(11);
    expect((await refusal(parseSpreadsheet(Buffer.from(many), { maxRows: 10 }))).status).toBe(422);
  });

  it('unpacks an XLSX to the same entries, counting what they really inflate to', () => {
    const data = workbookOf([['a'], ['b']], 'xlsx');
    const original = unzipSync(data);
    const copy = unzipSync(unpackedWorkbook(data));
    expect(Object.keys(copy).sort()).toEqual(Object.keys(original).sort());
    for (const [name, bytes] of Object.entries(original)) expect(Buffer.from(copy[name]!).equals(bytes)).toBe(true);
  });

  it('refuses a ZIP whose sheet declares 2,000 bytes but inflates to 900 MB, in well under a second', async () => {
    const data = forgedXlsx({ inflatedMegabytes: 900 });
    expect(data.length).toBeLessThan(1_048_576);
    const started = performance.now();
    const error = await refusal(parseSpreadsheet(data));
    expect(error.status).toBe(422);
    expect(error.message).toBe(MESSAGES.INVALID_FILE_CONTENT);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses the same bomb written with a data descriptor (no size up front) once it passes the unpacked limit', async () => {
    const data = forgedXlsx({ inflatedMegabytes: 900, dataDescriptor: true });
    const error = await refusal(parseSpreadsheet(data));
    expect(error.status).toBe(422);
    expect(error.message).toBe(MESSAGES.INVALID_FILE_CONTENT);
    const under = forgedXlsx({ inflatedMegabytes: Math.floor(MAX_UNPACKED_BYTES / 2 ** 20) - 2, dataDescriptor: true });
    expect((await parseSpreadsheet(under)).rows).toEqual([{ rowNumber: 2, cells: ['10000001', '12.5'] }]);
  });
});

describe('mapColumns', () => {
  it('finds columns by any accepted name regardless of case, spaces and punctuation', () => {
    expect(headerKey(' Account_ID ')).toBe('accountid');
    const { index, label } = mapColumns(['account id', 'AMOUNT', 'x'], {
      accountId: ['Account ID', 'recipientIdentifier'],
      amount: ['Amount'],
      note: ['Note'],
    });
    expect(index).toEqual({ accountId: 0, amount: 1 });
    expect(label).toEqual({ accountId: 'account id', amount: 'AMOUNT', note: 'Note' });
  });
});
