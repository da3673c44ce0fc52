import { describe, expect, it } from 'vitest';
import { pageNumbers, pagerStep, slicePage } from './pages.js';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('pageNumbers up to 25 pages', () => {
  it('shows the single page', () => {
    expect(pageNumbers({ current: 1, total: 1 })).toEqual([1]);
  });

  it('shows nothing without pages', () => {
    expect(pageNumbers({ current: 1, total: 0 })).toEqual([]);
  });

  it('shows a window of 5 around the current page by default', () => {
    expect(pageNumbers({ current: 1, total: 7 })).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers({ current: 4, total: 7 })).toEqual([2, 3, 4, 5, 6]);
    expect(pageNumbers({ current: 7, total: 7 })).toEqual([3, 4, 5, 6, 7]);
    expect(pageNumbers({ current: 3, total: 3 })).toEqual([1, 2, 3]);
  });

  it('honours a given size and clamps the current page', () => {
    expect(pageNumbers({ current: 10, total: 25, size: 7 })).toEqual(range(7, 13));
    expect(pageNumbers({ current: 99, total: 7 })).toEqual([3, 4, 5, 6, 7]);
    expect(pageNumbers({ current: 0, total: 7 })).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('pageNumbers above 25 pages', () => {
  it('steps by 5 up to 50 pages', () => {
    expect(pageNumbers({ current: 1, total: 26 })).toEqual([1, 5, 10, 15, 20, 25, 26]);
    expect(pageNumbers({ current: 13, total: 26 })).toEqual([1, 5, 10, 13, 15, 20, 25, 26]);
  });

  it('steps by 10 above 50', () => {
    expect(pageNumbers({ current: 1, total: 51 })).toEqual([1, 10, 20, 30, 40, 50, 51]);
  });

  it('steps by 20 above 100', () => {
    expect(pageNumbers({ current: 101, total: 101 })).toEqual([1, 20, 40, 60, 80, 100, 101]);
  });

  it('steps by 30 above 200', () => {
    expect(pageNumbers({ current: 1, total: 201 })).toEqual([1, 30, 60, 90, 120, 150, 180, 201]);
  });

  it('steps by 100 above 300', () => {
    expect(pageNumbers({ current: 1, total: 301 })).toEqual([1, 100, 200, 300, 301]);
    expect(pageNumbers({ current: 555, total: 1000 })).toEqual([
      1, 100, 200, 300, 400, 500, 555, 600, 700, 800, 900, 1000,
    ]);
  });

  it('picks the step at each bound', () => {
    expect([50, 51, 100, 101, 200, 201, 300, 301].map(pagerStep)).toEqual([5, 10, 10, 20, 20, 30, 30, 100]);
  });
});

describe('slicePage', () => {
  const rows = Array.from({ length: 23 }, (_, i) => i);

  it('answers the requested page of rows and the page count', () => {
    expect(slicePage(rows, 1, 10)).toEqual({ page: 1, totalPages: 3, rows: [10, 11, 12, 13, 14, 15, 16, 17, 18, 19] });
    expect(slicePage(rows, 2, 10).rows).toEqual([20, 21, 22]);
  });

  it('clamps a page past the end to the last page, and a negative one to the first', () => {
    expect(slicePage(rows, 7, 10)).toMatchObject({ page: 2, rows: [20, 21, 22] });
    expect(slicePage(rows, -1, 10)).toMatchObject({ page: 0 });
  });

  it('answers page 0 of 0 for no rows', () => {
    expect(slicePage([], 3, 10)).toEqual({ page: 0, totalPages: 0, rows: [] });
  });
});
