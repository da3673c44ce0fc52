import { describe, expect, it } from 'vitest';
import {
  firstLocatorRadius,
  hasMerchantSearchCriterion,
  maskedLastFour,
  merchantSearchCriteria,
  widerLocatorRadius,
} from './rules.js';

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

describe('the locator radius steps (decision 0114)', () => {
  it('starts at the smallest step holding the nearest merchant, the largest when none is within reach', () => {
    expect(firstLocatorRadius(undefined)).toBe(100);
    expect(firstLocatorRadius(0)).toBe(25);
    expect(firstLocatorRadius(25)).toBe(25);
    expect(firstLocatorRadius(25.1)).toBe(50);
    expect(firstLocatorRadius(99.9)).toBe(100);
    expect(firstLocatorRadius(150)).toBe(100);
  });

  it('widens one step at a time up to 100 miles', () => {
    expect(widerLocatorRadius(25)).toBe(50);
    expect(widerLocatorRadius(50)).toBe(100);
    expect(widerLocatorRadius(100)).toBeNull();
  });
});
