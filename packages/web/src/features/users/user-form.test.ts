import { MESSAGES } from '@ebt/core/messages';
import { USER_MESSAGES } from '@ebt/core/users';
import { PRIVILEGE } from '@ebt/core/privileges';
import { describe, expect, it } from 'vitest';
import {
  addRoleChoices,
  EMPTY_USER_FORM,
  placeFieldsOf,
  userBody,
  validateUserForm,
  withRole,
  type UserFormValues,
} from './user-form';

const VALID: UserFormValues = {
  ...EMPTY_USER_FORM,
  firstname: 'Ana',
  lastname: 'Lopez',
  email: 'ana@example.org',
  username: 'analopez1',
  mobile: '(555) 223-4567',
  userStatusId: '0',
  roleId: '6',
  programUuid: 'p-1',
  agencyUuid: 'a-1',
};

describe('place fields by role (B§5 Add user)', () => {
  it('asks a program for role 1 on both sides and for role 2 only on the admin screen', () => {
    expect(placeFieldsOf('1', false)).toEqual({ program: true, agency: false });
    expect(placeFieldsOf('2', false)).toEqual({ program: false, agency: false });
    expect(placeFieldsOf('2', true)).toEqual({ program: true, agency: false });
  });

  it('asks an agency (and its program) for roles 5 and 6, nothing for other roles', () => {
    expect(placeFieldsOf('5', false)).toEqual({ program: true, agency: true });
    expect(placeFieldsOf('6', true)).toEqual({ program: true, agency: true });
    expect(placeFieldsOf('4', true)).toEqual({ program: false, agency: false });
    expect(placeFieldsOf('', true)).toEqual({ program: false, agency: false });
  });

  it('clears both places when the new role takes neither, the agency when it takes only a program', () => {
    expect(withRole(VALID, '4', true)).toMatchObject({ roleId: '4', programUuid: '', agencyUuid: '' });
    expect(withRole(VALID, '1', false)).toMatchObject({ roleId: '1', programUuid: 'p-1', agencyUuid: '' });
  });
});

describe('addRoleChoices (B§6 creator rules)', () => {
  it('gives a program admin 1, 5, 6 and the recipient role for its notice', () => {
    expect(addRoleChoices([PRIVILEGE.PROGRAMADMIN_ACCESS])).toEqual([1, 3, 5, 6]);
  });
  it('gives an agency admin 5, 6 and an agency user 6', () => {
    expect(addRoleChoices([PRIVILEGE.AGENCYADMIN_ACCESS])).toEqual([3, 5, 6]);
    expect(addRoleChoices([PRIVILEGE.AGENCYUSER_ACCESS])).toEqual([3, 6]);
  });
  it('gives nobody else anything', () => {
    expect(addRoleChoices([PRIVILEGE.RECIPIENT_ACCESS])).toEqual([]);
  });
});

describe('validateUserForm (B§5 User form)', () => {
  it('accepts a complete form', () => {
    expect(validateUserForm(VALID, false)).toEqual({});
  });

  it('refuses a username starting with a digit or too short, and a two-letter middle name', () => {
    const errors = validateUserForm({ ...VALID, username: '1analopez', middlename: 'AB' }, false);
    expect(errors.username).toBe(MESSAGES.INVALID_USERNAME);
    expect(errors.middlename).toBeDefined();
    expect(validateUserForm({ ...VALID, username: 'ana1234' }, false).username).toBe(MESSAGES.INVALID_USERNAME);
  });

  it('needs names, e-mail, mobile, status and role; the other phone is optional', () => {
    const errors = validateUserForm(EMPTY_USER_FORM, false);
    expect(Object.keys(errors).sort()).toEqual(
      ['email', 'firstname', 'lastname', 'mobile', 'roleId', 'userStatusId', 'username'].sort(),
    );
    expect(errors.roleId).toBe(USER_MESSAGES.ROLE_REQUIRED);
    expect(errors.userStatusId).toBe(USER_MESSAGES.STATUS_REQUIRED);
    expect(validateUserForm({ ...VALID, phone: '12' }, false).phone).toBe(MESSAGES.INVALID_PHONE);
    expect(validateUserForm({ ...VALID, firstname: 'x'.repeat(101) }, false).firstname).toBeDefined();
  });

  it('refuses role 3 with the Recipient Add notice', () => {
    expect(validateUserForm({ ...VALID, roleId: '3' }, false).roleId).toBe(MESSAGES.RECIPIENT_USER_NOTICE);
  });

  it('needs the agency for roles 5 and 6 and the program for role 1', () => {
    expect(validateUserForm({ ...VALID, agencyUuid: '' }, false).agencyUuid).toBe(USER_MESSAGES.AGENCY_REQUIRED);
    expect(validateUserForm({ ...VALID, roleId: '1', programUuid: '' }, false).programUuid).toBe(
      USER_MESSAGES.PROGRAM_REQUIRED,
    );
  });
});

describe('userBody', () => {
  it('sends phones as digits and only the place the role takes', () => {
    expect(userBody({ ...VALID, phone: ' ' }, false)).toEqual({
      firstname: 'Ana',
      middlename: null,
      lastname: 'Lopez',
      email: 'ana@example.org',
      username: 'analopez1',
      mobile: '5552234567',
      phone: null,
      userStatusId: 0,
      roleId: 6,
      programUuid: null,
      agencyUuid: 'a-1',
    });
    expect(userBody({ ...VALID, roleId: '1' }, false)).toMatchObject({ programUuid: 'p-1', agencyUuid: null });
  });
});
