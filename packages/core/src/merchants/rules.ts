import { LOCATOR_MAX_RADIUS, LOCATOR_RADIUS_STEPS, type LocatorRadius } from '../constants/defaults.js';
import type { MerchantAddressInput } from './form.js';

// Rules of the merchants (B§5 "Merchant search", "Merchant form"; resolutions 10 and 14; decisions 0020, 0021).

/** The text criteria of the merchant search; programId narrows it and also counts as a criterion. */
export const MERCHANT_SEARCH_CRITERIA = ['merchantId', 'merchantName', 'fnsNumber', 'email'] as const;

export interface MerchantSearchCriteria {
  merchantId?: string;
  merchantName?: string;
  fnsNumber?: string;
  email?: string;
  /** The program's id in digits or its uuid, as the search form sends it. */
  programId?: string;
}

type SearchInput = Partial<Record<keyof MerchantSearchCriteria, string | null | undefined>>;

/** The criteria a form or query holds, trimmed, with empty values dropped. */
export function merchantSearchCriteria(input: SearchInput): MerchantSearchCriteria {
  const criteria: MerchantSearchCriteria = {};
  for (const key of [...MERCHANT_SEARCH_CRITERIA, 'programId'] as const) {
    const value = input[key]?.trim();
    if (value) criteria[key] = value;
  }
  return criteria;
}

/** B§5: Search is disabled with no criterion, and the API answers 400 'At least one field must be entered.' */
export function hasMerchantSearchCriterion(input: SearchInput): boolean {
  return Object.keys(merchantSearchCriteria(input)).length > 0;
}

/** Resolution 10: tax ids and bank numbers are shown masked to their last four (`****1234`). */
export function maskedLastFour(last4: string | null | undefined): string | null {
  return last4 ? `****${last4}` : null;
}

/** The three addresses a merchant form saves (B§5): an unchecked "same as registered" box sends its own address. */
export function merchantFormAddresses(form: {
  addressInfo: MerchantAddressInput;
  mailingAddress?: MerchantAddressInput | null;
  physicalAddress?: MerchantAddressInput | null;
}): Record<'registered' | 'mailing' | 'physical', MerchantAddressInput> {
  return {
    registered: form.addressInfo,
    mailing: form.mailingAddress ?? form.addressInfo,
    physical: form.physicalAddress ?? form.addressInfo,
  };
}

/**
 * The locator's first radius (decision 0114): the smallest of LOCATOR_RADIUS_STEPS holding the nearest merchant (its
 * distance in miles), the largest when none is within reach. A first view then lists the nearest merchants, and
 * 'No merchant(s) found.' means none within the locator's reach.
 */
export function firstLocatorRadius(nearestMiles: number | undefined): LocatorRadius {
  if (nearestMiles === undefined) return LOCATOR_MAX_RADIUS;
  return LOCATOR_RADIUS_STEPS.find((step) => nearestMiles <= step) ?? LOCATOR_MAX_RADIUS;
}

/** 'Search a wider area': the next step up; null at the largest. */
export function widerLocatorRadius(radius: number): LocatorRadius | null {
  return LOCATOR_RADIUS_STEPS.find((step) => step > radius) ?? null;
}
