import { describe, expect, it } from 'vitest';
import { USER_STATUS } from '../enums/statuses.js';
import { AddRoleBody, SaveRoleBody, UserIdParams, UserRolesBody, UserStatusBody } from './schemas.js';
import { canDelete, canDisable, normalizeIds, unknownIds } from './rules.js';
import { ROLE_MESSAGES } from './messages.js';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('user status rules (decision 0025)', () => {
  it('disables Pending, Registered and Enabled users only', () => {
    expect([0, 1, 2, 3, 4].filter(canDisable)).toEqual([
      USER_STATUS.PENDING,
      USER_STATUS.REGISTERED,
      USER_STATUS.ENABLED,
    ]);
  });
  it('deletes any user not deleted', () => {
    expect([0, 1, 2, 3, 4].filter(canDelete)).toEqual([0, 1, 2, 3]);
  });
  it('takes only userStatusId 3 on the status call', () => {
    expect(UserStatusBody.safeParse({ userStatusId: 3 }).success).toBe(true);
    for (const userStatusId of [0, 1, 2, 4, '3', null])
      expect(firstMessage(UserStatusBody.safeParse({ userStatusId }))).toBe(ROLE_MESSAGES.STATUS_ONLY_DISABLE);
  });
  it('names a user by uuid or by its numeric id', () => {
    expect(UserIdParams.safeParse({ id: '2d4f7b8e-1c3a-4f5e-9a6b-7c8d9e0f1a2b' }).success).toBe(true);
    expect(UserIdParams.safeParse({ id: '42' }).success).toBe(true);
    for (const id of ['', 'abc', '0', '99999999999']) expect(UserIdParams.safeParse({ id }).success).toBe(false);
  });
});

describe('role fields (B§5 "Role")', () => {
  it('takes a role id of 1 to 10 digits within the integer column, as a number or digits', () => {
    expect(AddRoleBody.parse({ roleId: '1001', descr: 'Auditors' })).toEqual({ roleId: 1001, descr: 'Auditors' });
    expect(AddRoleBody.parse({ roleId: 2147483647, descr: 'Max' }).roleId).toBe(2147483647);
    for (const roleId of ['12345678901', 12345678901, 9999999999, 0, -1, 1.5, 'abc'])
      expect(firstMessage(AddRoleBody.safeParse({ roleId, descr: 'Valid' })), String(roleId)).toBe(
        ROLE_MESSAGES.ROLE_ID_INVALID,
      );
    expect(firstMessage(AddRoleBody.safeParse({ roleId: '', descr: 'Valid' }))).toBe(ROLE_MESSAGES.ROLE_ID_REQUIRED);
  });
  it('takes a descr of 2 to 20 characters, trimmed', () => {
    expect(AddRoleBody.parse({ roleId: 9, descr: '  Ab  ' }).descr).toBe('Ab');
    expect(AddRoleBody.safeParse({ roleId: 9, descr: 'x'.repeat(20) }).success).toBe(true);
    for (const descr of ['A', 'x'.repeat(21), ' ', undefined])
      expect(firstMessage(AddRoleBody.safeParse({ roleId: 9, descr }))).toBe(ROLE_MESSAGES.ROLE_DESCR_LENGTH);
  });
  it('takes privilegeIds as whole positive numbers', () => {
    expect(SaveRoleBody.safeParse({ roleId: 9, descr: 'Ok', privilegeIds: [1, 2] }).success).toBe(true);
    for (const privilegeIds of [[0], ['1'], [1.5], null])
      expect(SaveRoleBody.safeParse({ roleId: 9, descr: 'Ok', privilegeIds }).success).toBe(false);
  });
  it('takes exactly one role for a user', () => {
    expect(UserRolesBody.safeParse({ roleIds: [5] }).success).toBe(true);
    expect(firstMessage(UserRolesBody.safeParse({ roleIds: [] }))).toBe(ROLE_MESSAGES.ONE_ROLE);
    expect(firstMessage(UserRolesBody.safeParse({ roleIds: [1, 2] }))).toBe(ROLE_MESSAGES.ONE_ROLE);
  });
});

describe('id lists', () => {
  it('reads repeated, comma-separated and JSON ids once each, dropping what is not an id', () => {
    expect(normalizeIds(undefined)).toEqual([]);
    expect(normalizeIds('1,2')).toEqual([1, 2]);
    expect(normalizeIds(['5', '6', '5'])).toEqual([5, 6]);
    expect(normalizeIds(['1, x', ''])).toEqual([1]);
  });
  it('finds the privilege ids the table does not hold', () => {
    expect(unknownIds([1, 99, 2], [1, 2, 3])).toEqual([99]);
  });
});
