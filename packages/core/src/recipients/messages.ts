/**
 * Texts of the recipients area that the specification implies but does not quote (ours, docs/decisions/0009). The
 * quoted ones ('Email already exists.', 'You must have access to both agencies to move the recipient.', 'At least one
 * field must be entered.', ...) stay in MESSAGES of core/messages.
 */
export const RECIPIENT_MESSAGES = {
  RECIPIENT_NOT_FOUND: 'The recipient was not found.',
  PROGRAM_NOT_FOUND: 'The program was not found.',
  AGENCY_NOT_FOUND: 'The agency was not found.',
  PROGRAM_NOT_ENABLED: 'Recipients can only be added to an enabled program.',
  PROGRAM_IDENTIFIER_MISMATCH: 'The program identifier does not match the selected program.',
  AGENCY_NOT_IN_PROGRAM: 'The agency does not belong to the selected program.',
  ACCOUNT_NOT_EDITABLE: 'This recipient account is managed by an external system and cannot be edited.',
  ACCOUNT_STATUS_INVALID: 'Account status must be 0 (Active) or 1 (Inactive).',
  ONLY_ACTIVE_CAN_BE_INACTIVATED: 'Only an active recipient can be inactivated.',
  NOTHING_TO_UPDATE: 'Send the recipient fields to update, or an account status.',
  APPLICANT_NOT_FOUND: 'The applicant was not found.',
  APPLICANT_OTHER_PROGRAM: 'The applicant applied to another program.',
  APPLICANT_ALREADY_PROCESSED: 'This applicant has already been processed.',
  MOVE_FROM_AGENCY_CHANGED: 'The recipient is no longer in that agency. Reload the recipient and try again.',
  MOVE_TARGET_OTHER_PROGRAM: "The new agency must belong to the recipient's program.",
  IDENTIFIER_TAKEN: 'The Account ID was taken by another request at the same time. Please try again.',
  // Web screens (docs/decisions/0012-web-recipient-screens.md)
  SEARCH_MORE_THAN_LISTED:
    '{total} recipients match; the first {listed} are listed. Narrow the search to see the others.',
  SEARCH_COUNT_CAPPED:
    'More than {cap} recipients match; the first {listed} are listed. Narrow the search to see the others.',
  EXPORT_TRUNCATED: 'The file holds the first {cap} matching recipients only. Narrow the search to export the others.',
  RECIPIENT_MOVED: 'Recipient moved to {agency}.',
  NO_OTHER_AGENCY: 'There is no other agency of this program you can move the recipient to.',
  ACCOUNT_READ_ONLY_NOTE: 'This account is managed by an external system: its details cannot be edited here.',
  // The account file (part 2 §5, §7, §9; docs/account-file.md). Row problems name their column beside the text.
  FILE_ACTION_CODE_INVALID: 'Action code must be 01 (Add Recipient), 02 (Add Inactive) or 03 (Update Recipient).',
  FILE_CARD_ISSUANCE_INVALID: 'Card issuance must be Y, true, T or 1 for yes, or N, false, F or 0 for no.',
  FILE_STATE_INVALID: 'State must be the two-letter code of a US state or DC.',
  FILE_ACCOUNT_ID_ON_ADD:
    'Leave the Account ID empty to add a recipient (it is generated), or use action code 03 to update one.',
  FILE_ACCOUNT_ID_REQUIRED: 'The Account ID of the recipient to update is required.',
  FILE_ACCOUNT_ID_UNKNOWN: 'No recipient with this Account ID was found in the program.',
  FILE_ACCOUNT_ID_TWICE: 'This Account ID is updated on row {row} already.',
  FILE_EMAIL_TWICE: 'Email already exists on row {row} of this file.',
  FILE_AGENCY_UNKNOWN: 'No agency of this program has the code {code}.',
  FILE_AGENCY_NOT_YOURS: 'You can only import recipients into your own agencies.',
  FILE_AGENCY_CHANGE: "To move a recipient to another agency, use Change Agency on the recipient's page.",
  FILE_COLUMN_MISSING: 'The column {column} is missing.',
  FILE_NO_ROWS: 'The file has no rows below its header row.',
} as const;
