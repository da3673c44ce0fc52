import { USER_SEARCH_EMAIL_MAX, USER_SEARCH_NAME_MAX, USER_SEARCH_USERNAME_MAX } from '@ebt/core/constants';
import { fillMessage, MESSAGES } from '@ebt/core/messages';
import { programAdminApi } from '@ebt/core/program-admins';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from './endpoint-client';

// The user finder of the screens that add a user to something (components/UserFinder.tsx): the program's 'Add
// Program Admin' / 'Add Admin' (A§5 "Program admin search", B§2) and the agency's 'Add Admin/User' (B§2, B§6,
// resolution 2). Username at most 20, e-mail 100, last name 45; at least one criterion ('Please enter at least one
// user search criteria.'); programAdminApi.searchUsers with the role ids the screen looks for.

export interface UserFinderValues {
  username: string;
  email: string;
  lastname: string;
}

export const EMPTY_USER_FINDER: UserFinderValues = { username: '', email: '', lastname: '' };

export const USER_FINDER_MAX: Readonly<Record<keyof UserFinderValues, number>> = {
  username: USER_SEARCH_USERNAME_MAX,
  email: USER_SEARCH_EMAIL_MAX,
  lastname: USER_SEARCH_NAME_MAX,
};

/** Whether any criterion holds more than spaces (Search is unavailable until one does). */
export function hasUserFinderCriterion(values: UserFinderValues): boolean {
  return Object.values(values).some((v) => v.trim().length > 0);
}

/** Each field's problem: too long; the form as a whole needs one criterion (see `hasUserFinderCriterion`). */
export function validateUserFinder(values: UserFinderValues): Partial<Record<keyof UserFinderValues, string>> {
  const errors: Partial<Record<keyof UserFinderValues, string>> = {};
  for (const field of Object.keys(USER_FINDER_MAX) as (keyof UserFinderValues)[]) {
    const max = USER_FINDER_MAX[field];
    if (values[field].trim().length > max) errors[field] = fillMessage(MESSAGES.TOO_LONG, { max });
  }
  return errors;
}

/** The query of programAdminApi.searchUsers: the filled criteria, trimmed, and the role ids, comma-separated. */
export function userFinderQuery(values: UserFinderValues, roleIds: readonly number[]): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [field, value] of Object.entries(values)) if (value.trim()) query[field] = value.trim();
  if (roleIds.length > 0) query.roleIds = roleIds.join(',');
  return query;
}

/** Every user finder's answers, so a screen that adds a user can refresh what the finder shows. */
export const USER_FINDER_QUERY_KEY = ['user-finder'] as const;

/** The users a finder's query matches (programAdminApi.searchUsers); nothing is asked while the query is null. */
export function useUserFinder(query: Record<string, string> | null) {
  return useQuery({
    queryKey: [...USER_FINDER_QUERY_KEY, query ?? {}],
    queryFn: async ({ signal }) =>
      callEndpoint(programAdminApi.searchUsers, { query: query ?? {} } as never, { signal }),
    enabled: query !== null,
  });
}
