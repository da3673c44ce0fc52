import { describe, expect, it } from 'vitest';
import { criteriaKey, formValuesOf, paramsOfSearch, searchFromParams } from './criteria';

describe('recipient search in the URL (decision 0012)', () => {
  it('reads no search from a query without a text criterion (A§5)', () => {
    expect(searchFromParams(new URLSearchParams(''))).toBeNull();
    expect(searchFromParams(new URLSearchParams('programUuid=8a4f7f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b'))).toBeNull();
    expect(searchFromParams(new URLSearchParams('lastname=%20%20&mobilePhone=()-'))).toBeNull();
  });

  it('reads the criteria as the server does and the 1-based page as zero-based', () => {
    expect(searchFromParams(new URLSearchParams('lastname=%20Lee%20&mobilePhone=(860)%20555&page=3'))).toEqual({
      criteria: { lastname: 'Lee', mobilePhone: '860555' },
      page: 2,
    });
    for (const page of ['0', '1', '-4', '2.5', 'x', '']) {
      expect(searchFromParams(new URLSearchParams(`email=a&page=${page}`))?.page, page).toBe(0);
    }
  });

  it('writes a search back to the same query, the first page without a number', () => {
    const search = { criteria: { firstname: 'Ann', programUuid: '8a4f7f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' }, page: 0 };
    expect(paramsOfSearch(search).toString()).toBe('firstname=Ann&programUuid=8a4f7f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b');
    expect(paramsOfSearch({ ...search, page: 4 }).get('page')).toBe('5');
    expect(searchFromParams(paramsOfSearch({ ...search, page: 4 }))).toEqual({ ...search, page: 4 });
  });

  it('fills every form field and tells searches apart by their criteria only', () => {
    expect(formValuesOf({ email: 'a@b.c' })).toEqual({
      recipientIdentifier: '',
      firstname: '',
      lastname: '',
      email: 'a@b.c',
      mobilePhone: '',
      programUuid: '',
      agencyUuid: '',
    });
    expect(criteriaKey({ lastname: 'Lee', firstname: 'Ann' })).toBe(criteriaKey({ firstname: 'Ann', lastname: 'Lee' }));
    expect(criteriaKey({ lastname: 'Lee' })).not.toBe(criteriaKey({ firstname: 'Lee' }));
    expect(criteriaKey(null)).toBe('');
  });
});
