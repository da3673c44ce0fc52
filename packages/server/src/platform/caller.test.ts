import { describe, expect, it } from 'vitest';
import { PRIVILEGE } from '@ebt/core/privileges';
import { type Caller, canSeeAgency, canSeeProgram, scopeFor } from './caller.js';

const caller = (
  scope: Caller['scope'],
  ids: Partial<Pick<Caller, 'programIds' | 'agencyIds' | 'accountIds' | 'merchantIds'>> = {},
): Caller => ({
  userId: 1,
  userUuid: '00000000-0000-4000-8000-000000000001',
  username: 'someone01',
  roleId: 1,
  privileges: new Set(),
  scope,
  programIds: ids.programIds ?? [],
  agencyIds: ids.agencyIds ?? [],
  accountIds: ids.accountIds ?? [],
  merchantIds: ids.merchantIds ?? [],
  sessionTokenHash: 'x',
  profile: {
    email: 'someone@example.com',
    firstName: 'Some',
    middleName: null,
    lastName: 'One',
    mobile: null,
    preferredLanguage: null,
  },
});

describe('caller scope', () => {
  it('follows the strongest access privilege', () => {
    expect(scopeFor(new Set([PRIVILEGE.NDGADMIN_ACCESS, PRIVILEGE.AGENCYUSER_ACCESS]))).toBe('all');
    expect(scopeFor(new Set([PRIVILEGE.PROGRAMADMIN_ACCESS]))).toBe('programs');
    expect(scopeFor(new Set([PRIVILEGE.AGENCYADMIN_ACCESS]))).toBe('agencies');
    expect(scopeFor(new Set([PRIVILEGE.AGENCYUSER_ACCESS]))).toBe('agencies');
    expect(scopeFor(new Set([PRIVILEGE.RECIPIENT_ACCESS]))).toBe('self');
    expect(scopeFor(new Set([PRIVILEGE.MERCHANT_ACCESS]))).toBe('merchants');
    expect(scopeFor(new Set([PRIVILEGE.MERCHANT_VIEW]))).toBe('none');
  });

  it('lets program admins see every agency of their programs only', () => {
    const admin = caller('programs', { programIds: [7] });
    expect(canSeeProgram(admin, 7)).toBe(true);
    expect(canSeeProgram(admin, 8)).toBe(false);
    expect(canSeeAgency(admin, 7, 70)).toBe(true);
    expect(canSeeAgency(admin, 7, null)).toBe(true);
    expect(canSeeAgency(admin, 8, 80)).toBe(false);
  });

  it('lets agency staff see their own agencies and not program-level records', () => {
    const staff = caller('agencies', { programIds: [7], agencyIds: [70] });
    expect(canSeeAgency(staff, 7, 70)).toBe(true);
    expect(canSeeAgency(staff, 7, 71)).toBe(false);
    expect(canSeeAgency(staff, 7, null)).toBe(false);
  });

  it('gives recipients and role-less users no staff view', () => {
    expect(canSeeAgency(caller('self', { programIds: [7] }), 7, 70)).toBe(false);
    expect(canSeeAgency(caller('none'), 7, 70)).toBe(false);
    expect(canSeeAgency(caller('merchants', { merchantIds: [3] }), 7, 70)).toBe(false);
    expect(canSeeAgency(caller('all'), 9, null)).toBe(true);
  });
});
