import { z } from 'zod';
import { SecurityQuestion, questionId } from '../account/schemas.js';
import {
  CURRENT_PASSWORD_MAX,
  FORGOT_PASSWORD_USERNAME_MAX,
  FORGOT_USERNAME_EMAIL_MAX,
  OTP_CODE_MAX,
  SECURITY_ANSWER_MAX,
} from '../constants/limits.js';
import { OTP_PREFERENCE, OtpPreference } from '../enums/codes.js';
import { MESSAGES } from '../messages/messages.js';
import { password, requiredText, securityAnswer } from '../validation/fields.js';
import { ALPHANUMERIC_PATTERN, EMAIL_PATTERN } from '../validation/patterns.js';
import { text } from '../validation/text.js';

// Activation, reset and the forgot password / forgot username flows (A§2, A§4, A§5, A§7, A§8).

/**
 * The token of an activation or reset link, as the path carries it. Any text up to 200 characters is looked up,
 * so a mangled link answers the link's own 404 message rather than a validation error.
 */
export const LinkHashParams = z.object({ hash: text().min(1).max(200) });
export type LinkHashParams = z.infer<typeof LinkHashParams>;

/** GET /user-api/validate/{hash}: whose account the link activates, and the questions to choose from. */
export const ActivationLinkInfo = z.object({
  username: z.string(),
  firstname: z.string(),
  questions: z.array(SecurityQuestion),
});
export type ActivationLinkInfo = z.infer<typeof ActivationLinkInfo>;

/** A§3 activation payload; A§5: password rules, matching confirmation, answer 2 to 100, email or sms. */
export const ActivateUserBody = z
  .object({
    password: password(),
    confirmPassword: text(MESSAGES.PASSWORDS_DO_NOT_MATCH),
    questionId: questionId(),
    answer: securityAnswer(),
    otpPreference: z.enum(OTP_PREFERENCE, { error: MESSAGES.OTP_PREFERENCE_INVALID }),
    hash: text().min(1).max(200),
  })
  .refine((v) => v.confirmPassword === v.password, {
    message: MESSAGES.PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });
export type ActivateUserBody = z.infer<typeof ActivateUserBody>;

/** The answer to a successful activation: the quoted success text (A§8) and the username for the login link. */
export const ActivationResult = z.object({ message: z.string(), username: z.string() });
export type ActivationResult = z.infer<typeof ActivationResult>;

/** GET /user-api/confirm-email/{hash}: whose new e-mail address the link confirms, and the address. */
export const EmailChangeLinkInfo = z.object({ username: z.string(), email: z.string() });
export type EmailChangeLinkInfo = z.infer<typeof EmailChangeLinkInfo>;

/**
 * POST /user-api/confirm-email/{hash}: the account's password, so that the person who owns the account confirms the
 * address, not whoever reads the new mailbox (staff who typed their own address there, say).
 */
export const ConfirmEmailBody = z.object({
  password: text(MESSAGES.PASSWORD_REQUIRED)
    .min(1, MESSAGES.PASSWORD_REQUIRED)
    .max(CURRENT_PASSWORD_MAX, MESSAGES.CURRENT_PASSWORD_TOO_LONG),
});
export type ConfirmEmailBody = z.infer<typeof ConfirmEmailBody>;

/** GET /user-api/validate-pass/{hash}: the link is good; whose password it resets. */
export const ResetLinkInfo = z.object({ username: z.string() });
export type ResetLinkInfo = z.infer<typeof ResetLinkInfo>;

/**
 * POST /user-api/reset-pass/{hash} (A§7 sends newPassword and currentPassword). The link proves the right to reset,
 * so currentPassword is accepted (up to 40, A§5) and not checked; confirmPassword, when sent, must match.
 */
