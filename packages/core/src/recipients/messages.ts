/**
 * Texts of the recipients area that the specification implies but does not quote (ours, docs/decisions/0008). The
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
  NOTHING_TO_UPDATE: 'Send the recipient fields to update, or an account status.',
  APPLICANT_NOT_FOUND: 'The applicant was not found.',
  APPLICANT_OTHER_PROGRAM: 'The applicant applied to another program.',
  APPLICANT_ALREADY_PROCESSED: 'This applicant has already been processed.',
  MOVE_FROM_AGENCY_CHANGED: 'The recipient is no longer in that agency. Reload the recipient and try again.',
  MOVE_TARGET_OTHER_PROGRAM: "The new agency must belong to the recipient's program.",
  IDENTIFIER_TAKEN: 'The Account ID was taken by another request at the same time. Please try again.',
} as const;
