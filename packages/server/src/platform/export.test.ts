import { describe, expect, it } from 'vitest';
import { exportFormat, keysetBatches, neutraliseCell } from './export.js';

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
  const fetchBatch = (calls: [number, number][]) => async (after: number, limit: number) => {
    calls.push([after, limit]);
    return table.filter((r) => r.id > after).slice(0, limit);
  };

  it('reads every row once, a batch at a time after the last key', async () => {
    const calls: [number, number][] = [];
    const rows: number[] = [];
    for await (const row of keysetBatches(fetchBatch(calls), (r) => r.id, { batchSize: 10, cap: 1000 }))
      rows.push(row.id);
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
    for await (const row of keysetBatches(fetchBatch(calls), (r) => r.id, { batchSize: 10, cap: 15 }))
      rows.push(row.id);
    expect(rows).toHaveLength(15);
    expect(calls).toEqual([
      [0, 10],
      [20, 5],
    ]);
  });
});
