import { describe, expect, it } from 'vitest';
import { paramsOfSearch, searchFromParams } from '../../lib/url-criteria';
import {
  EMPTY_FARMER_APPLICATION_SEARCH,
  FARMER_APPLICATION_URL_CRITERIA,
  farmerApplicationCriteria,
  farmerApplicationValuesOf,
  validateFarmerApplicationSearch,
} from './criteria';

const read = (query: string) => searchFromParams(new URLSearchParams(query), FARMER_APPLICATION_URL_CRITERIA);

describe('the review queue criteria in the URL', () => {
  it('is always a search: no criterion lists the whole queue from its first page', () => {
    expect(read('')).toEqual({ criteria: {}, page: 0 });
    expect(read('q=%20%20')).toEqual({ criteria: {}, page: 0 });
  });

  it('reads the text trimmed, the program as its id, the status as its code and the page zero-based', () => {
    expect(read('q=%20Orchard%20&programId=7&status=more-info&page=3')).toEqual({
      criteria: { q: 'Orchard', programId: 7, status: 'more-info' },
      page: 2,
    });
  });

  it('leaves out a program or status a hand-edited URL got wrong, rather than failing', () => {
    expect(read('programId=abc&status=pending')).toEqual({ criteria: {}, page: 0 });
    expect(read('programId=0&status=APPROVED')).toEqual({ criteria: {}, page: 0 });
    expect(read('programId=-3')).toEqual({ criteria: {}, page: 0 });
  });

  it('writes a search back to the same query, the first page left out', () => {
    const search = { criteria: { q: 'Hill', programId: 2, status: 'submitted' as const }, page: 1 };
    const params = paramsOfSearch(search, FARMER_APPLICATION_URL_CRITERIA);
    expect(params.toString()).toBe('q=Hill&programId=2&status=submitted&page=2');
    expect(read(params.toString())).toEqual(search);
    expect(paramsOfSearch({ criteria: {}, page: 0 }, FARMER_APPLICATION_URL_CRITERIA).toString()).toBe('');
  });
});

describe('the review queue form', () => {
  it('fills every field from a search, blanks for what it does not name', () => {
    expect(farmerApplicationValuesOf({ programId: 4 })).toEqual({ ...EMPTY_FARMER_APPLICATION_SEARCH, programId: '4' });
    expect(farmerApplicationValuesOf({ q: 'a', status: 'refused' })).toEqual({
      q: 'a',
      programId: '',
      status: 'refused',
    });
  });

  it('sends only what is entered', () => {
    expect(farmerApplicationCriteria(EMPTY_FARMER_APPLICATION_SEARCH)).toEqual({});
    expect(farmerApplicationCriteria({ q: ' FA-000012 ', programId: '12', status: 'approved' })).toEqual({
      q: 'FA-000012',
      programId: 12,
      status: 'approved',
    });
  });

  it("holds the server's limit on the text (100)", () => {
    expect(validateFarmerApplicationSearch({ ...EMPTY_FARMER_APPLICATION_SEARCH, q: 'x'.repeat(100) })).toEqual({});
    const refused = validateFarmerApplicationSearch({ ...EMPTY_FARMER_APPLICATION_SEARCH, q: 'x'.repeat(101) });
    expect(Object.keys(refused)).toEqual(['q']);
  });
});
