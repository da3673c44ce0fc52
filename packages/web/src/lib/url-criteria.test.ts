import { describe, expect, it } from 'vitest';
import { criteriaKey, pageFromParams, paramsOfSearch, searchFromParams, type UrlCriteriaSpec } from './url-criteria';

// A small area: two text fields, a search needs one of them.
type Criteria = { name?: string; city?: string };
const SPEC: UrlCriteriaSpec<Criteria> = {
  fields: ['name', 'city'],
  parse: (raw) => {
    const criteria: Criteria = {};
    if (raw.name?.trim()) criteria.name = raw.name.trim();
    if (raw.city?.trim()) criteria.city = raw.city.trim();
    return Object.keys(criteria).length > 0 ? criteria : null;
  },
};

describe('criteria in the URL', () => {
  it('reads the 1-based page as zero-based and anything unreadable as the first page', () => {
    expect(pageFromParams(new URLSearchParams('page=3'))).toBe(2);
    for (const page of ['0', '1', '-4', '2.5', 'x', '', '1000001']) {
      expect(pageFromParams(new URLSearchParams(`page=${page}`)), page).toBe(0);
    }
  });

  it("reads only the area's fields, through its rule", () => {
    expect(searchFromParams(new URLSearchParams('name=%20Lee%20&other=1&page=2'), SPEC)).toEqual({
      criteria: { name: 'Lee' },
      page: 1,
    });
    expect(searchFromParams(new URLSearchParams('name=%20&page=2'), SPEC)).toBeNull();
  });

  it('writes only what was entered, in field order, the first page without a number', () => {
    const search = { criteria: { city: ' Hartford ', name: 'Lee' }, page: 0 };
    expect(paramsOfSearch(search, SPEC).toString()).toBe('name=Lee&city=Hartford');
    expect(paramsOfSearch({ ...search, page: 4 }, SPEC, ['name']).toString()).toBe('city=Hartford&page=5');
  });

  it('round-trips a search', () => {
    const search = { criteria: { name: 'Ann', city: 'Bristol' }, page: 6 };
    expect(searchFromParams(paramsOfSearch(search, SPEC), SPEC)).toEqual(search);
  });

  it('tells searches apart by their criteria, not by the order of their names', () => {
    expect(criteriaKey({ name: 'Lee', city: 'X' }, SPEC)).toBe(criteriaKey({ city: 'X', name: 'Lee' }, SPEC));
    expect(criteriaKey({ name: 'Lee' }, SPEC)).not.toBe(criteriaKey({ city: 'Lee' }, SPEC));
    expect(criteriaKey(null, SPEC)).toBe('');
  });
});
