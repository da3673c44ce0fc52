import { describe, expect, it } from 'vitest';
import { filenameOf } from './download';

describe('the file name of an export answer', () => {
  it('reads the quoted, plain and encoded forms of Content-Disposition', () => {
    expect(filenameOf('attachment; filename="recipients-20260101.csv"')).toBe('recipients-20260101.csv');
    expect(filenameOf('attachment; filename=recipients.xlsx')).toBe('recipients.xlsx');
    expect(filenameOf('attachment; filename="x.csv"; filename*=UTF-8\'\'Empf%C3%A4nger.csv')).toBe('Empfänger.csv');
  });

  it('answers null without a name, so the caller uses its own', () => {
    expect(filenameOf(null)).toBeNull();
    expect(filenameOf('attachment')).toBeNull();
  });
});
