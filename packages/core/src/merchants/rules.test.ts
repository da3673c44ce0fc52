import { describe, expect, it } from 'vitest';
import { hasMerchantSearchCriterion, maskedLastFour, merchantSearchCriteria } from './rules.js';

describe('merchant search criteria (B§5, resolution 14)', () => {
  it('trims the criteria and drops the empty ones', () => {
    expect(
      merchantSearchCriteria({ merchantName: '  Farm ', email: ' ', fnsNumber: undefined, programId: '7' }),
    ).toEqual({ merchantName: 'Farm', programId: '7' });
  });

  it('needs at least one criterion; a program alone is one', () => {
    expect(hasMerchantSearchCriterion({})).toBe(false);
    expect(hasMerchantSearchCriterion({ merchantId: '  ', email: '' })).toBe(false);
    expect(hasMerchantSearchCriterion({ programId: '3' })).toBe(true);
    expect(hasMerchantSearchCriterion({ fnsNumber: '1234567' })).toBe(true);
  });
});

describe('maskedLastFour (resolution 10)', () => {
  it('shows only the last four', () => {
    expect(maskedLastFour('6789')).toBe('****6789');
    expect(maskedLastFour(null)).toBeNull();
  });
});
