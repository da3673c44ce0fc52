// Lengths, sizes and amounts of A§5, A§9, B§5, B§9 and the resolutions. Amounts are strings (two decimals, as on
// the wire) with an integer-cents twin, because code counts money in cents (architecture.md "Money").

// Files (A§5, B§5, B§9)
export const FILE_SIZE_LIMIT_BYTES = 1_048_576;
export const ACCEPTED_FILE_EXTENSIONS = ['.csv', '.xls', '.xlsx'] as const;

// Database columns (architecture.md "The request path": input a column cannot hold is refused with a 400, never
// reaching SQL, where PostgreSQL would refuse it with a 500)
/** PostgreSQL integer: the largest id a request may name. */
export const DATABASE_INT_MAX = 2_147_483_647;
/** numeric(12,2), the type of every money column: 9999999999.99 at most. */
export const MONEY_COLUMN_MAX_CENTS = 999_999_999_999;

// Money
/** A§3/A§9 and resolution 6: maximum benefit amount and program default amount. */
export const MAX_BENEFIT_AMOUNT = '9999.99';
export const MAX_BENEFIT_AMOUNT_CENTS = 999_999;
/** A§5: the issue amount field takes up to 10 characters. */
export const BENEFIT_AMOUNT_MAX_LENGTH = 10;
/** B§5: agency and program funding amount maximum. */
export const MAX_FUNDING_AMOUNT = '99999999.00';
export const MAX_FUNDING_AMOUNT_CENTS = 9_999_999_900;

// Sign-in and recovery (A§5)
export const LOGIN_USERNAME_MIN = 6;
export const LOGIN_USERNAME_MAX = 200;
export const LOGIN_PASSWORD_MIN = 6;
export const LOGIN_PASSWORD_MAX = 50;
export const USERNAME_MIN = 8;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 30;
export const CURRENT_PASSWORD_MAX = 40;
export const SECURITY_ANSWER_MIN = 2;
export const SECURITY_ANSWER_MAX = 100;
export const FORGOT_PASSWORD_USERNAME_MAX = 50;
export const FORGOT_USERNAME_EMAIL_MAX = 100;
export const OTP_CODE_MAX = 10;
/** A§4/A§9: the recovery forms lock after more than this many not-found look-ups. */
export const LOOKUP_LOCK_THRESHOLD = 3;

// People and addresses (A§5, B§5)
export const NAME_MAX = 100;
export const MIDDLE_INITIAL_MAX = 1;
export const ADDRESS_MAX = 60;
export const CITY_MAX = 60;
export const ZIP_MAX = 10;
export const EMAIL_MAX = 255;
export const PHONE_MAX = 20;

// Searches (A§5, B§5)
export const SEARCH_ACCOUNT_ID_MAX = 20;
export const SEARCH_NAME_MAX = 100;
export const USER_SEARCH_NAME_MAX = 45;
export const USER_SEARCH_EMAIL_MAX = 100;
export const USER_SEARCH_USERNAME_MAX = 20;
export const MERCHANT_SEARCH_ID_MAX = 50;
export const MERCHANT_SEARCH_NAME_MAX = 50;
export const MERCHANT_SEARCH_FNS_MAX = 20;
export const MERCHANT_SEARCH_EMAIL_MAX = 250;
export const RECIPIENT_MERCHANT_SEARCH = {
  name: { min: 2, max: 50 },
  email: { min: 2, max: 250 },
  city: { min: 2, max: 60 },
  phone: { min: 3, max: 20 },
} as const;

// Benefits (A§5, resolution 6)
export const ISSUE_ACCOUNT_ID_MAX = 25;
export const AUTHORIZATION_NUMBER_MAX = 20;
export const BENEFIT_NOTE_MAX = 100;
export const EXPIRATION_DAYS_MIN = 0;
export const EXPIRATION_DAYS_MAX = 9999;
/** A§4: the authorization number of an incentive benefit. */
export const INCENTIVE_AUTHORIZATION_NUMBER = 'AUTO-GENERATED';

// Cards (A§5, B§5, B§9, resolution 5)
export const PAN_LENGTH = 19;
export const PAN_SHORT_LENGTH = 10;
/** Resolution 5: bin plus series number, the first nine digits of a program PAN. */
export const PAN_PREFIX_LENGTH = 9;
export const PAN_MASK_VISIBLE_DIGITS = 4;
export const EXTERNAL_PAN_MIN_LENGTH = 16;
export const EXTERNAL_PAN_MAX_LENGTH = 19;
export const EXTERNAL_CARD_NAME_MIN = 2;
export const EXTERNAL_CARD_NAME_MAX = 35;
/** A§5: a letters-and-digits card name may not contain a 4-digit run of the first 13 PAN digits. */
export const CARD_NAME_PAN_RUN = 4;
export const CARD_NAME_PAN_PREFIX = 13;
/** B§5: bulk count is digits only, at most 4 characters. */
export const BULK_PAN_COUNT_MAX_LENGTH = 4;
/** Resolution 18: above this many PANs the success text shows in a dialog. */
export const BULK_PAN_DIALOG_THRESHOLD = 400;

// Merchants (B§5)
export const MERCHANT_ID_MAX = 20;
export const MERCHANT_NAME_MAX = 50;
export const FNS_NUMBER_LENGTH = 7;
export const TAX_ID_LENGTH = 9;
export const BANK_NAME_MAX = 45;
export const BANK_ACCOUNT_MAX = 45;
export const BANK_ROUTING_MIN = 8;
export const BANK_ROUTING_MAX = 45;

// Agencies (B§3, B§5)
export const AGENCY_NAME_MAX = 50;
export const AGENCY_CODE_MAX = 20;
export const DEFAULT_FUNDING_ALERT = 1;

// Programs and funding sources (B§3, B§5)
export const PROGRAM_NAME_MAX = 45;
export const PROGRAM_SHORT_NAME_MAX = 20;
export const PROGRAM_CONTACT_EMAIL_MAX = 200;
export const PROGRAM_CONFIGURATION_MAX = 1000;
export const FUNDING_SOURCE_NAME_MIN = 2;
export const FUNDING_SOURCE_NAME_MAX = 30;
export const FUNDING_SOURCE_PROMPT_MIN = 2;
export const FUNDING_SOURCE_PROMPT_MAX = 20;
/** Resolution 5 / B§9: the default program configuration's account number length. */
export const ACCOUNT_NUMBER_LENGTH = 9;

// Incentives (B§5)
export const INCENTIVE_NAME_MAX = 100;

// Roles and configuration (B§3, B§5)
export const ROLE_ID_MAX_LENGTH = 10;
export const ROLE_DESCR_MIN = 2;
export const ROLE_DESCR_MAX = 20;
export const CONFIG_KEY_MAX = 255;
export const CONFIG_VALUE_MAX = 255;
