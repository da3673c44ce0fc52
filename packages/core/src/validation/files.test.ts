import { describe, expect, it } from 'vitest';
import { isAcceptedFileName, isWithinFileSizeLimit } from './files.js';

describe('upload files', () => {
  it('accepts CSV, XLS and XLSX names in any case', () => {
    expect(isAcceptedFileName('benefits.csv')).toBe(true);
    expect(isAcceptedFileName('Benefits.XLSX')).toBe(true);
    expect(isAcceptedFileName('benefits.xls')).toBe(true);
    expect(isAcceptedFileName('benefits.txt')).toBe(false);
    expect(isAcceptedFileName('benefits.csv.exe')).toBe(false);
  });

  it('takes 1 to 1048576 bytes', () => {
    expect(isWithinFileSizeLimit(0)).toBe(false);
    expect(isWithinFileSizeLimit(1)).toBe(true);
    expect(isWithinFileSizeLimit(1_048_576)).toBe(true);
    expect(isWithinFileSizeLimit(1_048_577)).toBe(false);
  });
});
