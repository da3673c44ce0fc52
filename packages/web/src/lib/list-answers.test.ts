import { describe, expect, it } from 'vitest';
import { pageOf, wholeListOf } from './list-answers';

describe('list answers', () => {
  it('narrow a page-or-list answer to what the call asked for', () => {
    const page = { content: [1], totalCount: 1 };
    expect(wholeListOf<number>([1, 2])).toEqual([1, 2]);
    expect(pageOf(page)).toBe(page);
  });

  it('fail when the other form came back', () => {
    expect(() => wholeListOf({ content: [] })).toThrow(/page came back/);
    expect(() => pageOf<{ content: number[] }>([1])).toThrow(/whole list came back/);
  });
});
