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
} as const;
