import { describe, expect, it } from 'vitest';
import { chunks } from './import-sql.js';

describe('chunks', () => {
  it('cuts items into parts of the size, in order, the last one shorter', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([], 2)).toEqual([]);
  });

  it('makes the first part its own size when asked', () => {
    expect(chunks([1, 2, 3, 4, 5, 6, 7], 3, 1)).toEqual([[1], [2, 3, 4], [5, 6, 7]]);
    expect(chunks([1, 2], 3, 5)).toEqual([[1, 2]]);
    expect(chunks([1, 2, 3, 4, 5, 6, 7, 8], 3, 5).flat()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
