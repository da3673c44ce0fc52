// The transaction engine's refusals of malformed requests (400) and credentials (401). Response texts of recorded
// transactions come from the response_codes table (db/reference-data.ts).
export const POS_MESSAGES = {
  CREDENTIALS: 'The terminal credentials are not valid.',
  AMOUNT_POSITIVE: 'The amount must be greater than 0.',
  ELIGIBLE_TOO_HIGH: 'The eligible amount cannot be more than the amount.',
  PAN_INVALID: 'The card number must be 19 digits.',
  TRACE_REQUIRED: 'A trace number is required.',
  TRACE_INVALID: 'The trace number must be 1-20 letters, digits or hyphens.',
  DATETIME_INVALID: 'The terminal date-time must be an ISO 8601 date-time with its offset.',
  DATE_INVALID: 'The date must be YYYY-MM-DD.',
  ENTRY_MODE_INVALID: 'The POS entry mode must be 2 or 3 digits.',
  CONDITION_CODE_INVALID: 'The POS condition code must be 2 digits.',
  MCC_INVALID: 'The MCC must be 4 digits.',
  LOCATION_INVALID: 'The location must have a latitude from -90 to 90 and a longitude from -180 to 180.',
  ADDRESS_TOO_LONG: 'The location address can be at most 200 characters.',
  ORIGINAL_INVALID: 'The original transaction reference is not valid.',
  PIN_INVALID: 'The PIN must be exactly 4 digits.',
  PAY_CODE_INVALID: 'The pay code is not valid: scan it again from the phone.',
  CARD_REQUIRED: 'Send the card number (pan) or a pay code (payCode).',
  CARD_TWICE: 'Send the card number (pan) or a pay code (payCode), not both.',
  ORIGINAL_REQUIRED: 'Name the original transaction by its trxUuid, or by its trace number and date.',
  // Additional response texts of recorded declines.
  OVER_MAXIMUM: 'The amount is over the most one transaction may be ({max}).',
  REFUND_TOO_HIGH: 'The refund is more than what is left to refund of the purchase ({left}).',
  ALREADY_REVERSED: 'The original transaction has been reversed.',
  HAS_REFUNDS: 'The purchase has refunds: reverse or refund those instead.',
  REVERSAL_WINDOW: 'The original transaction is older than the reversal window ({hours} hours).',
  REVERSAL_ARRIVED_FIRST: 'A reversal of this trace number arrived before it.',
  NOT_ORIGINAL_TYPE: 'Only an approved purchase or refund can be reversed.',
  NOT_REFUNDABLE: 'Only an approved purchase of this merchant can be refunded.',
  REFUND_FUNDS_SPENT: 'The refunded money has been spent since: the refund cannot be reversed.',
  // The PIN (docs/transaction-engine.md "PIN"). A wrong PIN's 55 has no additional text: the response text says it.
  PIN_NOT_SET: 'The card has no PIN yet: the cardholder sets it in the recipient portal, under My cards.',
  PIN_REQUIRED: "The card's program requires its PIN: ask the cardholder to enter it.",
  PIN_LOCKED_TODAY: "Too many wrong PINs today: the card takes no PIN until midnight in its program's time zone.",
  PIN_TERMINAL_THROTTLED:
    'This terminal sent too many wrong PINs in the last {minutes} minutes: PIN calls are refused for a while.',
  // The staff alert of a terminal refused for wrong PINs (a staff notification and an e-mail).
  PIN_THROTTLE_SUBJECT: 'A terminal is sending wrong PINs',
  PIN_THROTTLE_ALERT:
    'Terminal {terminal} of {merchant} sent {count} or more wrong card PINs in {minutes} minutes, over any cards: its purchases and balance inquiries with a PIN are refused (65) until fewer remain in the last {minutes} minutes. Check the terminal and who uses it.',
  // Pay codes (docs/transaction-engine.md "Pay codes").
  PAY_CODE_UNKNOWN_DEVICE: 'The pay code was made by a phone that is not registered for any card.',
  PAY_CODE_REVOKED: 'The pay code was made by a phone removed from the card: the cardholder registers it again.',
  PAY_CODE_BAD_SIGNATURE: 'The pay code does not check against its phone: it was altered or not made by that phone.',
  PAY_CODE_EXPIRED: "The pay code is too old (or the phone's clock is wrong): the cardholder makes a new one.",
  PAY_CODE_USED: 'The pay code was already used: the cardholder makes a new one for each sale.',
  TRACE_USED: 'This terminal used the trace number today for another call: send each new call with a new trace number.',
} as const;

/** What the recipient is told of each approved call when they chose per-transaction alerts (event 5). */
export const POS_NOTICES = {
  SUBJECT: 'Card activity',
  PURCHASE:
    'A purchase of {amount} was made with your card ending {last4} at {merchant}. Your {program} balance is {balance}.',
  REFUND:
    'A refund of {amount} from {merchant} was added to your card ending {last4}. Your {program} balance is {balance}.',
  REVERSAL:
    'A transaction of {amount} at {merchant} on your card ending {last4} was cancelled. Your {program} balance is {balance}.',
} as const;
