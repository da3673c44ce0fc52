import { MESSAGES } from '@ebt/core/messages';
import { describe, expect, it } from 'vitest';
import { recipientUserBody, validateRecipientUser, type RecipientUserValues } from './recipient-user-form';

const VALID: RecipientUserValues = {
  email: ' rita@example.org ',
  username: 'ritarecip1',
  firstname: 'Rita',
  middlename: '',
  lastname: 'Ng',
  mobile: '555.222.3333',
};

describe('recipient-user form', () => {
  it('accepts a complete form and sends trimmed values with the mobile as digits', () => {
    expect(validateRecipientUser(VALID)).toEqual({});
    expect(recipientUserBody(VALID)).toEqual({
      email: 'rita@example.org',
      username: 'ritarecip1',
      firstname: 'Rita',
      middlename: null,
      lastname: 'Ng',
      mobile: '5552223333',
    });
  });

  it('refuses a bad username, a missing mobile and a bad e-mail', () => {
    const errors = validateRecipientUser({ ...VALID, username: '9rita', mobile: '', email: 'rita' });
    expect(errors.username).toBe(MESSAGES.INVALID_USERNAME);
    expect(errors.mobile).toBeDefined();
    expect(errors.email).toBe(MESSAGES.INVALID_EMAIL);
  });
});
