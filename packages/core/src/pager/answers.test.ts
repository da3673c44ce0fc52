import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cappedAnswer, pagedAnswer, totalPages } from './answers.js';

describe('totalPages', () => {
  it('counts whole and partial pages, and none for no rows or no page size', () => {
    expect(totalPages(0, 10)).toBe(0);
    expect(totalPages(10, 10)).toBe(1);
    expect(totalPages(11, 10)).toBe(2);
    expect(totalPages(5, 0)).toBe(0);
  });
});

describe('list answers', () => {
  const Row = z.object({ id: z.number() });

  it('a paged answer carries page, totalCount, totalPages and countCapped beside the rows', () => {
    const answer = { data: [{ id: 1 }], page: 0, totalCount: 1, totalPages: 1, countCapped: false };
    expect(pagedAnswer(Row).parse(answer)).toEqual(answer);
    expect(Object.keys(pagedAnswer(Row).shape)).toEqual(['data', 'page', 'totalCount', 'totalPages', 'countCapped']);
  });

  it('a capped answer carries totalCount and countCapped beside the rows', () => {
    expect(Object.keys(cappedAnswer(Row).shape)).toEqual(['data', 'totalCount', 'countCapped']);
    expect(cappedAnswer(Row).safeParse({ data: [{ id: 'x' }], totalCount: 1, countCapped: false }).success).toBe(false);
  });
});
