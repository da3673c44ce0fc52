import { describe, expect, it } from 'vitest';
import { ROLE } from '../enums/roles.js';
import { ROLE_PRIVILEGES } from '../privileges/privileges.js';
import { AddUserBody, RecipientUserBody } from './form.js';
import { USER_MESSAGES } from './messages.js';
import { hasUserSearchCriterion, isUserEditable, mayGiveRole, userPlaces } from './rules.js';
import { UserSearchQuery } from './schemas.js';

const privs = (roleId: number) => ROLE_PRIVILEGES[roleId] ?? [];
const ALL_ROLES = [1, 2, 3, 4, 5, 6];

describe('the creator matrix of B§6', () => {
  // Each creator role × each target role: what may be created.
  const MAY: Record<number, number[]> = {
    1: [1, 5, 6], // program admin
    2: [], // program user: no area, creates nobody
    3: [], // recipient
    4: [1, 2, 4, 5, 6], // platform admin: every staff role
    5: [5, 6], // agency admin
    6: [6], // agency user
  };
  for (const creator of ALL_ROLES)
    for (const target of ALL_ROLES)
      it(`role ${creator} ${MAY[creator]!.includes(target) ? 'may' : 'may not'} create role ${target}`, () => {
        expect(mayGiveRole(privs(creator), target)).toBe(MAY[creator]!.includes(target));
      });
});

describe('program and agency by role (B§5 Add user)', () => {
  const p = '7f1d9c2e-2f7a-4c1b-9f4e-0a1b2c3d4e5f';
  const a = '8e2d9c2e-2f7a-4c1b-9f4e-0a1b2c3d4e5f';

  it('takes a program for role 1 and clears the agency', () => {
    expect(userPlaces({ roleId: 1, programUuid: p, agencyUuid: a }, privs(1))).toEqual({
      programUuid: p,
      agencyUuid: null,
      missing: null,
    });
  });

  it('takes a program for role 2 only on the admin screen', () => {
    expect(userPlaces({ roleId: 2, programUuid: p }, privs(4)).programUuid).toBe(p);
    expect(userPlaces({ roleId: 2, programUuid: p }, privs(1)).programUuid).toBeNull();
  });

  it('takes an agency for roles 5 and 6 and clears the program', () => {
    for (const roleId of [5, 6])
      expect(userPlaces({ roleId, programUuid: p, agencyUuid: a }, privs(1))).toEqual({
        programUuid: null,
        agencyUuid: a,
        missing: null,
      });
  });

  it('clears both for role 4 and says what a role is missing', () => {
    expect(userPlaces({ roleId: ROLE.PLATFORM_ADMIN, programUuid: p, agencyUuid: a }, privs(4))).toEqual({
      programUuid: null,
      agencyUuid: null,
      missing: null,
    });
    expect(userPlaces({ roleId: 1, programUuid: '' }, privs(1)).missing).toBe('program');
    expect(userPlaces({ roleId: 6, agencyUuid: null }, privs(5)).missing).toBe('agency');
  });
});

describe('the user form (B§5)', () => {
  const form = {
    username: 'jsmith01',
    email: 'j.smith@example.org',
    firstname: 'Jane',
    middlename: 'Q',
    lastname: 'Smith',
    mobile: '(555) 223-4567',
    phone: '',
    userStatusId: 0,
    roleId: 6,
  };
  const error = (patch: object) => AddUserBody.safeParse({ ...form, ...patch }).error?.issues[0]?.message;

  it('accepts a complete form', () => {
    expect(AddUserBody.safeParse(form).success).toBe(true);
  });

  it.each([
    [{ username: '1jsmith01' }, 'Username must be 8 to 20 letters or digits and start with a letter.'],
    [{ username: 'jsmith1' }, 'Username must be 8 to 20 letters or digits and start with a letter.'],
    [{ username: 'j'.repeat(21) }, 'Username must be 8 to 20 letters or digits and start with a letter.'],
    [{ firstname: 'x'.repeat(101) }, 'Must be at most 100 characters.'],
    [{ lastname: 'x'.repeat(101) }, 'Must be at most 100 characters.'],
    [{ middlename: 'QQ' }, 'Must be at most 1 characters.'],
    [{ email: `${'x'.repeat(250)}@ex.org` }, 'Must be at most 255 characters.'],
    [{ email: 'not-an-email' }, 'Invalid email format.'],
    [{ mobile: '' }, 'This field is required.'],
    [{ userStatusId: undefined }, USER_MESSAGES.STATUS_REQUIRED],
    [{ userStatusId: 4 }, USER_MESSAGES.STATUS_DELETED_NOT_ALLOWED],
    [{ roleId: undefined }, USER_MESSAGES.ROLE_REQUIRED],
  ])('refuses %j', (patch, message) => {
    expect(error(patch)).toBe(message);
  });

  it('takes a 20-character username and an optional other phone', () => {
    expect(AddUserBody.safeParse({ ...form, username: `j${'1'.repeat(19)}`, phone: null }).success).toBe(true);
  });

  it('takes the recipient-user fields only', () => {
    const { userStatusId: _s, roleId: _r, phone: _p, ...recipient } = form;
    expect(RecipientUserBody.safeParse(recipient).success).toBe(true);
  });
});

describe('user search criteria (B§5)', () => {
  it('needs one criterion; blanks do not count', () => {
    expect(hasUserSearchCriterion({ lastname: '  ', email: '' })).toBe(false);
    expect(hasUserSearchCriterion({ userStatusId: 0 })).toBe(true);
  });

  it('caps names at 45, e-mail at 100, username at 20', () => {
    expect(UserSearchQuery.safeParse({ lastname: 'x'.repeat(46) }).success).toBe(false);
    expect(UserSearchQuery.safeParse({ firstname: 'x'.repeat(45) }).success).toBe(true);
    expect(UserSearchQuery.safeParse({ email: 'x'.repeat(101) }).success).toBe(false);
    expect(UserSearchQuery.safeParse({ username: 'x'.repeat(21) }).success).toBe(false);
    expect(UserSearchQuery.parse({ roleId: '5', userStatusId: '4' })).toEqual({ roleId: 5, userStatusId: 4 });
    expect(UserSearchQuery.safeParse({ userStatusId: '5' }).success).toBe(false);
  });

  it('leaves a deleted user read-only', () => {
    expect(isUserEditable(4)).toBe(false);
    expect(isUserEditable(3)).toBe(true);
  });
});
