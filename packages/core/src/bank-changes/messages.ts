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
} as const;
