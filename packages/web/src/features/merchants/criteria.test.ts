import { MESSAGES, fillMessage } from '@ebt/core/messages';
import { describe, expect, it } from 'vitest';
import type { MerchantSearchCriteria } from '@ebt/core/merchants';
import { paramsOfSearch, searchFromParams, type UrlSearch } from '../../lib/url-criteria';
import {
  EMPTY_MERCHANT_SEARCH,
  MERCHANT_URL_CRITERIA,
  merchantSearchValuesOf,
  validateMerchantSearch,
} from './criteria';

const read = (query: string) => searchFromParams(new URLSearchParams(query), MERCHANT_URL_CRITERIA);

describe('merchant search in the URL (B§5, decision 0012)', () => {
  it('reads no search without a criterion', () => {
    expect(read('')).toBeNull();
    expect(read('merchantName=%20%20&page=2')).toBeNull();
  });

  it('reads the criteria trimmed, a program alone included, and the page zero-based', () => {
    expect(read('merchantName=%20Orchard%20&page=3')).toEqual({ criteria: { merchantName: 'Orchard' }, page: 2 });
    expect(read('programId=7')).toEqual({ criteria: { programId: '7' }, page: 0 });
  });

  it('writes a search back to the same query and fills every form field', () => {
    const search: UrlSearch<MerchantSearchCriteria> = { criteria: { fnsNumber: '1234567', email: 'a@b.c' }, page: 1 };
    expect(read(paramsOfSearch(search, MERCHANT_URL_CRITERIA).toString())).toEqual(search);
    expect(merchantSearchValuesOf({ email: 'a@b.c' })).toEqual({ ...EMPTY_MERCHANT_SEARCH, email: 'a@b.c' });
  });

  it("holds B§5's limits: merchant id 50, name 50, FNS number 20, e-mail 250", () => {
    const tooLong = (max: number) => fillMessage(MESSAGES.TOO_LONG, { max });
    expect(validateMerchantSearch({ ...EMPTY_MERCHANT_SEARCH, merchantId: 'm'.repeat(50) })).toEqual({});
    expect(validateMerchantSearch({ ...EMPTY_MERCHANT_SEARCH, merchantId: 'm'.repeat(51) })).toEqual({
      merchantId: tooLong(50),
    });
    expect(validateMerchantSearch({ ...EMPTY_MERCHANT_SEARCH, merchantName: 'n'.repeat(51) })).toEqual({
      merchantName: tooLong(50),
    });
    expect(validateMerchantSearch({ ...EMPTY_MERCHANT_SEARCH, fnsNumber: '1'.repeat(21) })).toEqual({
      fnsNumber: tooLong(20),
    });
    expect(validateMerchantSearch({ ...EMPTY_MERCHANT_SEARCH, email: 'e'.repeat(251) })).toEqual({
      email: tooLong(250),
    });
  });
});
