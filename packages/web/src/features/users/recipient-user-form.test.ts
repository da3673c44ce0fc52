import { MESSAGES } from '@ebt/core/messages';
import type { UserDetail } from '@ebt/core/users';
import { describe, expect, it } from 'vitest';
import {
  recipientUserBody,
  recipientUserValuesOf,
  validateRecipientUser,
  type RecipientUserValues,
} from './recipient-user-form';

const VALID: RecipientUserValues = {
  email: ' rita@example.org ',
  username: 'ritarecip1',
  firstname: 'Rita',
  middlename: '',
  lastname: 'Ng',
  mobile: '555.222.3333',
};

describe('recipient-user form', () => {
  it('shows the stored mobile as on screen, (203) 555-0131', () => {
    const user: UserDetail = {
      userId: 7,
      userUuid: '9b2f7c4e-1d2a-4c7e-9a55-0c3b7f1e2d11',
      username: 'ritarecip1',
      email: 'rita@example.org',
      emailVerified: 'Y',
      firstname: 'Rita',
      middlename: null,
      lastname: 'Ng',
      mobile: '2035550131',
      phone: null,
      userStatusId: 2,
      creationDate: '2026-01-02',
      failedLogins: 0,
      failedResets: 0,
      otpPreference: 'email',
      roleId: 3,
      roleDescr: 'Recipient',
      programs: [],
      agencies: [],
      pendingEmail: null,
      changeable: true,
    };
    expect(recipientUserValuesOf(user).mobile).toBe('(203) 555-0131');
    expect(recipientUserValuesOf({ ...user, mobile: null }).mobile).toBe('');
  });

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
