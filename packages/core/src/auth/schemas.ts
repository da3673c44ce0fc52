import { z } from 'zod';
import { LANGUAGES } from '../languages/languages.js';
import {
  LOGIN_PASSWORD_MAX,
  LOGIN_PASSWORD_MIN,
  LOGIN_USERNAME_MAX,
  LOGIN_USERNAME_MIN,
  LOOKUP_LOCK_THRESHOLD,
} from '../constants/limits.js';
import { MESSAGES } from '../messages/messages.js';
import { text } from '../validation/text.js';

/**
 * POST /api/authenticate (A§7). The server checks only the shape: a stricter length rule here would tell a caller
 * which usernames cannot exist; every wrong pair answers 401 'Invalid username and password combination.'
 */
export const AuthenticateBody = z.object({
  username: text(MESSAGES.USERNAME_REQUIRED).min(1, MESSAGES.USERNAME_REQUIRED).max(200),
  password: text(MESSAGES.PASSWORD_REQUIRED).min(1, MESSAGES.PASSWORD_REQUIRED).max(200),
});
export type AuthenticateBody = z.infer<typeof AuthenticateBody>;

export const AuthenticateResponse = z.object({ token: z.string() });
export type AuthenticateResponse = z.infer<typeof AuthenticateResponse>;

/** The login form of A§5: username 6-200, password 6-50, with the quoted texts when empty. */
export const LoginFormValues = z.object({
  username: text()
    .trim()
    .min(1, MESSAGES.USERNAME_REQUIRED)
    .min(LOGIN_USERNAME_MIN, MESSAGES.LOGIN_USERNAME_LENGTH)
    .max(LOGIN_USERNAME_MAX, MESSAGES.LOGIN_USERNAME_LENGTH),
  password: text()
    .min(1, MESSAGES.PASSWORD_REQUIRED)
    .min(LOGIN_PASSWORD_MIN, MESSAGES.LOGIN_PASSWORD_LENGTH)
    .max(LOGIN_PASSWORD_MAX, MESSAGES.LOGIN_PASSWORD_LENGTH),
});
export type LoginFormValues = z.infer<typeof LoginFormValues>;

export const SessionProgram = z.object({
  programUuid: z.uuid(),
  programId: z.number().int(),
  programName: z.string(),
  /** The program's IANA time zone: the screens show the program's times on its clock. */
  timeZone: z.string(),
});
export type SessionProgram = z.infer<typeof SessionProgram>;

/** A§7 GET /account-api/application; item fields are not shown, so an application is its id and name. */
export const SessionApplication = z.object({
  applicationId: z.number().int(),
  name: z.string(),
});
export type SessionApplication = z.infer<typeof SessionApplication>;

/** GET /user-api/user/current: the session user of A§3 plus roleId (the admin user view shows the role). */
export const CurrentUser = z.object({
  userId: z.number().int(),
  userUuid: z.uuid(),
  username: z.string(),
  email: z.string(),
  firstname: z.string(),
  middlename: z.string().nullable(),
  lastname: z.string(),
  /** Digits only, as stored (A§5); null when the user has none. */
  mobile: z.string().nullable(),
  privileges: z.array(z.string()),
  programs: z.array(SessionProgram),
  applications: z.array(SessionApplication),
  notificationsCount: z.number().int().min(0),
  roleId: z.number().int(),
  /** The language the user chose for the public and recipient pages and their messages; null before a choice. */
  preferredLanguage: z.enum(LANGUAGES).nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

/** GET /api/logout?timestamp= (A§7): the client's time stamp, kept only for the audit trail. */
export const LogoutQuery = z.object({ timestamp: text().max(50).optional() });
export type LogoutQuery = z.infer<typeof LogoutQuery>;

/** A§4/A§9: the forgot password and forgot username forms lock after more than 3 not-found look-ups. */
export function isRecoveryLocked(notFoundCount: number): boolean {
  return notFoundCount > LOOKUP_LOCK_THRESHOLD;
}
