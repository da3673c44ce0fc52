import { MESSAGES } from '../messages/messages.js';

/**
 * The external EBT card area's messages (A§5, A§8, B§5, B§8, resolution 9). The quoted ones stay in MESSAGES (one
 * copy) and are named here for the area; the rest are ours (docs/decisions/0038-external-card-rules.md).
 */
export const EXTERNAL_CARD_MESSAGES = {
  NO_CARDS: MESSAGES.NO_EBT_CARDS,
  NO_CARDS_FOR_ACCOUNT: MESSAGES.NO_EBT_CARDS_FOR_ACCOUNT,
  INVALID_NUMBER: MESSAGES.INVALID_EBT_CARD_NUMBER,
  INVALID_NAME: MESSAGES.INVALID_EBT_CARD_NAME,
  DUPLICATE: MESSAGES.EXTERNAL_CARD_DUPLICATE,
  CONFIRM_DELETE: MESSAGES.CONFIRM_DELETE_PAN,
  // Ours: resolution 9 leaves the texts of these two rules to us (decision 0038).
  NAME_CONTAINS_PAN: MESSAGES.EBT_CARD_NAME_CONTAINS_PAN,
  TYPE_REQUIRED: MESSAGES.EBT_CARD_TYPE_REQUIRED,
  // Ours: success texts the specification does not quote.
  CARD_ADDED: MESSAGES.EBT_CARD_ADDED,
  CARD_UPDATED: MESSAGES.EBT_CARD_UPDATED,
  CARD_DELETED: MESSAGES.EBT_CARD_DELETED,
  // Ours: refusals the specification does not word.
  CARD_NOT_FOUND: 'The EBT card was not found.',
  RECIPIENT_NOT_FOUND: 'The recipient was not found.',
  PROGRAM_REQUIRED: 'Program is required.',
  /** A programUuid that is not one of the recipient's programs (404, like a missing one). */
  PROGRAM_NOT_FOUND: 'The program was not found.',
  STATUS_INVALID: 'The card status must be 1 (active) or 2 (inactive).',
} as const;
