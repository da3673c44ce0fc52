/**
 * A valid recipient account form (POST /account-api/account without its program and agency), with a fresh e-mail
 * each time (e-mails are unique per program). Used by the recipients tests and the audit walk.
 */
export const validRecipient = (overrides: Record<string, unknown> = {}) => ({
  firstname: 'Margaret',
  middlename: 'A',
  lastname: 'Kowalski',
  address1: '12 Orchard Lane',
  address2: '',
  city: 'Hartford',
  stateCode: 'ct',
  zipcode: '06103-1234',
  email: `margaret.${Math.random().toString(36).slice(2, 8)}@example.com`,
  mobilePhone: '(203) 555-0147',
  cardIssuanceCode: true,
  businessPhone: '',
  faxNumber: '',
  ...overrides,
});
