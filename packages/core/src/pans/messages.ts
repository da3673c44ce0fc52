import { MESSAGES } from '../messages/messages.js';

/**
 * The PAN area's messages (B§4, B§5, B§8, resolution 18). The quoted ones stay in MESSAGES (one copy) and are named
 * here for the area; the rest are ours (the specification states the rule without its text; decisions 0035-0037).
 */
export const PAN_MESSAGES = {
  PAN_NOT_FOUND: MESSAGES.PAN_NOT_FOUND,
  PAN_NOT_REASSIGNABLE: MESSAGES.PAN_NOT_REASSIGNABLE,
  PAN_PROGRAM_MISMATCH: MESSAGES.PAN_PROGRAM_MISMATCH,
  PAN_STATUSED: MESSAGES.PAN_STATUSED,
  PAN_GENERATED: MESSAGES.PAN_GENERATED,
  PANS_GENERATED: MESSAGES.PANS_GENERATED,
  PAN_REASSIGNED: MESSAGES.PAN_REASSIGNED,
  CONFIRM_PAN_STATUS: MESSAGES.CONFIRM_PAN_STATUS,
  INVALID_ASSIGN_PAN: MESSAGES.INVALID_ASSIGN_PAN,
  GENERATION_IN_PROCESS: MESSAGES.PAN_GENERATION_IN_PROCESS,
  GENERATION_WAIT: MESSAGES.PAN_GENERATION_WAIT,
  GENERATION_COUNT_CHANGED: MESSAGES.PAN_GENERATION_COUNT_CHANGED,
  GENERATION_COUNT_TOO_HIGH: MESSAGES.PAN_GENERATION_COUNT_TOO_HIGH,
  GENERATION_SETUP_ERROR: MESSAGES.PAN_GENERATION_SETUP_ERROR,
  GENERATION_CONFIRM_LABEL: MESSAGES.PAN_GENERATION_CONFIRM_LABEL,
  GENERATION_OVER_MAX_WARNING: MESSAGES.PAN_GENERATION_OVER_MAX_WARNING,
  INVALID_GENERATION_COUNT: MESSAGES.INVALID_PAN_GENERATION_COUNT,
  NO_PRINTED_PANS: MESSAGES.NO_PRINTED_PANS,
  // Ours.
  NO_PANS: 'The recipient has no PANs.',
  RECIPIENT_NOT_FOUND: 'The recipient was not found.',
  PROGRAM_NOT_FOUND: 'The program was not found.',
  GENERATION_NOT_FOUND: 'The pan generation was not found.',
  /** PATCH /benefit-api/pans/{panId} or a card action on a PAN that is missing or outside the caller's scope. */
  CARD_NOT_FOUND: 'The PAN was not found.',
  /** B§4: Lost, Stolen and Used are final; only an Active PAN can be set Inactive (decision 0036). */
  STATUS_NOT_ALLOWED: 'A {from} PAN cannot be statused {to}.',
  /** B§5: assign and generate are refused for account type 1 (decision 0036). */
  ACCOUNT_TYPE_NO_PANS: 'PANs cannot be generated or assigned for this account.',
  ACCOUNT_NOT_ACTIVE: 'PANs can only be generated or assigned for an active recipient account.',
  PROGRAM_NOT_ENABLED: 'PANs cannot be made for a disabled program.',
  /** B§5: assign and generate are refused when maxPrintedPans is below 1 (decision 0036). */
  NO_MORE_PANS: 'The recipient already holds the most active PANs the program allows ({max}).',
  /** The program has no bin and series number: no PAN can be made for it (resolution 5). */
  PROGRAM_WITHOUT_PREFIX: 'The program has no Bin and Series Nbr, so no PAN can be made for it.',
  /** POST /account-api/pans/gen/printed names an account that is not the program's printed-PAN account. */
  NOT_THE_PRINTED_ACCOUNT: "The account is not the program's printed PAN account.",
  /** B§4 the success text shows in a dialog above this many PANs (resolution 18). */
  PRINTED_PANS_TITLE: 'Printed PANs',
  // Recipient card controls (decision 0037).
  NO_CARDS: 'You have no card yet.',
  CARD_LOCKED: 'Your card is locked. It cannot be used until you unlock it.',
  CARD_UNLOCKED: 'Your card is unlocked.',
  CARD_REPORTED_LOST: 'Your card has been reported lost. It can no longer be used.',
  CARD_REPORTED_STOLEN: 'Your card has been reported stolen. It can no longer be used.',
  CARD_ACTION_NOT_ALLOWED: 'This card cannot be changed that way.',
  CONFIRM_REPORT:
    'Report your card ending in {last4} as {status}? It can no longer be used, and this cannot be undone. Your program will issue you a new card.',
  /** The recipient's inbox and e-mail/SMS (event 7, per their preferences). Never the full PAN. */
  NOTICE_SUBJECT: 'Your card status changed',
  NOTICE_REPORTED:
    'Your card ending in {last4} ({program}) was reported {status} and can no longer be used. Contact your program for a new card.',
  NOTICE_STATUSED: 'Your card ending in {last4} ({program}) is now {status}.',
  /** The program's staff (staff notification and e-mail). Never the full PAN. */
  STAFF_SUBJECT: 'Card reported {status}: {program}',
  STAFF_REPORTED:
    'Recipient {name} (Account ID {id}) of {program} reported their card ending in {last4} {status}. A replacement can be generated from their PANs page.',
  // Card PINs (docs/security.md "Card PINs"): set by the recipient, cleared by staff.
  PIN_SET: 'Your PIN is set.',
  PIN_CHANGED: 'Your PIN is changed.',
  PIN_FORMAT: 'Enter four digits.',
  PIN_TRIVIAL: 'Choose a PIN that is harder to guess: not four equal digits, not a run like 1234, not a common PIN.',
  PIN_IS_CARD: "Choose a PIN that is not your card's last four digits.",
  PIN_MISMATCH: 'The two PINs do not match.',
  PIN_CURRENT_PASSWORD_REQUIRED: 'Enter your current password to change your PIN.',
  PIN_CARD_NOT_ACTIVE: 'A PIN can only be set on an active card.',
  PIN_CLEARED: "The card's PIN has been cleared. The recipient must set a new one before paying.",
  PIN_NOT_SET: 'This card has no PIN to clear.',
  /** The recipient's inbox and e-mail/SMS (event 7, per their preferences). Never the PIN. */
  PIN_NOTICE_SUBJECT: "Your card's PIN was cleared",
  PIN_NOTICE_CLEARED:
    'The PIN of your card ending in {last4} ({program}) was cleared by your program. Set a new PIN in the portal before you pay with the card.',
} as const;
