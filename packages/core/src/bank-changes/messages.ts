// The messages of bank account change requests (docs/farmer-app.md "Changing your bank account").
export const BANK_CHANGE_MESSAGES = {
  ACCOUNT_DIGITS: 'Enter the account number: 4 to 17 digits.',
  ACCOUNTS_DIFFER: 'The account numbers do not match.',
  REQUESTED: 'Your request was sent. Staff will check it before payouts go to the new account.',
  WITHDRAWN: 'Your request was withdrawn.',
  APPLIED: 'The new bank account was applied.',
  REFUSED: 'The request was refused.',
  REQUEST_NOT_FOUND: 'The bank change request was not found.',
  NOT_PENDING: 'The request was already decided or withdrawn.',
  // The e-mails: to staff who can act on a request (English, as staff pages are), to the farmers when it is decided.
  STAFF_SUBJECT: 'Bank account change requested',
  STAFF_REQUESTED:
    '{merchant} asked to change its bank account. Confirm or refuse it in the bank section of the merchant page.',
  STAFF_NEW_SUBJECT: 'Bank account of a new merchant to confirm',
  STAFF_NEW_ACCOUNT:
    '{merchant} was approved from a farmer application. Its bank account waits for you to confirm or refuse it in ' +
    'the bank section of the merchant page; its payouts are held until then.',
  APPLIED_SUBJECT: 'Bank account changed: {merchant}',
  APPLIED_NOTICE: "Staff confirmed {merchant}'s new bank account (ending {last4}). The next payouts go to it.",
  REFUSED_SUBJECT: 'Bank account change refused: {merchant}',
  REFUSED_NOTICE: "Staff refused the change of {merchant}'s bank account. Reason: {reason}",
  REFUSED_NEXT: 'Payouts still go to the account on file. You may ask again from your business page.',
  APPLIED_NEXT: 'Nothing to do. If you did not ask for this change, contact your program at once.',
} as const;