export const ResetPasswordBody = z
  .object({
    newPassword: password(),
    currentPassword: text().max(CURRENT_PASSWORD_MAX, MESSAGES.CURRENT_PASSWORD_TOO_LONG).nullish(),
    confirmPassword: text().nullish(),
  })
  .refine((v) => v.confirmPassword == null || v.confirmPassword === v.newPassword, {
    message: MESSAGES.PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/**
 * POST /user-api/user/send-activation and /user-api/recipient-users/send-activation (A§7, B§7, resolution 4):
 * resetHash and the misspelt restHash are one field. uuid alone sends a first activation; resetHash or
 * resetEmailVerified force a new link for an activated user, and resetEmailVerified also marks the e-mail unverified.
 */
export const SendActivationBody = z
  .object({
    uuid: z.uuid(MESSAGES.USER_NOT_FOUND),
    resetHash: z.boolean().nullish(),
    restHash: z.boolean().nullish(),
    resetEmailVerified: z.boolean().nullish(),
  })
  .transform(({ uuid, resetHash, restHash, resetEmailVerified }) => ({
    uuid,
    resetHash: resetHash === true || restHash === true,
    resetEmailVerified: resetEmailVerified === true,
  }));
export type SendActivationBody = z.output<typeof SendActivationBody>;

/** A§5 forgot password: username letters and digits only, max 50. */
export const ForgotPasswordParams = z.object({
  username: text()
    .trim()
    .min(1, MESSAGES.USERNAME_REQUIRED)
    .max(FORGOT_PASSWORD_USERNAME_MAX)
    .regex(ALPHANUMERIC_PATTERN, MESSAGES.INVALID_FORGOT_USERNAME),
});
export type ForgotPasswordParams = z.infer<typeof ForgotPasswordParams>;

/** A§5 forgot username: e-mail max 100. */
export const ForgotUsernameParams = z.object({
  email: text()
    .trim()
    .min(1, MESSAGES.FIELD_REQUIRED)
    .max(FORGOT_USERNAME_EMAIL_MAX)
    .regex(EMAIL_PATTERN, MESSAGES.INVALID_EMAIL),
});
export type ForgotUsernameParams = z.infer<typeof ForgotUsernameParams>;

/** A§5: the code is at most 10 letters or digits. */
const otpCode = text()
  .min(1, MESSAGES.OTP_CODE_INVALID)
  .max(OTP_CODE_MAX, MESSAGES.INVALID_OTP_CODE)
  .regex(ALPHANUMERIC_PATTERN, MESSAGES.INVALID_OTP_CODE);

export const ForgotPasswordCodeParams = ForgotPasswordParams.extend({ otpCode });
export type ForgotPasswordCodeParams = z.infer<typeof ForgotPasswordCodeParams>;
export const ForgotUsernameCodeParams = ForgotUsernameParams.extend({ otpCode });
export type ForgotUsernameCodeParams = z.infer<typeof ForgotUsernameCodeParams>;

/** Step 1 answer: the question the user chose (never the answer). */
export const RecoveryQuestion = z.object({ questionId: z.number().int(), question: z.string() });
export type RecoveryQuestion = z.infer<typeof RecoveryQuestion>;

/** Step 2: the answer (A§5: max 100). Compared without regard to case and surrounding spaces. */
export const RecoveryAnswerBody = z.object({
  questionId: questionId(),
  answer: requiredText(SECURITY_ANSWER_MAX),
});
export type RecoveryAnswerBody = z.infer<typeof RecoveryAnswerBody>;

/** Step 2 answer: where the one-time code went, masked. */
export const RecoveryCodeSent = z.object({
  otpPreference: OtpPreference,
  sentTo: z.string(),
  message: z.string(),
});
export type RecoveryCodeSent = z.infer<typeof RecoveryCodeSent>;

/** Step 3 of forgot password: the code was right and a reset link is on its way. */
export const ResetLinkSent = z.object({ message: z.string() });
export type ResetLinkSent = z.infer<typeof ResetLinkSent>;

/** Step 3 of forgot username: the username (A§7). */
export const RecoveredUsername = z.object({ username: z.string() });
export type RecoveredUsername = z.infer<typeof RecoveredUsername>;
