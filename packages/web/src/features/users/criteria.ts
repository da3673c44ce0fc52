import { PROGRAM_SIDE_ROLE_FILTER, ROLE, ROLE_LABEL, type RoleId } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { UserSearchQuery } from '@ebt/core/users';
import { formCheck } from '../../lib/form-check';
import { cleanCriteria, hasAnyCriterion } from '../../lib/search';
import type { UrlCriteriaSpec } from '../../lib/url-criteria';

// The user search's fields (B§5 "User search fields"), in the form and in the URL (lib/url-criteria.ts).

/** The criteria form: every field a string, '' for not given; roleId and userStatusId are ids in digits. */
export type UserSearchFormValues = {
  programUuid: string;
  agencyUuid: string;
  firstname: string;
  lastname: string;
  email: string;
  username: string;
  roleId: string;
  userStatusId: string;
};

export type UserSearchCriteria = Partial<UserSearchFormValues>;

export const EMPTY_USER_SEARCH: UserSearchFormValues = {
  programUuid: '',
  agencyUuid: '',
  firstname: '',
  lastname: '',
  email: '',
  username: '',
  roleId: '',
  userStatusId: '',
};

const FIELDS = Object.keys(EMPTY_USER_SEARCH) as (keyof UserSearchFormValues)[];

/** B§5: any one criterion makes a search (program or role alone included); none means no search. */
export function hasUserSearchCriterion(values: Partial<Record<keyof UserSearchFormValues, unknown>>): boolean {
  return hasAnyCriterion(values);
}

/** The criteria as sent and cached: trimmed, blanks dropped, only the search's own names. */
export function userSearchCriteria(raw: Partial<Record<string, string | undefined>>): UserSearchCriteria {
  const picked: Record<string, string> = {};
  for (const name of FIELDS) picked[name] = raw[name] ?? '';
  return cleanCriteria(picked) as UserSearchCriteria;
}

export const USER_URL_CRITERIA: UrlCriteriaSpec<UserSearchCriteria> = {
  fields: FIELDS,
  parse: (raw) => (hasUserSearchCriterion(raw) ? userSearchCriteria(raw) : null),
};

/** The form's values of a submitted search. */
export function userSearchValuesOf(criteria: UserSearchCriteria): UserSearchFormValues {
  return { ...EMPTY_USER_SEARCH, ...criteria };
}

/** The limits of B§5 (names 45, e-mail 100, username 20): core's query schema, as the server applies them. */
export const validateUserSearch = formCheck(UserSearchQuery, (values: UserSearchFormValues) => values);

/** The message under an empty search form (B§5, resolution 14). */
export const USER_SEARCH_NEEDS_CRITERION = MESSAGES.USER_SEARCH_CRITERIA_REQUIRED;

/**
 * The role filter's choices (B§5, B§9): the program side offers only roles 1, 3, 5 and 6; the admin side every role
 * roleApi.options answers (the ids of B§9 until it has).
 */
export function roleFilterOptions(
  base: 'program' | 'admin',
  roles: readonly { roleId: number; descr: string }[] | undefined,
): { value: string; label: string }[] {
  const known: readonly { roleId: number; descr: string }[] =
    roles ?? (Object.values(ROLE) as RoleId[]).map((roleId) => ({ roleId, descr: ROLE_LABEL[roleId] }));
  const allowed: readonly number[] | null = base === 'program' ? PROGRAM_SIDE_ROLE_FILTER : null;
  const list = allowed
    ? allowed.map((roleId) => known.find((r) => r.roleId === roleId) ?? { roleId, descr: ROLE_LABEL[roleId as RoleId] })
    : known;
  return list.map((r) => ({ value: String(r.roleId), label: r.descr }));
}
