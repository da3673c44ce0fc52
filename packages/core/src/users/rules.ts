import { USER_STATUS } from '../enums/statuses.js';
import { ROLE, roleTakesAgency, roleTakesProgram } from '../enums/roles.js';
import { creatableRoles } from '../privileges/rules.js';
import { isPlatformAdmin } from '../privileges/rules.js';

// The users area's rules (B§4 "User status", B§5 "User form", "User search fields", "Add user", B§6 creator rules;
// docs/decisions/0024-users.md), as pure functions the server enforces and the screens mirror.

/** The most rows one user search answers: the screen pages them 10 at a time and asks for a narrower search past it. */
export const USER_SEARCH_CAP = 1000;

/**
 * Statuses the user form may set. Deleted (4) is reached only through Delete (its confirmation, B§8), never by
 * saving the form.
 */
export const USER_FORM_STATUSES: readonly number[] = [
  USER_STATUS.PENDING,
  USER_STATUS.REGISTERED,
  USER_STATUS.ENABLED,
  USER_STATUS.DISABLED,
];

/**
 * B§6: whether a caller holding `privs` may create (or edit) a user of `roleId`. Program admin 1, 5, 6; agency admin
 * 5, 6; agency user 6; platform admin every staff role (1, 2, 4, 5, 6); recipients (3) never: the Recipient Add
 * screen creates them.
 */
export function mayGiveRole(privs: readonly string[], roleId: number): boolean {
  return (creatableRoles(privs) as readonly number[]).includes(roleId);
}

/** B§5: role 3 cannot be saved on the user form (its notice sends the user to the Recipient Add screen). */
export function isRecipientRole(roleId: number): boolean {
  return roleId === ROLE.RECIPIENT;
}

export interface UserPlaces {
  programUuid: string | null;
  agencyUuid: string | null;
  /** The place the role needs and the form left empty. */
  missing: 'program' | 'agency' | null;
}

/**
 * B§5 "Add user": a program only for role 1 (program side) or roles 1 and 2 (the admin screen, which platform admins
 * use), an agency only for roles 5 and 6; otherwise both are cleared (the screen disables and empties them, and the
 * server keeps none). The one a role takes is required.
 */
export function userPlaces(
  form: { roleId: number; programUuid?: string | null; agencyUuid?: string | null },
  privs: readonly string[],
): UserPlaces {
  const takesProgram = roleTakesProgram(form.roleId, isPlatformAdmin(privs));
  const takesAgency = roleTakesAgency(form.roleId);
  const programUuid = takesProgram ? form.programUuid || null : null;
  const agencyUuid = takesAgency ? form.agencyUuid || null : null;
  const missing = takesProgram && !programUuid ? 'program' : takesAgency && !agencyUuid ? 'agency' : null;
  return { programUuid, agencyUuid, missing };
}

/** B§4: a deleted user's forms are disabled. */
export function isUserEditable(userStatusId: number): boolean {
  return userStatusId !== USER_STATUS.DELETED;
}

/** The criteria of a user search that were given (trimmed, '' and absent dropped). */
export function userSearchCriteria<Q extends Record<string, string | number | undefined | null>>(query: Q) {
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== null && String(v).trim() !== ''),
  ) as Partial<Q>;
}

/** B§5: at least one criterion ('Please enter at least one user search criteria.'). */
export function hasUserSearchCriterion(query: Record<string, string | number | undefined | null>): boolean {
  return Object.keys(userSearchCriteria(query)).length > 0;
}
