/**
 * Every text the specification quotes, word for word (A = part 1, B = part 2). The typos are the specification's
 * ('Your are not enrolled', 'settting'): screens and tests compare these texts exactly, so they are kept.
 * Entries marked "ours" fill places where the specification says a message exists but does not quote it, or are
 * rules of our own (architecture.md: sessions and sign-in).
 *
 * Placeholders are `{name}` and are filled with `fillMessage`.
 */
export const MESSAGES = {
  // A§8 general
  GENERIC_ERROR: 'An unexpected error occurred.',
  API_UNAVAILABLE: 'The api for this request is currently unavailable.',
  PRIVILEGE_ERROR: 'You do not have the necessary privilege for the requested action.',
  PAGE_NOT_FOUND: 'Page not found.',
  ADMIN_HOME: 'Admin Home',

  // A§2, A§4, A§5 sign-in
  LOGIN_INVALID: 'Invalid username and password combination.',
  LOGIN_UNAVAILABLE: 'Unable to login at this time.',
  PORTAL_NOT_AVAILABLE: 'The web portal is not available for this user.',
  USERNAME_REQUIRED: 'Username is required.',
  PASSWORD_REQUIRED: 'Password is required.',
  // ours: A§5 gives login lengths 6-200 and 6-50 without a text
  LOGIN_USERNAME_LENGTH: 'Username must be 6 to 200 characters.',
  LOGIN_PASSWORD_LENGTH: 'Password must be 6 to 50 characters.',
  // ours: lock-out and throttling of architecture.md (10 failures, 30 minutes)
  LOGIN_LOCKED: 'Too many failed sign-in attempts. Try again in 30 minutes.',
  LOGIN_THROTTLED: 'Too many sign-in attempts from this address. Try again later.',
  // ours: session rules of architecture.md
  SESSION_EXPIRED: 'Your session has ended. Please sign in again.',
  SESSION_REQUIRED: 'You must sign in to continue.',
  // ours: generic answers of the one error handler
  VALIDATION_FAILED: 'The request is not valid.',
  NOT_FOUND: 'The requested resource was not found.',

  // A§5 shared field rules
  INVALID_EMAIL: 'Invalid email format.',
  // ours: A§5 names the rules below but quotes no text for them
  FIELD_REQUIRED: 'This field is required.',
  TOO_LONG: 'Must be at most {max} characters.',
  TOO_SHORT: 'Must be at least {min} characters.',
  LENGTH_BETWEEN: 'Must be {min} to {max} characters.',
  INVALID_ZIP: 'Zip code must be 5 digits, optionally followed by a dash and 4 digits.',
  INVALID_PHONE: 'Phone number must have 10 digits.',
  // ours: a mobile number receives texts, so it must be one the North American plan can dial (decision 0112)
  INVALID_MOBILE_PHONE:
    'Mobile phone must be a US number: the area code and the next three digits cannot start with 0 or 1.',
  INVALID_USERNAME: 'Username must be 8 to 20 letters or digits and start with a letter.',
  // ours: A§5 forgot password takes any existing username, so only its own rule (letters and digits, max 50) applies
  INVALID_FORGOT_USERNAME: 'Username may contain only letters and digits.',
  INVALID_PASSWORD:
    'Password must be 8 to 30 characters with an uppercase letter, a lowercase letter, a number and a special character.',
  PASSWORDS_DO_NOT_MATCH: 'The passwords do not match.',
  CURRENT_PASSWORD_TOO_LONG: 'Current password must be at most 40 characters.',
  INVALID_AUTHORIZATION_NUMBER: 'Authorization number must be at most 20 characters without spaces.',
  INVALID_EXPIRATION_DAYS: 'Expiration days must be a whole number from 0 to 9999.',
  // ours: text or a number a database column cannot hold (architecture.md "The request path")
  TEXT_NOT_ALLOWED: 'Text contains characters that are not allowed.',
  INVALID_ID: 'Must be a whole number from 1 to {max}.',
  INVALID_AMOUNT: 'Enter an amount with at most two decimals.',
  AMOUNT_TOO_HIGH: 'Amount cannot be more than {max}.',
  AMOUNT_NEGATIVE: 'Amount cannot be negative.',
  INVALID_DATE: 'Enter a date as YYYY-MM-DD.',
  DATE_TOO_EARLY: 'Date cannot be before {date}.',
  DATE_TOO_LATE: 'Date cannot be after {date}.',
  END_BEFORE_START: 'End date cannot be before start date.',
  FUNDING_SOURCE_NAME_LENGTH: 'Funding source name must be 2 to 30 characters.',
  SECURITY_ANSWER_LENGTH: 'Answer must be 2 to 100 characters.',
  INVALID_OTP_CODE: 'Code must be at most 10 letters or digits.',
  INVALID_TAX_ID: 'Federal Tax ID must be 9 digits.',
  INVALID_FNS_NUMBER: 'FNS number must be 7 characters.',

  // A§8 searches and empty results (resolution 14: the user search has its own text)
  AT_LEAST_ONE_FIELD: 'At least one field must be entered.',
  USER_SEARCH_CRITERIA_REQUIRED: 'Please enter at least one user search criteria.',
  NO_RECIPIENTS_FOUND: 'No recipients found.',
  NO_BENEFITS_FOUND: 'No benefits found.',
  NO_TRANSACTIONS_FOUND: 'No transactions found.',
  NO_USERS_FOUND: 'No users found.',
  NO_INCENTIVES_FOUND: 'No incentives found.',
  NO_MERCHANTS_FOUND: 'No merchant(s) found.',
  NO_APPLICANTS_FOUND: 'No applicants found.',
  NO_PROGRAMS_FOUND: 'No programs found.',
  NO_AGENCIES_FOUND: 'No agencies found.',
  NO_PRINTED_PANS: 'No printed pans available.',
  NO_BENEFIT_DATA: 'No benefit data available.',
  NO_NOTIFICATIONS_FOUND: 'No notifications found.',
  NOTIFICATION_NOT_FOUND: 'Notification not found.',
  NO_FUNDING_SOURCES: 'No funding sources defined for the program.',
  NOT_ENROLLED_IN_INCENTIVES: 'Your are not enrolled in any incentives.',
  RECIPIENT_NOT_ENROLLED_IN_INCENTIVES: 'The recipient is not enrolled in any incentives.',
  NO_EBT_CARDS: 'There are no EBT cards attached to your account.',
  NO_EBT_CARDS_FOR_ACCOUNT: 'There are no EBT cards attached to this account.',

  // A§2, A§8 activation, reset, recovery
  ACTIVATION_SUCCESS:
    'Activation successful. You can now proceed to the online portal or login via the MyMarketLink app.',
  ACTIVATION_LINK_EXPIRED: 'The activation link is no longer valid.',
  ACTIVATION_LINK_INVALID: 'The activation link is invalid.',
  RESET_LINK_EXPIRED: 'The reset link is no longer valid.',
  // ours: a new e-mail address staff gave an activated user takes effect once a link sent to it is opened
  EMAIL_CHANGE_LINK_INVALID: 'The confirmation link is no longer valid.',
  EMAIL_CHANGE_CONFIRMED: 'Your new e-mail address is confirmed. Sign in as usual.',
  EMAIL_CHANGE_PASSWORD_INVALID: 'The password is incorrect. Enter the password you sign in with.',
  USERNAME_NOT_FOUND: 'The username was not found.',
  EMAIL_NOT_FOUND: 'The email address was not found.',
  SECURITY_SETUP_INCOMPLETE: 'Security setup is incomplete for this user.',
  SECURITY_ANSWER_INVALID: 'Security Question answer is invalid.',
  OTP_CODE_INVALID: 'The code entered is invalid or has expired.',
  FORGOT_USERNAME_LOCKED: 'Forgot Username locked due to too many failed reset attempts.',
  // ours: A§4 locks the forgot-password form without quoting a text (forgot username has one)
  FORGOT_PASSWORD_LOCKED: 'Forgot Password locked due to too many failed reset attempts.',
  // ours: A§4 step 4 says a reset e-mail will be sent
  RESET_EMAIL_SENT: 'A password reset email will be sent to you.',
  // ours: account, activation and recovery texts the specification implies but does not quote
  // (docs/decisions/0005-account-recovery-links-and-codes.md)
  OTP_SENT: 'A verification code was sent to {sentTo}.',
  CURRENT_PASSWORD_INVALID: 'The current password is incorrect.',
  NEW_PASSWORD_SAME_AS_CURRENT: 'The new password must differ from the current password.',
  USERNAME_READ_ONLY: 'The username cannot be changed.',
  NOT_OWN_USER: 'You can only update your own user information.',
  SECURITY_QUESTION_INVALID: 'Select one of the listed security questions.',
  OTP_PREFERENCE_INVALID: 'Choose email or sms for verification codes.',
  TOO_MANY_ATTEMPTS: 'Too many attempts. Try again later.',
  USER_NOT_FOUND: 'The user was not found.',
  ACCOUNT_ALREADY_ACTIVATED: 'This user has already activated the account.',
  ACTIVATION_NOT_ALLOWED: 'An activation email cannot be sent to a disabled or deleted user.',

  // A§8 online application
  APPLICATION_UNAVAILABLE: 'The online application is not available at this time.',
  APPLICATION_SUBMIT_FAILED: 'The application cannot be submitted at this time.',
  APPLICATION_AGREEMENT_REQUIRED: 'You must agree to the above statements to submit the application.',
  // ours: the public form is throttled per address; the state picker needs a choice
  APPLICATION_THROTTLED: 'Too many applications from this address. Try again later.',
  STATE_REQUIRED: 'Select a state.',

  // A§4, A§5, A§8 recipients
  RECIPIENT_EMAIL_EXISTS: 'Email already exists.',
  MOVE_NEEDS_BOTH_AGENCIES: 'You must have access to both agencies to move the recipient.',
  MOVE_CONFIRM_LABEL: 'Yes, I really want to move the recipient.',
  // ours: A§5 says the target agency must differ from the current one
  MOVE_SAME_AGENCY: 'The new agency must differ from the current agency.',
  RECIPIENT_UPDATED: 'Recipient updated.',
  RECIPIENT_ADDED: 'Recipient added with Account Id {id}.',
  CONFIRM_INACTIVATE_RECIPIENT: 'Inactivate recipient {id}?',
  CONFIRM_ACTIVATE_RECIPIENT: 'Activate recipient {id}?',
  ACTIVATION_EMAIL_SENT: 'Activation Email request sent.',
  ACTIVATION_EMAIL_FAILED: 'Activation Email request failed.',
  // ours: A§6 makes the agency required for agency admins and agency users
  AGENCY_REQUIRED: 'Agency is required.',

  // A§4, A§5, A§8 benefits
  CONFIRM_VOID_BENEFIT: 'Are you sure you want to void this benefit?',
  LAST_ISSUANCE_DATE_TITLE: 'Last Issuance Date',
  LAST_ISSUANCE_DATE: 'The Last Issuance Date is {date}.',
  BENEFIT_ISSUED: 'Benefit issued.',
  BENEFIT_UPDATED: 'Benefit updated.',
  BENEFIT_VOIDED: 'Benefit voided.',
  BENEFIT_FILE_PROCESSED: 'Benefit file processed.',
  // ours: A§8 says the file message carries the counts without quoting how
  FILE_PROCESSED_COUNTS: 'Rows processed: {processed}. Added: {added}. Updated: {updated}.',
  // ours: A§4 issue rules without a quoted text
  INCENTIVE_REQUIRED: 'Incentive is required for an incentive benefit.',
  BENEFIT_OPTION_REQUIRED: 'Benefit option is required.',
  // ours: resolution 1 voids only ISSUED benefits
  BENEFIT_NOT_VOIDABLE: 'Only an issued benefit can be voided.',
  BENEFIT_BALANCE_TOO_HIGH: 'Balance cannot be more than {max}.',
  // ours: optimistic concurrency of PUT /benefit-api/benefit (lastUpdatedDate differs from the stored one)
  BENEFIT_CHANGED_ELSEWHERE: 'This benefit was changed by someone else. Reload it and try again.',

  // A§5, B§5 files
  BENEFIT_FILE_TOO_LARGE: 'Benefit file size cannot be greater than 1MB.',
  ACCOUNT_FILE_TOO_LARGE: 'Account file size cannot be greater than 1MB.',
  MERCHANT_FILE_TOO_LARGE: 'Merchant file size cannot be greater than 1MB.',
  FILE_REQUIRED: 'You must select an input file.',
  INVALID_FILE_CONTENT: 'Invalid file content.',
  // ours: B§9 accepts .csv, .xls and .xlsx only
  INVALID_FILE_TYPE: 'The file must be a CSV, XLS or XLSX file.',
  ACCOUNT_FILE_PROCESSED: 'Account file processed.',
  MERCHANT_FILE_PROCESSED: 'Merchant file processed.',

  // A§8 account page
  PASSWORD_UPDATED: 'Password updated.',
  SECURITY_QUESTION_UPDATED: 'Security Question updated.',
  DATA_UPDATED: 'Data updated.',
  PREFERENCES_UPDATED: 'Preferences updated.',

  // A§4, A§8, B§8 program admins
  USER_ALREADY_PROGRAM_ADMIN: 'This user is already assigned to the Program.',
  USER_ADDED_TO_PROGRAM: 'User added to Program.',
  USER_REMOVED_FROM_PROGRAM: 'User removed from Program.',
  CONFIRM_ADD_PROGRAM_ADMIN: 'Add this user as an admin for this program?',
  CONFIRM_REMOVE_PROGRAM_ADMIN: 'Remove this user as an admin for this program?',
  CONFIRM_DELETE_ENTRY: 'Are you sure you want to delete this entry?',
  CONFIRM_DELETE_PAN: 'Are you sure you want to delete this PAN?',

  // A§5, A§8, B§5, B§8 external EBT cards (resolution 9)
  INVALID_EBT_CARD_NUMBER: 'Invalid EBT card number.',
  INVALID_EBT_CARD_NAME: 'Invalid EBT card name.',
  EXTERNAL_CARD_DUPLICATE: 'The PAN entered already exists in the system.',
  // ours: resolution 9 leaves these two texts to us (docs/decisions/0038-external-card-rules.md)
  EBT_CARD_NAME_CONTAINS_PAN: 'The EBT card name cannot contain part of the card number.',
  EBT_CARD_TYPE_REQUIRED: 'At least one card type (SNAP or WIC) must be selected.',
  // ours: success texts of the external card screens (not quoted)
  EBT_CARD_ADDED: 'EBT card added.',
  EBT_CARD_UPDATED: 'EBT card updated.',
  EBT_CARD_DELETED: 'EBT card deleted.',

  // B§8 merchants
  MERCHANTS_UNAVAILABLE: 'Unable to retrieve merchants.',
  LOCATION_UNAVAILABLE: 'Unable to determine current location.',
  LOCATION_NOT_FOUND: 'Location not found.',
  MERCHANT_BANK_INFO_UPDATED: 'Merchant Bank Info Updated.',
  MERCHANT_INFO_UPDATED: 'Merchant Info Updated.',
  MERCHANT_STATUS_UPDATED: 'Merchant Status updated.',
  MERCHANT_PROGRAM_STATUS_UPDATED: 'Merchant Program Status updated.',
  MERCHANT_ADDED: 'Merchant added.',
  // ours: B§4 asks for a confirmation without quoting it
  CONFIRM_ACTIVATE_MERCHANT: 'Activate this merchant?',
  CONFIRM_INACTIVATE_MERCHANT: 'Inactivate this merchant?',
  CONFIRM_ACTIVATE_MERCHANT_PROGRAM: 'Activate this merchant for {name}?',
  CONFIRM_INACTIVATE_MERCHANT_PROGRAM: 'Inactivate this merchant for {name}?',
  // ours: resolution 15 makes the merchant id unique; B§5 a mailing/physical address needs its own fields
  MERCHANT_ID_EXISTS: 'Merchant ID already exists.',

  // B§4, B§8 users and roles
  USER_UPDATED: 'User updated.',
  USER_ADDED: 'User added.',
  USER_STATUS_UPDATED: 'User status updated.',
  USER_DELETED: 'User has been deleted.',
  OTP_REQUEST_SENT: 'OTP request sent.',
  OTP_REQUEST_FAILED: 'OTP request failed.',
  USER_ROLES_UPDATED: 'User roles updated.',
  ROLE_SAVED: 'Role saved.',
  ROLE_ADDED: 'Role added.',
  ROLE_ID_EXISTS: 'Role Id already exists.',
  CONFIRM_DELETE_USER_NOTE: 'This cannot be undone.',
  // ours: B§8 names the delete and disable confirmations; the delete one ends with the quoted note
  CONFIRM_DELETE_USER: 'Delete this user? This cannot be undone.',
  CONFIRM_DISABLE_USER: 'Disable this user?',
  ROLE_CHANGE_CONFIRM_LABEL: 'I understand the consequences',
  // ours: B§5 role 3 notice
  RECIPIENT_USER_NOTICE: 'A recipient must be added on the Recipient Add screen.',
  // ours: B§4 roles are saved only after the box is ticked
  ROLE_CHANGE_NOT_CONFIRMED: 'Tick the box to confirm that you understand the consequences.',
  // ours: username and e-mail are unique
  USERNAME_EXISTS: 'Username already exists.',
  USER_EMAIL_EXISTS: 'Email already exists.',
  // ours: architecture.md ends sessions of disabled and deleted users
  USER_DELETED_FORM_DISABLED: 'This user has been deleted.',

  // B§4, B§5, B§8 PANs
  PAN_NOT_FOUND: 'The PAN entered was not found.',
  PAN_NOT_REASSIGNABLE: 'The PAN entered cannot be reassigned.',
  PAN_PROGRAM_MISMATCH: 'The PAN and recipient must be in the same program.',
  PAN_STATUSED: 'The pan has been statused.',
  PAN_GENERATED: 'A new Pan has been generated.',
  PANS_GENERATED: 'New Pans have been generated.',
  PAN_REASSIGNED: 'PAN reassigned.',
  // ours: B§4 confirms each status change without quoting it
  CONFIRM_PAN_STATUS: 'Status this PAN as {status}?',
  // ours: B§5 assign takes 10 or 19 digits
  INVALID_ASSIGN_PAN: 'Enter the last 10 digits or all 19 digits of the PAN.',
  PAN_GENERATION_IN_PROCESS: 'A pan generation is currently in process for this program.',
  PAN_GENERATION_WAIT: 'Please wait a few minutes before trying again.',
  PAN_GENERATION_COUNT_CHANGED: 'The count available may have been used by another generation process.',
  PAN_GENERATION_COUNT_TOO_HIGH: 'Pan generation count cannot be more than {max}.',
  PAN_GENERATION_SETUP_ERROR: 'Error settting up pan generation.',
  PAN_GENERATION_CONFIRM_LABEL: 'Confirm generate and print.',
  // ours: B§5 administrators may exceed the maximum after a warning
  PAN_GENERATION_OVER_MAX_WARNING:
    'This count is more than the program maximum of {max}. Exceeding it is only for special preplanned circumstances. Continue?',
  // ours: B§5 bulk count is digits only, max 4 characters
  INVALID_PAN_GENERATION_COUNT: 'Count must be a whole number from 1 to 9999.',

  // B§8 recipient incentives (resolution 19) and incentives
  RECIPIENT_INCENTIVE_ADDED: 'Recipient incentive added.',
  RECIPIENT_INCENTIVE_UPDATED: 'Recipient incentive updated.',
  RECIPIENT_INCENTIVE_DELETED: 'Recipient incentive deleted.',
  INCENTIVE_ADDED: 'New incentive added.',
  INCENTIVE_UPDATED: 'Incentive updated.',

  // B§5, B§8 agencies (resolution 16)
  AGENCY_ADDED: 'Agency added.',
  AGENCY_UPDATED: 'Agency updated.',
  AGENCY_CODE_NOT_UNIQUE: 'Agency Code must be unique within a program.',
  AGENCY_SELECTION_REQUIRED: 'An agency must be selected.',
  USER_ALREADY_IN_AGENCY: 'This user is already assigned to the Agency.',
  AGENCY_USER_REMOVED: 'User removed.',
  AGENCY_USER_MOVED: 'User moved.',
  CONFIRM_ADD_TO_AGENCY: 'Add to Agency?',
  CONFIRM_REMOVE_FROM_AGENCY: 'Remove from Agency?',
  // ours: B§4 moving asks for confirmation without quoting it
  CONFIRM_MOVE_AGENCY_USER: 'Move this user to the selected agency?',

  // B§5, B§8 programs and funding sources
  PROGRAM_ADDED: 'Program added.',
  PROGRAM_UPDATED: 'Program updated.',
  FUNDING_SOURCE_EXISTS: 'Funding Source Name already exists.',
  CONFIRM_REMOVE_FUNDING_SOURCE: 'Remove funding source {name}?',
  // ours: B§5 at least one funding source is required
  FUNDING_SOURCE_REQUIRED: 'At least one funding source is required.',

  // B§8 configuration
  CONFIG_VALUE_DELETED: 'Configuration value deleted.',
  CONFIG_VALUE_UPDATED: 'Configuration value updated.',
  CONFIG_VALUE_ADDED: 'New configuration value added.',
  CONFIG_KEY_ADDED: 'New configuration key and value added.',
  // ours: B§4 only future values may change
  CONFIG_VALUE_NOT_EDITABLE: 'Only a value with a future effective date can be changed.',
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type Message = (typeof MESSAGES)[MessageKey];
