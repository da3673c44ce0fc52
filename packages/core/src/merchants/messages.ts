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
} as const;
