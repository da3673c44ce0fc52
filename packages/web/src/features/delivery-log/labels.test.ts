import { describe, expect, it } from 'vitest';
import { filtersOf, searchOf } from './labels';

describe('delivery log filters', () => {
  it('reads the channel, status and page from the URL and writes them back', () => {
    const filters = filtersOf(new URLSearchParams('channel=sms&status=failed&page=2'));
    expect(filters).toEqual({ channel: 'sms', status: 'failed', page: 2 });
    expect(searchOf(filters).toString()).toBe('channel=sms&status=failed&page=2');
  });

  it('drops what the log does not know', () => {
    expect(filtersOf(new URLSearchParams('channel=fax&status=lost&page=-1'))).toEqual({ page: 0 });
    expect(filtersOf(new URLSearchParams('page=abc'))).toEqual({ page: 0 });
    expect(searchOf({ page: 0 }).toString()).toBe('');
  });
});
