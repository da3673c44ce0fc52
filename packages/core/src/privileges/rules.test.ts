import { describe, expect, it } from 'vitest';
import { ROLE } from '../enums/roles.js';
import { PRIVILEGE, PRIVILEGE_LIST, ROLE_PRIVILEGES } from './privileges.js';
import {
  areaForPrivileges,
  basePathFor,
  canAccessArea,
  canEditAgencyFunding,
  canManageProgramAdmins,
  canSeeUsersMenu,
  creatableRoles,
  hasAnyPrivilege,
  isAgencyScoped,
  isPlatformAdmin,
} from './rules.js';

const { RECIPIENT_ACCESS, PROGRAMADMIN_ACCESS, NDGADMIN_ACCESS, AGENCYADMIN_ACCESS, AGENCYUSER_ACCESS } = PRIVILEGE;

describe('PRIVILEGE_LIST', () => {
  it('lists every code once with ids 1..n', () => {
    expect(PRIVILEGE_LIST.map((p) => p.privilegeId)).toEqual(PRIVILEGE_LIST.map((_, i) => i + 1));
    expect(new Set(PRIVILEGE_LIST.map((p) => p.code))).toEqual(new Set(Object.values(PRIVILEGE)));
    expect(PRIVILEGE_LIST).toHaveLength(Object.keys(PRIVILEGE).length);
  });

  it('uses each code as its own key', () => {
    for (const [key, code] of Object.entries(PRIVILEGE)) expect(code).toBe(key);
  });
});

describe('ROLE_PRIVILEGES', () => {
  it('sends each default role to the area of its name', () => {
    expect(areaForPrivileges(ROLE_PRIVILEGES[ROLE.PROGRAM_ADMIN] ?? [])).toBe('program');
    expect(areaForPrivileges(ROLE_PRIVILEGES[ROLE.RECIPIENT] ?? [])).toBe('recipient');
    expect(areaForPrivileges(ROLE_PRIVILEGES[ROLE.PLATFORM_ADMIN] ?? [])).toBe('admin');
    expect(areaForPrivileges(ROLE_PRIVILEGES[ROLE.AGENCY_ADMIN] ?? [])).toBe('program');
    expect(areaForPrivileges(ROLE_PRIVILEGES[ROLE.AGENCY_USER] ?? [])).toBe('program');
  });

  it('gives the program user no portal area', () => {
    expect(areaForPrivileges(ROLE_PRIVILEGES[ROLE.PROGRAM_USER] ?? [])).toBeNull();
  });

  it('gives the platform admin every privilege but the other area ones', () => {
    const admin = ROLE_PRIVILEGES[ROLE.PLATFORM_ADMIN] ?? [];
    expect(admin).toEqual(expect.arrayContaining([NDGADMIN_ACCESS, 'BANK_VIEW', 'OTP_RESET', 'BULK_PAN_GEN']));
    for (const code of [
      RECIPIENT_ACCESS,
      PROGRAMADMIN_ACCESS,
      AGENCYADMIN_ACCESS,
      AGENCYUSER_ACCESS,
      'MERCHANT_ACCESS',
    ]) {
      expect(admin).not.toContain(code);
    }
    expect(admin).toHaveLength(PRIVILEGE_LIST.length - 5);
  });

  it('gives farmer users the merchant portal and nothing else', () => {
    const farmer = ROLE_PRIVILEGES[ROLE.FARMER] ?? [];
    expect(farmer).toEqual(['MERCHANT_ACCESS']);
    expect(areaForPrivileges(farmer)).toBe('merchant');
  });

  it('limits agency roles to agency scope', () => {
    expect(isAgencyScoped(ROLE_PRIVILEGES[ROLE.AGENCY_ADMIN] ?? [])).toBe(true);
    expect(isAgencyScoped(ROLE_PRIVILEGES[ROLE.AGENCY_USER] ?? [])).toBe(true);
    expect(isAgencyScoped(ROLE_PRIVILEGES[ROLE.PROGRAM_ADMIN] ?? [])).toBe(false);
  });
});

describe('areaForPrivileges', () => {
  it('checks recipient, then program, then admin', () => {
    expect(areaForPrivileges([NDGADMIN_ACCESS, PROGRAMADMIN_ACCESS, RECIPIENT_ACCESS])).toBe('recipient');
    expect(areaForPrivileges([NDGADMIN_ACCESS, AGENCYUSER_ACCESS])).toBe('program');
    expect(areaForPrivileges([NDGADMIN_ACCESS])).toBe('admin');
  });

  it('answers null without an area privilege', () => {
    expect(areaForPrivileges([])).toBeNull();
    expect(areaForPrivileges(['AGENCY_VIEW', 'BANK_VIEW', 'SOMETHING_ELSE'])).toBeNull();
  });
});

