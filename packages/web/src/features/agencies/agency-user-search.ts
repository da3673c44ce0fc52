import { USER_SEARCH_EMAIL_MAX, USER_SEARCH_NAME_MAX, USER_SEARCH_USERNAME_MAX } from '@ebt/core/constants';
import { ROLE } from '@ebt/core/enums';
import { fillMessage, MESSAGES } from '@ebt/core/messages';

// The 'Add Admin/User' search of the agency screen (B§2, B§6: the agency user search targets roles 5 and 6;
// resolution 2): username, e-mail and last name, at least one ('Please enter at least one user search criteria.').

export interface AgencyUserSearchValues {
  username: string;
  email: string;
  lastname: string;
}

export const EMPTY_AGENCY_USER_SEARCH: AgencyUserSearchValues = { username: '', email: '', lastname: '' };

export const AGENCY_USER_SEARCH_MAX: Readonly<Record<keyof AgencyUserSearchValues, number>> = {
  username: USER_SEARCH_USERNAME_MAX,
  email: USER_SEARCH_EMAIL_MAX,
  lastname: USER_SEARCH_NAME_MAX,
};

/** Resolution 2: the agency search sends roleIds 5 and 6. */
export const AGENCY_USER_ROLE_IDS = [ROLE.AGENCY_ADMIN, ROLE.AGENCY_USER] as const;

export function hasAgencyUserCriterion(values: AgencyUserSearchValues): boolean {
  return Object.values(values).some((v) => v.trim().length > 0);
}

export function validateAgencyUserSearch(values: AgencyUserSearchValues): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const [field, max] of Object.entries(AGENCY_USER_SEARCH_MAX))
    if (values[field as keyof AgencyUserSearchValues].trim().length > max)
      errors[field] = fillMessage(MESSAGES.TOO_LONG, { max });
  return errors;
}

/** GET /user-api/program-users's query: the filled criteria, trimmed, and roleIds=5,6. */
export function agencyUserSearchQuery(values: AgencyUserSearchValues): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [field, value] of Object.entries(values)) if (value.trim()) query[field] = value.trim();
  query.roleIds = AGENCY_USER_ROLE_IDS.join(',');
  return query;
}
