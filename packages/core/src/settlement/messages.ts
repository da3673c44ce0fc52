// The settlement area's messages (docs/settlement.md). The specification has no settlement section, so
// these are the product's own texts (decision 0056); tests and screens import them, never retype them.
export const SETTLEMENT_MESSAGES = {
  BATCH_NOT_FOUND: 'Settlement batch not found.',
  PROGRAM_NOT_FOUND: 'Program not found.',
  NOTHING_TO_SETTLE: 'There is nothing to pay for this program: no batch was made.',
  NOTHING_TO_PAY_HELD:
    'There is nothing to pay for this program: no batch was made. The money waiting belongs to merchants on hold; the first batch after they are fixed pays it.',
  CLOSE_IN_PROGRESS: 'A batch of this program is being closed. Try again in a moment.',
  ALREADY_PAID: 'This batch is already marked paid.',
  BANK_REFERENCE_REQUIRED: 'Enter the bank reference.',
  BANK_REFERENCE_INVALID: 'The bank reference may hold letters, digits, spaces and - / . only (at most 40).',
  NO_SETTLEMENT_ACCOUNT:
    'The program has no settlement account: set settlementRoutingNumber and settlementAccountSecret in its configuration.',
  BANK_INFO_UNUSABLE: 'Fix the bank information of these merchants before downloading the file:',
  ACH_FILES_OF_DAY_USED:
    "This bank has already received 36 files today, the most one day allows. Download this batch's file tomorrow.",
  SHARED_ORIGINATOR_WHY:
    'Two files of one day from one originator must carry different File ID Modifiers (A, B, ...), and a bank may reject a file whose header repeats one it has already taken. Give each program its own company id (settlement.ach.companyId.<SHORT NAME>), or agree the shared one with the bank.',
  BATCH_CLOSED: 'Batch closed.',
  BATCH_MARKED_PAID: 'Batch marked paid.',
  RANGE_REVERSED: 'The end date cannot be before the start date.',
  RANGE_TOO_LONG: 'Choose a range of at most 366 days.',
  MERCHANT_NOT_IN_BATCH: 'This merchant has no settlement in this batch.',
  MERCHANT_NOT_FOUND: 'The merchant was not found.',
  MERCHANT_NO_EMAIL: 'The merchant has no e-mail address. Add one to the merchant info, then send the statement.',
  STATEMENT_QUEUED: 'Statement e-mailed to {email}.',
  NO_SETTLEMENTS: 'No settlements for this merchant yet.',
  NO_TRANSACTIONS: 'No transactions of this merchant in this batch.',
  NO_HOLDS: 'No merchant is on hold.',
} as const;
