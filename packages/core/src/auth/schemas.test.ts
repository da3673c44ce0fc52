import { describe, expect, it } from 'vitest';
import { AuthenticateBody, CurrentUser, isRecoveryLocked, LoginFormValues, LogoutQuery } from './schemas.js';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('AuthenticateBody', () => {
  it('accepts 1 to 200 characters each', () => {
    expect(AuthenticateBody.safeParse({ username: 'a', password: 'b' }).success).toBe(true);
    expect(AuthenticateBody.safeParse({ username: 'a'.repeat(200), password: 'b'.repeat(200) }).success).toBe(true);
    expect(AuthenticateBody.safeParse({ username: 'a'.repeat(201), password: 'b' }).success).toBe(false);
    expect(AuthenticateBody.safeParse({ username: 'a', password: 'b'.repeat(201) }).success).toBe(false);
  });

  it('refuses empty fields with the quoted texts', () => {
    expect(firstMessage(AuthenticateBody.safeParse({ username: '', password: 'x' }))).toBe('Username is required.');
    expect(firstMessage(AuthenticateBody.safeParse({ username: 'x', password: '' }))).toBe('Password is required.');
  });
});

describe('LoginFormValues', () => {
  const valid = { username: 'abcdef', password: 'secret' };

  it('says which field is missing', () => {
    expect(firstMessage(LoginFormValues.safeParse({ ...valid, username: '' }))).toBe('Username is required.');
    expect(firstMessage(LoginFormValues.safeParse({ ...valid, password: '' }))).toBe('Password is required.');
  });

  it('takes a username of 6 to 200 characters', () => {
    expect(LoginFormValues.safeParse({ ...valid, username: 'a'.repeat(5) }).success).toBe(false);
    expect(LoginFormValues.safeParse({ ...valid, username: 'a'.repeat(6) }).success).toBe(true);
    expect(LoginFormValues.safeParse({ ...valid, username: 'a'.repeat(200) }).success).toBe(true);
    expect(LoginFormValues.safeParse({ ...valid, username: 'a'.repeat(201) }).success).toBe(false);
  });

  it('takes a password of 6 to 50 characters', () => {
    expect(LoginFormValues.safeParse({ ...valid, password: 'a'.repeat(5) }).success).toBe(false);
    expect(LoginFormValues.safeParse({ ...valid, password: 'a'.repeat(6) }).success).toBe(true);
    expect(LoginFormValues.safeParse({ ...valid, password: 'a'.repeat(50) }).success).toBe(true);
    expect(LoginFormValues.safeParse({ ...valid, password: 'a'.repeat(51) }).success).toBe(false);
  });
});

describe('CurrentUser', () => {
  const user = {
    userId: 7,
    userUuid: '0b7f6a52-3c1e-4d3b-9f55-1c2d3e4f5a6b',
    username: 'progadmin01',
    email: 'admin@example.org',
    firstname: 'Pat',
    middlename: null,
    lastname: 'Doe',
    mobile: '8605551234',
    privileges: ['PROGRAMADMIN_ACCESS'],
    programs: [
      {
        programUuid: '9a1f6a52-3c1e-4d3b-9f55-1c2d3e4f5a6b',
        programId: 1,
        programName: 'Demo',
        timeZone: 'America/New_York',
      },
    ],
    applications: [{ applicationId: 1, name: 'Senior Farmers Market' }],
    notificationsCount: 0,
    roleId: 1,
    preferredLanguage: null,
  };

  it('accepts the session user of A§3', () => {
    expect(CurrentUser.parse(user)).toEqual(user);
  });

  it('refuses a user uuid that is not a uuid', () => {
    expect(CurrentUser.safeParse({ ...user, userUuid: 'nope' }).success).toBe(false);
  });
});

describe('LogoutQuery', () => {
  it('makes the timestamp optional', () => {
    expect(LogoutQuery.parse({})).toEqual({});
    expect(LogoutQuery.parse({ timestamp: '1700000000000' })).toEqual({ timestamp: '1700000000000' });
  });
});

describe('isRecoveryLocked', () => {
  it('locks after more than 3 not-found look-ups', () => {
    expect(isRecoveryLocked(3)).toBe(false);
    expect(isRecoveryLocked(4)).toBe(true);
  });
});
