import { USER_SEARCH_EMAIL_MAX, USER_SEARCH_NAME_MAX, USER_SEARCH_USERNAME_MAX } from '@ebt/core/constants';
import { fillMessage, MESSAGES } from '@ebt/core/messages';

// The 'Add Program Admin' search (A§5 "Program admin search": username max 20, e-mail max 100, last name max 45;
// B§5: at least one criterion, 'Please enter at least one user search criteria.').

export interface ProgramAdminSearchValues {
  username: string;
  email: string;
  lastname: string;
}

export const EMPTY_PROGRAM_ADMIN_SEARCH: ProgramAdminSearchValues = { username: '', email: '', lastname: '' };

export const PROGRAM_ADMIN_SEARCH_MAX: Readonly<Record<keyof ProgramAdminSearchValues, number>> = {
  username: USER_SEARCH_USERNAME_MAX,
  email: USER_SEARCH_EMAIL_MAX,
  lastname: USER_SEARCH_NAME_MAX,
};

/** Whether any criterion holds more than spaces (Search is unavailable until one does). */
export function hasProgramAdminCriterion(values: ProgramAdminSearchValues): boolean {
  return Object.values(values).some((v) => v.trim().length > 0);
}

/** Each field's problem: too long; the form as a whole needs one criterion (see `hasProgramAdminCriterion`). */
export function validateProgramAdminSearch(values: ProgramAdminSearchValues): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const [field, max] of Object.entries(PROGRAM_ADMIN_SEARCH_MAX)) {
    if (values[field as keyof ProgramAdminSearchValues].trim().length > max)
      errors[field] = fillMessage(MESSAGES.TOO_LONG, { max });
  }
  return errors;
}

/**
 * The query of GET /user-api/program-users: the filled criteria, trimmed, and the role ids the screen searches
 * (resolution 2: [1] on the program view, [1, 2] on the admin program edit), comma-separated.
 */
export function programAdminSearchQuery(
  values: ProgramAdminSearchValues,
  roleIds: readonly number[],
): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [field, value] of Object.entries(values)) if (value.trim()) query[field] = value.trim();
  if (roleIds.length > 0) query.roleIds = roleIds.join(',');
  return query;
}
