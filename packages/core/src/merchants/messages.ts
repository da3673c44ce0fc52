import { MESSAGES } from '../messages/messages.js';

/**
 * The merchant area's messages. The quoted ones of B§8 stay in MESSAGES (one copy) and are named here for the area;
 * MERCHANT_NOT_FOUND is ours (the specification quotes no text for a merchant that is missing or out of scope).
 */
export const MERCHANT_MESSAGES = {
  NO_MERCHANTS_FOUND: MESSAGES.NO_MERCHANTS_FOUND,
  MERCHANTS_UNAVAILABLE: MESSAGES.MERCHANTS_UNAVAILABLE,
  /** Resolution 14: every search but the user search uses A's text. */
  AT_LEAST_ONE_FIELD: MESSAGES.AT_LEAST_ONE_FIELD,
  MERCHANT_NOT_FOUND: 'The merchant was not found.',
  MERCHANT_INFO_UPDATED: MESSAGES.MERCHANT_INFO_UPDATED,
  MERCHANT_STATUS_UPDATED: MESSAGES.MERCHANT_STATUS_UPDATED,
  MERCHANT_PROGRAM_STATUS_UPDATED: MESSAGES.MERCHANT_PROGRAM_STATUS_UPDATED,
  MERCHANT_ADDED: MESSAGES.MERCHANT_ADDED,
  /** 409 when the Merchant ID is taken (add, or an update renaming it). */
  MERCHANT_ID_EXISTS: MESSAGES.MERCHANT_ID_EXISTS,
  // Ours: B§5 states the rules, not their texts.
  FNS_NUMBER_LENGTH: 'FNS number must be exactly 7 characters.',
  TAX_ID_DIGITS: 'Federal Tax ID must be 9 digits.',
  PROGRAM_NOT_FOUND: 'The program was not found.',
  MAPPING_NOT_FOUND: 'The merchant is not mapped to this program.',
  /** A mapping to a program the merchant was not in (decision 0116). */
  MERCHANT_PROGRAM_ADDED: 'Merchant added to the program.',
  LATITUDE_RANGE: 'Latitude must be a number from -90 to 90.',
  LONGITUDE_RANGE: 'Longitude must be a number from -180 to 180.',
  MERCHANT_BANK_INFO_UPDATED: MESSAGES.MERCHANT_BANK_INFO_UPDATED,
  /** A masked number (`****1234`) that is not the stored one's mask: nothing to keep, and not a number to store. */
  /** Issue 24 (decision 0057): a routing number that fails the ABA check digit names no bank. */
  ROUTING_CHECK_DIGIT: 'Enter a valid routing number: 9 digits with its check digit.',
  MASKED_NUMBER_UNKNOWN: 'Enter the whole number: the masked one does not match the stored number.',
  /** Locator and location search (B§8). */
  LOCATION_NOT_FOUND: MESSAGES.LOCATION_NOT_FOUND,
  LOCATION_TEXT_REQUIRED: 'Enter a city, a ZIP code or City, ST.',
  /** Decision 0114: a locator radius that is not one of LOCATOR_RADIUS_STEPS. */
  RADIUS_STEP: 'Radius must be 25, 50 or 100 miles.',
  /** Decision 0114: a street address searched while no street geocoder is configured (GEOCODER_URL). */
  STREET_SEARCH_OFF: 'Only ZIP codes and city names can be searched here. Enter a ZIP code or City, ST.',
} as const;
