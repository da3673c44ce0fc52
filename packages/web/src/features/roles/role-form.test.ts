import { ROLE_MESSAGES } from '@ebt/core/roles';
import { describe, expect, it } from 'vitest';
import { tickedPrivilegeIds, validateRoleAdd, validateRoleEdit } from './role-form';

describe('role forms (B§5 Role)', () => {
  it('needs a role id of at most 10 digits that fits the database', () => {
    const idError = (roleId: string) => validateRoleAdd({ roleId, descr: 'Auditor' }).roleId;
    expect(idError('')).toBe(ROLE_MESSAGES.ROLE_ID_REQUIRED);
    expect(idError('   ')).toBe(ROLE_MESSAGES.ROLE_ID_REQUIRED);
    expect(idError('42')).toBeUndefined();
    expect(idError(' 42 ')).toBeUndefined();
    expect(idError('2147483647')).toBeUndefined();
    expect(idError('12345678901')).toBe(ROLE_MESSAGES.ROLE_ID_INVALID);
    expect(idError('7a')).toBe(ROLE_MESSAGES.ROLE_ID_INVALID);
    expect(idError('0')).toBe(ROLE_MESSAGES.ROLE_ID_INVALID);
  });

  it('needs a description of 2 to 20 characters, spaces at the ends not counted', () => {
    const descrError = (descr: string) => validateRoleEdit(42)({ descr, privilegeIds: [] }).descr;
    expect(descrError('')).toBe(ROLE_MESSAGES.ROLE_DESCR_LENGTH);
    expect(descrError('A')).toBe(ROLE_MESSAGES.ROLE_DESCR_LENGTH);
    expect(descrError(' A ')).toBe(ROLE_MESSAGES.ROLE_DESCR_LENGTH);
    expect(descrError('Ab')).toBeUndefined();
    expect(descrError('x'.repeat(20))).toBeUndefined();
    expect(descrError('x'.repeat(21))).toBe(ROLE_MESSAGES.ROLE_DESCR_LENGTH);
    expect(validateRoleAdd({ roleId: '42', descr: 'x'.repeat(21) }).descr).toBe(ROLE_MESSAGES.ROLE_DESCR_LENGTH);
  });

  it('sends each ticked privilege once, in id order', () => {
    expect(tickedPrivilegeIds(['14', '3', '14', '1'])).toEqual([1, 3, 14]);
    expect(tickedPrivilegeIds([])).toEqual([]);
  });
});
