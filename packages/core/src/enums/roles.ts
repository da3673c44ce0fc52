import { z } from 'zod';

/**
 * Role ids of B§3/B§9. 4 is ours: the platform administrator (NDGADMIN_ACCESS) needs a role, and the
 * specification lists 1, 2, 3, 5 and 6 and leaves 4 unnamed.
 */
export const ROLE = {
  PROGRAM_ADMIN: 1,
  PROGRAM_USER: 2,
  RECIPIENT: 3,
  PLATFORM_ADMIN: 4,
  AGENCY_ADMIN: 5,
  AGENCY_USER: 6,
  /** Ours: a person who sells for one or more merchants (docs/farmer-app.md). */
  FARMER: 7,
} as const;
// Pure: a bundle that uses only the ids (the web's privilege rules) leaves zod out.
export const RoleId = /* @__PURE__ */ z.enum(ROLE);
export type RoleId = z.infer<typeof RoleId>;
export type Role = RoleId;

export const ROLE_LABEL: Readonly<Record<RoleId, string>> = {
  1: 'Program Admin',
  2: 'Program User',
  3: 'Recipient',
  4: 'Platform Admin',
  5: 'Agency Admin',
  6: 'Agency User',
  7: 'Farmer',
};

/** Resolution 2: the program view's admin search sends [1]; the admin program edit sends [1, 2]. */
export const PROGRAM_ADMIN_SEARCH_ROLE_IDS = [ROLE.PROGRAM_ADMIN, ROLE.PROGRAM_USER] as const;
/** Resolution 2 / B§6: agency user search targets roles 5 and 6. */
export const AGENCY_USER_SEARCH_ROLE_IDS = [ROLE.AGENCY_ADMIN, ROLE.AGENCY_USER] as const;
/** B§5/B§9: the program-side user search role filter shows only these. */
export const PROGRAM_SIDE_ROLE_FILTER = [
  ROLE.PROGRAM_ADMIN,
  ROLE.RECIPIENT,
  ROLE.AGENCY_ADMIN,
  ROLE.AGENCY_USER,
] as const;

/** B§5 add user: which roles take a program, which an agency (program side 1; admin screen 1 and 2). */
export function roleTakesProgram(roleId: number, onAdminScreen: boolean): boolean {
  return roleId === ROLE.PROGRAM_ADMIN || (onAdminScreen && roleId === ROLE.PROGRAM_USER);
}

export function roleTakesAgency(roleId: number): boolean {
  return roleId === ROLE.AGENCY_ADMIN || roleId === ROLE.AGENCY_USER;
}
