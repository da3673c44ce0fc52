/**
 * The texts of the farmers' online application (docs/farmer-applications.md). The specification has no farmer
 * application, so every text here is ours. The farmer's pages show them in English or Spanish (i18n/messages-es.ts);
 * the staff review pages stay English.
 */
export const FARMER_APPLICATION_MESSAGES = {
  // The public form and its one-time codes
  NOT_TAKING: 'This program is not taking farmer applications now.',
  PROGRAM_REQUIRED: 'Choose at least one program.',
  MARKET_REQUIRED: 'Add at least one market where you sell.',
  ANSWER_REQUIRED: 'Answer this question.',
  ANSWER_YES_NO: 'Answer yes or no.',
  QUESTION_UNKNOWN: 'This question is no longer asked. Reload the form.',
  TAX_ID_DIGITS: 'Enter the tax ID: 9 digits.',
  ACCOUNT_DIGITS: 'Enter the account number: 4 to 17 digits.',
  ACCOUNTS_DIFFER: 'The account numbers do not match.',
  AGREEMENT_REQUIRED: 'Read the agreement and tick the box to accept it.',
  SIGNATURE_REQUIRED: 'Type your full name to sign.',
  SIGNATURE_NOT_CONTACT: 'Type the same full name as the contact person to sign.',
  CODES_SENT: 'We sent a code to {email} and a code by text message to {mobile}. Enter both below.',
  CODE_WRONG: 'The code is not right. Check the message and try again.',
  CODE_EXPIRED: 'The codes have expired or were used up. Ask for new codes.',
  CONTACT_CONFIRMED: 'Your e-mail and mobile phone are confirmed.',
  CONTACT_NOT_CONFIRMED: 'Confirm your e-mail and mobile phone with the codes before you submit.',
  CONTACT_CHANGED: 'The e-mail or mobile phone changed since you confirmed them. Confirm them again.',
  SUBMITTED: 'Your application was sent. We e-mailed you a link where you can see where it stands.',
  RESUBMITTED: 'Your answers were sent. Staff will look at your application again.',
  THROTTLED: 'Too many tries from this network. Try again later.',
  CONTACT_THROTTLED:
    'We already sent several codes to this e-mail or mobile phone. Use the last codes we sent, or ask again later.',
  // The farmer's status page
  LINK_UNKNOWN: 'This link does not open an application. It may have expired or been mistyped.',
  NOT_WAITING_FOR_YOU: 'Your application is not waiting for more information from you.',
  // Staff review
  APPLICATION_NOT_FOUND: 'The application was not found.',
  ALREADY_DECIDED: 'The application was already approved or refused.',
  NOT_SUBMITTED: 'The application is waiting for the farmer: it can be decided once they answer.',
  MORE_INFO_SENT: 'The farmer was asked for more information by e-mail.',
  APPROVED: 'The application was approved: the merchant was created and the contact was invited to sign in.',
  APPROVED_BANK_PENDING:
    'The application was approved: the merchant was created and the contact was invited to sign in. The bank account ' +
    'waits on the merchant page for staff with bank rights to confirm it.',
  REFUSED: 'The application was refused and the farmer was told.',
  NO_PROGRAM_IN_SCOPE: 'None of the programs applied for is one you manage.',
  MERCHANT_ID_TAKEN: 'This Merchant ID is already used. Choose another one.',
  CONTACT_NOT_FARMER:
    'The contact e-mail belongs to a user who is not a farmer user. Ask the farmer for another e-mail address.',
  // Platform administrators' settings
  SETTINGS_SAVED: 'The farmer application settings were saved.',
  QUESTION_DATES: 'The question must start before it ends.',
  QUESTION_KEYS_UNIQUE: 'Each question needs its own key.',
} as const;
