import { eq } from 'drizzle-orm';
import { USER_STATUS } from '@ebt/core/enums';
import { type MessageAnswer, ROLE_MESSAGES } from '@ebt/core/roles';
import { isRecipientRole, mayGiveRole, USER_MESSAGES } from '@ebt/core/users';
import { users } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { accountEmail, type NoticeLanguage, noticeLanguage, noticeText } from '../../platform/notice-mail.js';
import { queueMessage } from '../../platform/outbox.js';
import { clearRateLimit } from '../../platform/rate-limit.js';
import { clearSignInFailures, normalizeUsername, usernameKey } from '../auth/index.js';
import { answerFailureKey, codesSentKey, endLiveTokens } from '../recovery/index.js';
import { lockUserToChange } from './queries.js';

// POST /user-api/user/reset-otp/{uuid} and .../send (B§4 'Reset OTP Token', B§7, resolution 20; decision 0025). A
// user locked out of the one-time-code steps (too many wrong codes or answers, too many codes asked for, sign-in
// lock) is given a clean slate: the sign-in lock and counters, the recovery counters, and every code still
// outstanding (it cannot be used any more; the user asks for a new one). The send variant also tells the user, through
// the outbox, in the same transaction. Nothing about the codes themselves is logged or audited.

export async function resetOtp(context: RequestContext, uuid: string, notify: boolean): Promise<MessageAnswer> {
  const ctx = requireCaller(context);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const user = await lockUserToChange(tx, ctx.caller, uuid);
    if (user.statusId === USER_STATUS.DELETED) throw AppError.conflict(ROLE_MESSAGES.USER_ALREADY_DELETED);
    // B§6's creator matrix, as for Disable: a program admin does not reset a program user's or a platform admin's codes.
    if (!isRecipientRole(user.roleId) && !mayGiveRole([...ctx.caller.privileges], user.roleId))
      throw AppError.forbidden(USER_MESSAGES.ROLE_NOT_ALLOWED);
    const before = { failedLogins: user.failedLogins, failedResets: user.failedResets, lockedUntil: user.lockedUntil };
    await tx
      .update(users)
      .set({ failedLogins: 0, failedResets: 0, lockedUntil: null, updatedAt: now })
      .where(eq(users.id, user.id));
    await clearSignInFailures(tx, usernameKey(normalizeUsername(user.username), ctx.config.hmacKey));
    await clearRateLimit(tx, answerFailureKey(user.id));
    await clearRateLimit(tx, codesSentKey(user.id));
    await endLiveTokens(tx, user.id, 'otp', now);
    if (notify)
      await queueMessage(tx, ctx, {
        channel: 'email',
        to: user.email,
        kind: 'verification-codes-reset',
        ...otpResetNotice(noticeLanguage(user.preferredLanguage), ctx.config.publicUrl, user.firstName),
      });
    await recordAudit(tx, ctx, {
      action: notify ? 'reset-otp-send' : 'reset-otp',
      entity: 'user',
      entityId: user.uuid,
      before: { ...before, lockedUntil: before.lockedUntil?.toISOString() ?? null },
      after: { failedLogins: 0, failedResets: 0, lockedUntil: null },
    });
    return { message: notify ? ROLE_MESSAGES.OTP_REQUEST_SENT : ROLE_MESSAGES.OTP_TOKEN_RESET };
  });
}

/** The e-mail telling a user their codes were reset, in their language (core NOTICE_MESSAGES). */
function otpResetNotice(language: NoticeLanguage, baseUrl: string, firstName: string) {
  return accountEmail({
    language,
    baseUrl,
    greetingName: firstName,
    heading: noticeText(language, 'OTP_RESET_HEADING'),
    summary: noticeText(language, 'OTP_RESET_SUMMARY'),
    next: noticeText(language, 'OTP_RESET_NEXT'),
    link: { url: `${baseUrl}/login`, text: noticeText(language, 'LINK_SIGN_IN') },
  });
}
