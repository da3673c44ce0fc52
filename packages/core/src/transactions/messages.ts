import { MESSAGES } from '../messages/messages.js';

/**
 * The transaction area's messages. The quoted ones of part 1 §8 stay in MESSAGES (one copy) and are named here for
 * the area; the others are ours (the specification quotes no text for them, decision 0033).
 */
export const TRANSACTION_MESSAGES = {
  NO_TRANSACTIONS_FOUND: MESSAGES.NO_TRANSACTIONS_FOUND,
  /** Resolution 14: every search but the user search uses A's text. */
  AT_LEAST_ONE_FIELD: MESSAGES.AT_LEAST_ONE_FIELD,
  DATE_TOO_EARLY: MESSAGES.DATE_TOO_EARLY,
  DATE_TOO_LATE: MESSAGES.DATE_TOO_LATE,
  END_BEFORE_START: MESSAGES.END_BEFORE_START,
  TRANSACTION_NOT_FOUND: 'The transaction was not found.',
  INVALID_DATE_TIME: 'Enter a date and time.',
  UNKNOWN_TRANSACTION_TYPE: 'Unknown transaction type.',
  UNKNOWN_RESPONSE_CODE: 'Unknown response code.',
  PAGE_SIZE_RANGE: 'Page size must be from 1 to 2000.',
} as const;
