import { ROLE, type RoleId } from '../enums/roles.js';
import { PRIVILEGE, PROGRAM_AREA_PRIVILEGES, type PrivilegeCode } from './privileges.js';

/** The signed-in portals: A§2's three, and the farmers' merchant portal (ours, docs/farmer-app.md). */
export type Area = 'recipient' | 'merchant' | 'program' | 'admin';

/** Checking order of A§2: after login the first matching area wins (a farmer user has only the merchant one). */
const AREA_ORDER: readonly Area[] = ['recipient', 'merchant', 'program', 'admin'];

const AREA_PRIVILEGES: Readonly<Record<Area, readonly PrivilegeCode[]>> = {
  recipient: [PRIVILEGE.RECIPIENT_ACCESS],
  merchant: [PRIVILEGE.MERCHANT_ACCESS],
  program: PROGRAM_AREA_PRIVILEGES,
  admin: [PRIVILEGE.NDGADMIN_ACCESS],
};

export function hasAnyPrivilege(privs: readonly string[], ...codes: readonly PrivilegeCode[]): boolean {
  return codes.some((code) => privs.includes(code));
}

export function canAccessArea(privs: readonly string[], area: Area): boolean {
  return hasAnyPrivilege(privs, ...AREA_PRIVILEGES[area]);
}

/** A§2: the area a user lands in after login; null shows 'The web portal is not available for this user.' */
export function areaForPrivileges(privs: readonly string[]): Area | null {
  return AREA_ORDER.find((area) => canAccessArea(privs, area)) ?? null;
}

export function isPlatformAdmin(privs: readonly string[]): boolean {
  return privs.includes(PRIVILEGE.NDGADMIN_ACCESS);
}

export function isProgramAdmin(privs: readonly string[]): boolean {
  return privs.includes(PRIVILEGE.PROGRAMADMIN_ACCESS);
}

/**
 * A§6/B§6: agency admins and agency users see only the agencies they belong to (viewable=1) and must pick an agency
 * when adding a recipient or issuing a benefit. A program admin or platform admin privilege lifts that limit.
 */
export function isAgencyScoped(privs: readonly string[]): boolean {
  return (
    hasAnyPrivilege(privs, PRIVILEGE.AGENCYADMIN_ACCESS, PRIVILEGE.AGENCYUSER_ACCESS) &&
    !hasAnyPrivilege(privs, PRIVILEGE.PROGRAMADMIN_ACCESS, PRIVILEGE.NDGADMIN_ACCESS)
  );
}

/** B§2: the shared screens live under /admin for platform admins, /program for everyone else. */
export function basePathFor(privs: readonly string[]): '/admin' | '/program' {
  return isPlatformAdmin(privs) ? '/admin' : '/program';
}

/** A§2/A§6: the program area's Users link is for program admins and agency admins (the admin area always has it). */
export function canSeeUsersMenu(privs: readonly string[]): boolean {
  return hasAnyPrivilege(privs, PRIVILEGE.PROGRAMADMIN_ACCESS, PRIVILEGE.AGENCYADMIN_ACCESS);
}

/** A§6: remove buttons and the Add Program Admin section need PROGRAM_USER_ADD or PROGRAM_USER_DELETE. */
export function canManageProgramAdmins(privs: readonly string[]): boolean {
  return hasAnyPrivilege(privs, PRIVILEGE.PROGRAM_USER_ADD, PRIVILEGE.PROGRAM_USER_DELETE);
}

/** B§6: agency funding fields need system admin or program admin (or the explicit funding right, ours). */
export function canEditAgencyFunding(privs: readonly string[]): boolean {
  return hasAnyPrivilege(
    privs,
    PRIVILEGE.AGENCY_FUNDING_UPDATE,
    PRIVILEGE.PROGRAMADMIN_ACCESS,
    PRIVILEGE.NDGADMIN_ACCESS,
  );
}

/**
 * B§6: roles a creator may give a new user. On the program side a program admin creates 1, 5 and 6, an agency
 * admin 5 and 6, an agency user 6, anyone else none. The platform admin (admin screens, B§5: program for roles 1
 * and 2) may create every staff role; recipients (3) are created on the Recipient Add screen, never here.
 */
export function creatableRoles(privs: readonly string[]): RoleId[] {
  if (isPlatformAdmin(privs)) {
    return [ROLE.PROGRAM_ADMIN, ROLE.PROGRAM_USER, ROLE.PLATFORM_ADMIN, ROLE.AGENCY_ADMIN, ROLE.AGENCY_USER];
  }
  if (privs.includes(PRIVILEGE.PROGRAMADMIN_ACCESS)) {
    return [ROLE.PROGRAM_ADMIN, ROLE.AGENCY_ADMIN, ROLE.AGENCY_USER];
  }
  if (privs.includes(PRIVILEGE.AGENCYADMIN_ACCESS)) return [ROLE.AGENCY_ADMIN, ROLE.AGENCY_USER];
  if (privs.includes(PRIVILEGE.AGENCYUSER_ACCESS)) return [ROLE.AGENCY_USER];
  return [];
}
