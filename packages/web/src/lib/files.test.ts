import { describe, expect, it } from 'vitest';
import { fileProblem, formatFileSize, uploadPercent } from './files';

const RULES = { accept: ['.csv', '.xls', '.xlsx'], maxBytes: 1_048_576 };

describe('fileProblem', () => {
  it('accepts the listed extensions in any case, up to the limit', () => {
    expect(fileProblem({ name: 'benefits.csv', size: 10 }, RULES)).toBeNull();
    expect(fileProblem({ name: 'Benefits.XLSX', size: 1_048_576 }, RULES)).toBeNull();
  });

  it('refuses another type before looking at the size', () => {
    expect(fileProblem({ name: 'benefits.pdf', size: 10 }, RULES)).toBe('type');
    expect(fileProblem({ name: 'benefits.csv.exe', size: 5_000_000 }, RULES)).toBe('type');
  });

  it('refuses one byte over 1 MB', () => {
    expect(fileProblem({ name: 'benefits.xls', size: 1_048_577 }, RULES)).toBe('size');
  });

  it('leaves an empty file to the screen at submit', () => {
    expect(fileProblem({ name: 'benefits.csv', size: 0 }, RULES)).toBeNull();
  });
});

describe('formatFileSize', () => {
  it('reads as people do, in binary units', () => {
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(512)).toBe('512 bytes');
    expect(formatFileSize(12_595)).toBe('12.3 KB');
    expect(formatFileSize(1_048_576)).toBe('1 MB');
    expect(formatFileSize(250_000_000)).toBe('238 MB');
  });
});

describe('uploadPercent', () => {
  it('is whole, bounded, and 100 only at the end', () => {
    expect(uploadPercent(0, 100)).toBe(0);
    expect(uploadPercent(999, 1000)).toBe(99);
    expect(uploadPercent(1000, 1000)).toBe(100);
    expect(uploadPercent(5, 0)).toBe(0);
  });
});
