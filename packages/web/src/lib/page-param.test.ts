import { describe, expect, it } from 'vitest';
import { pageOfParam, withPageParam } from './page-param';

describe('the page in the URL', () => {
  it('reads one-based pages as zero-based, anything else as the first', () => {
    expect(pageOfParam('3')).toBe(2);
    expect(pageOfParam('1')).toBe(0);
    for (const raw of [null, '', '0', '-2', 'x', '2.5']) expect(pageOfParam(raw)).toBe(0);
  });

  it('writes the page one-based, leaves page 1 out and keeps the other parameters', () => {
    expect(withPageParam(new URLSearchParams('rid=7'), 2).toString()).toBe('rid=7&page=3');
    expect(withPageParam(new URLSearchParams('rid=7&page=3'), 0).toString()).toBe('rid=7');
  });
});
