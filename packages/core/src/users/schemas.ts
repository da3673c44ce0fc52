import { z } from 'zod';
import { USER_SEARCH_EMAIL_MAX, USER_SEARCH_NAME_MAX, USER_SEARCH_USERNAME_MAX } from '../constants/limits.js';
import { ruleMessage } from '../messages/origin.js';
import { MESSAGES } from '../messages/messages.js';
import { cappedAnswer } from '../pager/answers.js';
import { text } from '../validation/text.js';

// Requests and answers of the users area (B§3 "User", B§5 "User search fields", B§7 "Users and roles";
// docs/decisions/0024-users.md). Wire names are B§3's (firstname, lastname, userStatusId, roleId, roleDescr).

const tooLong = (max: number) => ruleMessage(MESSAGES.TOO_LONG, { max });
/** A search text: optional, trimmed, at most `max` characters; '' means "not given". */
const searchText = (max: number) => text().trim().max(max, tooLong(max)).optional();
/** A uuid or '' (an empty select). */
const optionalUuid = () => z.union([z.literal(''), z.uuid()]).optional();
/** A small id from a select, sent as digits in the query string ('' means "not given"). */
const optionalIdDigits = (max: number) =>
  z
    .union([
      z.literal(''),
      text()
        .regex(/^\d{1,10}$/)
        .transform(Number)
        .pipe(z.number().int().min(0).max(max)),
    ])
    .optional();

/**
 * GET /user-api/users (B§5): program, agency, first name, last name (max 45), email (max 100), username (max 20),
 * role, status. Names, e-mail and username match as prefixes, case-insensitive. At least one is required (400
 * 'Please enter at least one user search criteria.').
 */
export const UserSearchQuery = z.object({
  programUuid: optionalUuid(),
  agencyUuid: optionalUuid(),
  firstname: searchText(USER_SEARCH_NAME_MAX),
  lastname: searchText(USER_SEARCH_NAME_MAX),
  email: searchText(USER_SEARCH_EMAIL_MAX),
  username: searchText(USER_SEARCH_USERNAME_MAX),
  roleId: optionalIdDigits(2_147_483_647),
  userStatusId: optionalIdDigits(4),
});
export type UserSearchQuery = z.infer<typeof UserSearchQuery>;

export const UserProgram = z.object({ programUuid: z.uuid(), programName: z.string() });
export type UserProgram = z.infer<typeof UserProgram>;
export const UserAgency = z.object({ agencyUuid: z.uuid(), agencyName: z.string() });
export type UserAgency = z.infer<typeof UserAgency>;

/** One row of the users list (B§2: username, email, name, program, agency, role, status). */
export const UserSearchRow = z.object({
  userUuid: z.uuid(),
  username: z.string(),
  email: z.string(),
  firstname: z.string(),
  middlename: z.string().nullable(),
  lastname: z.string(),
  roleId: z.number().int(),
  roleDescr: z.string(),
  userStatusId: z.number().int(),
  /** The programs and agencies the user belongs to (staff links, or a recipient's accounts), by name. */
  programs: z.array(UserProgram),
  agencies: z.array(UserAgency),
});
export type UserSearchRow = z.infer<typeof UserSearchRow>;

/** A capped list (USER_SEARCH_CAP rows): the screen pages it 10 at a time. */
export const UserSearchResult = cappedAnswer(UserSearchRow);
export type UserSearchResult = z.infer<typeof UserSearchResult>;

/**
 * GET /user-api/user/{id} (B§3 User); GET /user-api/recipient-users/{id} answers the same shape for a recipient's
 * user, with the programs and agencies of its accounts.
 */
export const UserDetail = z.object({
  userId: z.number().int(),
  userUuid: z.uuid(),
  username: z.string(),
  email: z.string(),
  /** B§4 shows 'Force Re-Activation' when this is Y. */
  emailVerified: z.enum(['Y', 'N']),
  firstname: z.string(),
  middlename: z.string().nullable(),
  lastname: z.string(),
  mobile: z.string().nullable(),
  phone: z.string().nullable(),
  userStatusId: z.number().int(),
  creationDate: z.string(),
  failedLogins: z.number().int(),
  failedResets: z.number().int(),
  otpPreference: z.string(),
  roleId: z.number().int(),
  roleDescr: z.string(),
  programs: z.array(UserProgram),
  agencies: z.array(UserAgency),
  /**
   * Ours: a new e-mail address staff gave the user, waiting for the user to open the link sent to it; `email` stays
   * the address links and codes go to until then (docs/security.md). Null when none.
   */
  pendingEmail: z.string().nullable(),
  /**
   * Ours: the caller holds every program and agency of the user, so may change them (edit, status, delete, one-time
   * code, activation). False when the user also holds places outside the caller's scope (decision 0096).
   */
  changeable: z.boolean(),
});
export type UserDetail = z.infer<typeof UserDetail>;

/** A user's uuid in the path. */
export const UserParams = z.object({ id: z.uuid() });
export type UserParams = z.infer<typeof UserParams>;

export const UserAdded = z.object({ message: z.string(), userUuid: z.uuid() });
export type UserAdded = z.infer<typeof UserAdded>;

export const UserChangeAnswer = z.object({ message: z.string() });
export type UserChangeAnswer = z.infer<typeof UserChangeAnswer>;