describe('canAccessArea', () => {
  it('opens /program to any of the three program-side access privileges', () => {
    for (const code of [PROGRAMADMIN_ACCESS, AGENCYADMIN_ACCESS, AGENCYUSER_ACCESS]) {
      expect(canAccessArea([code], 'program')).toBe(true);
      expect(canAccessArea([code], 'admin')).toBe(false);
      expect(canAccessArea([code], 'recipient')).toBe(false);
    }
  });

  it('opens /admin to NDGADMIN_ACCESS only', () => {
    expect(canAccessArea([NDGADMIN_ACCESS], 'admin')).toBe(true);
    expect(canAccessArea([NDGADMIN_ACCESS], 'program')).toBe(false);
  });
});

describe('privilege questions', () => {
  it('hasAnyPrivilege needs one of the codes', () => {
    expect(hasAnyPrivilege(['BANK_VIEW'], 'MERCHANT_ADD', 'BANK_VIEW')).toBe(true);
    expect(hasAnyPrivilege(['BANK_VIEW'], 'MERCHANT_ADD')).toBe(false);
    expect(hasAnyPrivilege(['BANK_VIEW'])).toBe(false);
  });

  it('isAgencyScoped is lifted by program admin or platform admin', () => {
    expect(isAgencyScoped([AGENCYADMIN_ACCESS])).toBe(true);
    expect(isAgencyScoped([AGENCYUSER_ACCESS])).toBe(true);
    expect(isAgencyScoped([AGENCYADMIN_ACCESS, PROGRAMADMIN_ACCESS])).toBe(false);
    expect(isAgencyScoped([AGENCYUSER_ACCESS, NDGADMIN_ACCESS])).toBe(false);
    expect(isAgencyScoped([RECIPIENT_ACCESS])).toBe(false);
  });

  it('basePathFor is /admin for platform admins only', () => {
    expect(basePathFor([NDGADMIN_ACCESS])).toBe('/admin');
    expect(isPlatformAdmin([NDGADMIN_ACCESS])).toBe(true);
    expect(basePathFor([PROGRAMADMIN_ACCESS])).toBe('/program');
    expect(basePathFor([])).toBe('/program');
  });

  it('shows the Users menu to program admins and agency admins', () => {
    expect(canSeeUsersMenu([PROGRAMADMIN_ACCESS])).toBe(true);
    expect(canSeeUsersMenu([AGENCYADMIN_ACCESS])).toBe(true);
    expect(canSeeUsersMenu([AGENCYUSER_ACCESS])).toBe(false);
    expect(canSeeUsersMenu([NDGADMIN_ACCESS])).toBe(false);
  });

  it('needs PROGRAM_USER_ADD or PROGRAM_USER_DELETE to manage program admins', () => {
    expect(canManageProgramAdmins(['PROGRAM_USER_ADD'])).toBe(true);
    expect(canManageProgramAdmins(['PROGRAM_USER_DELETE'])).toBe(true);
    expect(canManageProgramAdmins(['PROGRAM_USER_VIEW'])).toBe(false);
  });

  it('keeps agency funding fields from agency roles', () => {
    expect(canEditAgencyFunding([AGENCYADMIN_ACCESS, 'AGENCY_UPDATE'])).toBe(false);
    expect(canEditAgencyFunding([PROGRAMADMIN_ACCESS])).toBe(true);
    expect(canEditAgencyFunding([NDGADMIN_ACCESS])).toBe(true);
  });
});

describe('creatableRoles', () => {
  it('follows B§6 on the program side', () => {
    expect(creatableRoles([PROGRAMADMIN_ACCESS])).toEqual([1, 5, 6]);
    expect(creatableRoles([AGENCYADMIN_ACCESS])).toEqual([5, 6]);
    expect(creatableRoles([AGENCYUSER_ACCESS])).toEqual([6]);
    expect(creatableRoles([RECIPIENT_ACCESS])).toEqual([]);
    expect(creatableRoles([])).toEqual([]);
  });

  it('lets a platform admin create every staff role but not recipients', () => {
    expect(creatableRoles([NDGADMIN_ACCESS])).toEqual([1, 2, 4, 5, 6]);
  });
});
