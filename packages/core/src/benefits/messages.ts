/**
 * Texts of the benefits area that the specification implies but does not quote (ours, docs/decisions/0010-benefit-rules.md). The
 * quoted ones ('No funding sources defined for the program.', 'The Last Issuance Date is {date}.', 'Benefit file
 * size cannot be greater than 1MB.', 'Invalid file content.', ...) stay in MESSAGES of core/messages.
 */
export const BENEFIT_MESSAGES = {
  BENEFIT_NOT_FOUND: 'The benefit was not found.',
  PROGRAM_NOT_FOUND: 'The program was not found.',
  OPTION_TYPE_NOT_FOUND: 'The benefit option type was not found.',
  RECIPIENT_NOT_FOUND: 'No recipient with this Account ID was found in the program.',
  RECIPIENT_NOT_ACTIVE: 'Benefits can only be issued to an active recipient account.',
  RECIPIENT_IS_CARD_POOL: "Benefits cannot be issued to the program's printed-PAN account.",
  AGENCY_NOT_FOUND: 'The agency was not found.',
  AGENCY_MISMATCH: 'The recipient does not belong to the selected agency.',
  AGENCY_NOT_IN_PROGRAM: 'The agency does not belong to the selected program.',
  PROGRAM_NOT_ENABLED: 'Benefits can only be issued in an enabled program.',
  PROGRAM_IDENTIFIER_MISMATCH: 'The program identifier does not match the selected program.',
  FUNDING_REQUIRED: 'Funding source is required.',
  FUNDING_NOT_IN_PROGRAM: 'The funding source does not belong to the program.',
  INCENTIVE_NOT_IN_PROGRAM: 'The incentive does not belong to the program.',
  INCENTIVE_NOT_FOR_REGULAR: 'An incentive can only be set on an incentive benefit.',
  OPTION_NOT_OF_TYPE: "The benefit option is not one of the program's options.",
  OPTION_NOT_ALLOWED: 'The program has no benefit options.',
  NOTE_NOT_ENABLED: 'Notes are not enabled for this program.',
  AUTH_NUMBER_EXISTS: 'Authorization number already exists in the program.',
  AUTH_NUMBER_RESERVED: 'AUTO-GENERATED is only used for incentive benefits.',
  AMOUNT_MUST_EQUAL_DEFAULT: 'Amount must be the program default of {amount}.',
  EXPIRATION_MUST_EQUAL: 'Expiration date must be {date}: the available date plus {days} days minus one.',
  DATE_BEFORE_TODAY: 'Date cannot be before today ({date}).',
  EXPIRATION_BEFORE_AVAILABLE: 'Expiration date cannot be before the available date.',
  INVALID_BENEFIT_DATE: 'Enter a date as YYYY-MM-DD.',
  INVALID_TIMESTAMP: 'lastUpdatedDate must be an ISO 8601 date-time.',
  NOT_EDITABLE: 'Only an issued benefit can be changed; this benefit is {status}.',
  VOID_STATUS_ONLY: 'The benefit status can only be set to VOID.',
  PROGRAM_REQUIRED: 'Select the program of the benefit file.',
  FILE_MISSING_COLUMNS: 'The file has no column {columns}.',
  FILE_DUPLICATE_AUTH_NUMBER: 'The authorization number appears more than once in the file (first on row {row}).',
  FILE_BENEFIT_NOT_UPDATABLE:
    'A benefit with this authorization number exists and is {status}; only an issued benefit can be updated.',
  FILE_BENEFIT_OTHER_ACCOUNT: 'The authorization number belongs to a benefit of another recipient.',
  FILE_BALANCE_BELOW_SPENT: 'The new amount is less than what has already been spent from this benefit.',
  // Recipient notifications (notifications table, and the outbox per the recipient's preferences; decision 0010).
  NOTIFICATION_ISSUED:
    'A benefit of {amount} from {programName} is available from {availableDate} until {expirationDate} (authorization {authNumber}).',
  NOTIFICATION_INCENTIVE:
    'You earned an incentive of {amount} in {programName}. It can be used from {availableDate} until {expirationDate} (authorization {authNumber}).',
  NOTIFICATION_VOIDED: 'Benefit {authNumber} of {amount} from {programName} was voided.',
  NOTIFICATION_EXPIRED: 'Your benefit {authNumber} expired on {expirationDate}.',
  EMAIL_SUBJECT_ISSUED: 'A new benefit is available',
  EMAIL_SUBJECT_INCENTIVE: 'You earned an incentive',
  EMAIL_SUBJECT_VOIDED: 'A benefit was voided',
  NOT_OWN_PROGRAM: 'You have no account in this program.',
  NOTIFIED_ONLY_WHILE_ISSUED: 'The notified flag can only be changed while the benefit is ISSUED.',
} as const;
