import { describe, expect, it } from 'vitest';
import { ACH_RECORD_LENGTH, type AchBatch, achFile, parseAch } from './ach.js';

// The ACH file parsed back by fixed positions (NACHA's record layouts): every length, count, hash and total.

const batch: AchBatch = {
  originator: {
    destinationRouting: '021000021',
    destinationName: 'First Test Bank',
    origin: '123456789',
    originName: 'Benefit Program',
    companyName: 'Farm Fresh Program',
    companyId: '1123456789',
    entryDescription: 'SETTLEMENT',
  },
  created: { day: '2026-11-23', hhmm: '1805' },
  fileIdModifier: 'B',
  effectiveDate: '2026-11-24',
  descriptiveDate: '2026-11-23',
  batchNumber: 42,
  offset: { routing: '011000015', account: '99887766', accountTypeId: 0, id: 'PROGRAM', name: 'Program settlement' },
  entries: [
    {
      routing: '021000021',
      account: '000111222333',
      accountTypeId: 0,
      amountCents: 3950,
      id: 'M1',
      name: 'Green Acres Farm',
      addenda: 'Batch 42 net',
    },
    {
      routing: '011000015',
      account: '4455',
      accountTypeId: 1,
      amountCents: 1000,
      id: 'M2',
      name: 'Élan Orchard',
      addenda: 'Batch 42 net',
    },
    {
      routing: '021000021',
      account: '777',
      accountTypeId: 0,
      amountCents: -1200,
      id: 'M3',
      name: 'Returned Stall',
      addenda: 'Batch 42 net',
    },
    {
      routing: '021000021',
      account: '888',
      accountTypeId: 0,
      amountCents: 0,
      id: 'M4',
      name: 'Nothing due',
      addenda: '',
    },
  ],
};

describe('achFile', () => {
  const parsed = parseAch(achFile(batch));

  it('writes 94-character records in blocks of ten', () => {
    expect(parsed.lines.every((l) => l.length === ACH_RECORD_LENGTH)).toBe(true);
    expect(parsed.lines.length % 10).toBe(0);
    expect(parsed.fileControl.blocks).toBe(parsed.lines.length / 10);
    expect(parsed.header.slice(0, 13)).toBe('101 021000021');
    expect(parsed.header.slice(13, 23)).toBe(' 123456789');
    // Creation date and time as given (the program's clock), and the File ID Modifier (positions 24-33, 34).
    expect(parsed.header.slice(23, 33)).toBe('2611231805');
    expect(parsed.header.slice(33, 34)).toBe('B');
    expect(parsed.batchHeader.slice(69, 75)).toBe('261124');
    expect(parsed.batchHeader.slice(50, 53)).toBe('CCD');
    expect(parsed.batchHeader.slice(1, 4)).toBe('200');
  });

  it('credits the merchants, debits the one who owes, skips zero and balances with the offset', () => {
    expect(parsed.entries.map((e) => [e.code, e.cents, e.id])).toEqual([
      ['22', 3950, 'M1'],
      ['32', 1000, 'M2'],
      ['27', 1200, 'M3'],
      ['27', 3750, 'PROGRAM'],
    ]);
    expect(parsed.entries[1]!.name).toBe('ELAN ORCHARD');
    expect(parsed.addenda).toHaveLength(3);
    expect(parsed.entries.map((e) => e.addenda)).toEqual(['1', '1', '1', '0']);
  });

  it('counts, hashes and totals as the controls say', () => {
    const credits = parsed.entries.filter((e) => e.code[1] === '2').reduce((s, e) => s + e.cents, 0);
    const debits = parsed.entries.filter((e) => e.code[1] === '7').reduce((s, e) => s + e.cents, 0);
    expect(credits).toBe(4950);
    expect(debits).toBe(4950);
    const hash = String(parsed.entries.reduce((s, e) => s + Number(e.rdfi), 0) % 1e10).padStart(10, '0');
    for (const control of [parsed.batchControl, parsed.fileControl]) {
      expect(control).toMatchObject({ count: parsed.entries.length + parsed.addenda.length, hash, debits, credits });
    }
    expect(parsed.fileControl.batches).toBe(1);
    // Check digits and traces: each entry's routing is whole, traces run from 1.
    expect(parsed.entries.map((e) => e.trace)).toEqual([
      '021000020000001',
      '021000020000002',
      '021000020000003',
      '021000020000004',
    ]);
  });
});
