import { ROLE } from '../enums/roles.js';

/** Without roleIds the program-users search returns roles 1 and 2 (resolution 2). */
export const DEFAULT_PROGRAM_USER_ROLE_IDS: readonly number[] = [ROLE.PROGRAM_ADMIN, ROLE.PROGRAM_USER];

/** Roles a program admin row may hold (B§6: the program admin search targets roles 1 and 2). */
export function mayAdministerProgram(roleId: number): boolean {
  return DEFAULT_PROGRAM_USER_ROLE_IDS.includes(roleId);
}

/** At most this many rows answer the program-users search: a picker, not a list to page through. */
export const PROGRAM_USERS_CAP = 100;

/**
 * The last admin of a program may not remove themself: the program would be left with no one on the program
 * side to manage it. Someone else (a platform admin, another program admin) may still remove them.
 */
export function isLastAdminRemovingSelf(adminCount: number, callerUserId: number, targetUserId: number): boolean {
  return callerUserId === targetUserId && adminCount <= 1;
}
