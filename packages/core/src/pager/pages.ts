import { PAGER_COMPACT_THRESHOLD, PAGER_DEFAULT_SIZE } from '../constants/lists.js';

export interface PageNumbersInput {
  /** 1-based current page. */
  current: number;
  /** Number of pages. */
  total: number;
  /** Pages in the window around the current one; 5 when none is given (A§9). */
  size?: number;
}

/** A§9: the step between the shown pages of a long pager. */
export function pagerStep(total: number): number {
  if (total > 300) return 100;
  if (total > 200) return 30;
  if (total > 100) return 20;
  if (total > 50) return 10;
  return 5;
}

/**
 * The 1-based page numbers a pager shows, sorted and unique (A§9). Up to 25 pages: a window of `size` pages around
 * the current one, shifted to stay inside 1..total. Above 25: only the first, the last, the current page and the
 * multiples of the step.
 */
export function pageNumbers({ current, total, size = PAGER_DEFAULT_SIZE }: PageNumbersInput): number[] {
  const last = Math.floor(total);
  if (!(last >= 1)) return [];
  const page = Math.min(Math.max(Math.floor(current) || 1, 1), last);

  if (last > PAGER_COMPACT_THRESHOLD) {
    const step = pagerStep(last);
    const pages = new Set([1, last, page]);
    for (let n = step; n <= last; n += step) pages.add(n);
    return [...pages].sort((a, b) => a - b);
  }

  const width = Math.min(Math.max(Math.floor(size) || PAGER_DEFAULT_SIZE, 1), last);
  const start = Math.min(Math.max(page - Math.floor(width / 2), 1), last - width + 1);
  return Array.from({ length: width }, (_, i) => start + i);
}

/**
 * One page of rows already in hand (a search answer of up to 2000 rows shown 10 at a time, A§9). A page past the
 * end (a bookmarked ?page= after the data shrank) is clamped to the last page, so the table never shows nothing
 * while rows exist.
 */
export function slicePage<T>(rows: readonly T[], requested: number, pageSize: number) {
  const totalPages = Math.ceil(rows.length / pageSize);
  const page = Math.min(Math.max(requested, 0), Math.max(totalPages - 1, 0));
  return { page, totalPages, rows: rows.slice(page * pageSize, (page + 1) * pageSize) };
}
