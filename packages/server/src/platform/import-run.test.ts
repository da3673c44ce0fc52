import { describe, expect, it } from 'vitest';
import { auditFileName } from './import-run.js';

// The file name an import's audit row keeps: whatever the browser sent, something jsonb stores.
describe('auditFileName', () => {
  it('drops control characters and lone surrogates, keeps the rest', () => {
    expect(auditFileName('merchants\u0000.csv')).toBe('merchants.csv');
    expect(auditFileName('a\u001f\u007fb.xlsx')).toBe('ab.xlsx');
    expect(auditFileName('x\ud800y.csv')).toBe('xy.csv');
    expect(auditFileName('x\udc00y.csv')).toBe('xy.csv');
    expect(auditFileName('Año 🍎 file.csv')).toBe('Año 🍎 file.csv');
  });

  it('cuts at 200 characters by code point, never inside one', () => {
    const cut = auditFileName('🍎'.repeat(300));
    expect([...cut]).toHaveLength(200);
    expect(cut).toBe('🍎'.repeat(200));
  });
});
