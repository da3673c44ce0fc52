import { z } from 'zod';
import { CURRENT_PASSWORD_MAX, USERNAME_MAX } from '../constants/limits.js';
import { MESSAGES } from '../messages/messages.js';
import { email, optionalMobilePhone, password, securityAnswer } from '../validation/fields.js';
import { personNameFields } from '../validation/field-groups.js';
import { databaseId } from '../validation/numbers.js';
import { text } from '../validation/text.js';
import { LANGUAGES } from '../languages/languages.js';

// The account page shared by every area (A§2 "Account page", A§3 "Current user info", A§5 "Account forms",
// A§7 "Account"): user info, change password, security question.

/** A§3 current user info: username is read only; mobile is digits only. */
export const CurrentUserInfo = z.object({
  username: z.string(),
  firstname: z.string(),
  middlename: z.string().nullable(),
  lastname: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  userUuid: z.uuid(),
});
export type CurrentUserInfo = z.infer<typeof CurrentUserInfo>;

/**
 * PUT /user-api/user/currentuser (A§7). username and userUuid identify the caller and must be theirs (the username
 * is read only, A§3); mobile follows the phone pattern and is stored as digits (A§5).
 */
export const UpdateCurrentUserBody = z.object({
  username: text(MESSAGES.USERNAME_REQUIRED).trim().min(1, MESSAGES.USERNAME_REQUIRED).max(USERNAME_MAX),
  ...personNameFields(),
  mobile: optionalMobilePhone(),
  userUuid: z.uuid(MESSAGES.NOT_OWN_USER),
  email: email(),
});
export type UpdateCurrentUserBody = z.infer<typeof UpdateCurrentUserBody>;

/** The answer to PUT currentuser: the saved user info with 'Data updated.' (A§8). */
export const UpdateCurrentUserResponse = CurrentUserInfo.extend({ message: z.string() });
export type UpdateCurrentUserResponse = z.infer<typeof UpdateCurrentUserResponse>;

/** A success answer that carries only the text to show ('Password updated.', 'Security Question updated.'). */
export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/**
 * PUT /user-api/user/password (A§5, A§7): the current password up to 40 characters, the new one by the password
 * rules, and a confirmation that must match. "New differs from current" needs the stored hash: the server checks it.
 */
export const ChangePasswordBody = z
  .object({
    currentPassword: text(MESSAGES.PASSWORD_REQUIRED)
      .min(1, MESSAGES.PASSWORD_REQUIRED)
      .max(CURRENT_PASSWORD_MAX, MESSAGES.CURRENT_PASSWORD_TOO_LONG),
    newPassword: password(),
    confirmPassword: text(MESSAGES.PASSWORDS_DO_NOT_MATCH),
  })
  .refine((v) => v.confirmPassword === v.newPassword, {
    message: MESSAGES.PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    message: MESSAGES.NEW_PASSWORD_SAME_AS_CURRENT,
    path: ['newPassword'],
  });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** A security question (A§3 "security question (id, text)"): GET /user-api/security-questions. */
export const SecurityQuestion = z.object({ id: z.number().int(), text: z.string() });
export type SecurityQuestion = z.infer<typeof SecurityQuestion>;

/** A question the user has answered; the answer itself is a hash and never leaves the server. */
export const UserSecurityQuestion = z.object({ questionId: z.number().int(), question: z.string() });
export type UserSecurityQuestion = z.infer<typeof UserSecurityQuestion>;

/** A§5: a question id from the list; A§3 names it securityQuestionId or questionId. */
export function questionId() {
  return databaseId({ required: MESSAGES.SECURITY_QUESTION_INVALID, invalid: MESSAGES.SECURITY_QUESTION_INVALID });
}

/**
 * PUT /user-api/user/current/security-answers (A§7 sends questionId, answer; A§3 also names securityQuestionId):
 * either name is accepted, and the parsed value always carries questionId.
 */
export const SecurityAnswerBody = z
  .object({
    questionId: questionId().optional(),
    securityQuestionId: questionId().optional(),
    answer: securityAnswer(),
  })
  .refine((v) => v.questionId !== undefined || v.securityQuestionId !== undefined, {
    message: MESSAGES.SECURITY_QUESTION_INVALID,
    path: ['questionId'],
  })
  .transform(({ questionId: id, securityQuestionId, answer }) => ({ questionId: (id ?? securityQuestionId)!, answer }));
export type SecurityAnswerBody = z.output<typeof SecurityAnswerBody>;

/**
 * PUT /user-api/user/current/language (ours, docs/i18n.md): the language of the public and recipient pages the caller
 * chose; e-mails and SMS to their recipient accounts are written in it.
 */
export const PreferredLanguageBody = z.object({
  language: z.enum(LANGUAGES, { error: MESSAGES.VALIDATION_FAILED }),
});
export type PreferredLanguageBody = z.infer<typeof PreferredLanguageBody>;
