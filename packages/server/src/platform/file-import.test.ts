import * as XLS from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@ebt/core/messages';
import { AppError } from './errors.js';
import { declaredZipSize, headerKey, mapColumns, parseSpreadsheet } from './file-import.js';

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Benefits');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
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
    const data = await xlsxOf([
      ['Account ID', 'Available Date', 'Amount', 'Total'],
      ['10000001', new Date(Date.UTC(2026, 11, 1)), 12.1, { formula: 'C2*2', result: 24.2 }],
      [],
      [10000002, '2026-12-02', 7, null],
    ]);
    const sheet = await parseSpreadsheet(data);
    expect(sheet.format).toBe('xlsx');
    expect(sheet.rows).toEqual([
      { rowNumber: 2, cells: ['10000001', '2026-12-01', '12.1', '24.2'] },
      { rowNumber: 4, cells: ['10000002', '2026-12-02', '7'] }, // trailing empty cells are not read
    ]);
  });

  it('reads a legacy Excel 97-2003 (.xls) workbook, dates included', async () => {
    const sheet = XLS.utils.aoa_to_sheet([
      ['Account ID', 'Available Date', 'Amount'],
      ['10000001', 46357, 12.5],
    ]);
    sheet['B2']!.z = 'm/d/yyyy'; // serial 46357 is 2026-12-01
    const book = XLS.utils.book_new();
    XLS.utils.book_append_sheet(book, sheet, 'Benefits');
    const data = XLS.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
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

  it('reads the unpacked size a ZIP declares', async () => {
    const data = await xlsxOf([['a'], ['b']]);
    expect(declaredZipSize(data)).toBeGreaterThan(data.length);
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
