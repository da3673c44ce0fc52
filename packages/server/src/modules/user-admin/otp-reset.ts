import { eq } from 'drizzle-orm';
import { USER_STATUS } from '@ebt/core/enums';
import { type MessageAnswer, ROLE_MESSAGES } from '@ebt/core/roles';
import { isRecipientRole, mayGiveRole, USER_MESSAGES } from '@ebt/core/users';
import { users } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { accountEmail, noticeText } from '../../platform/notice-mail.js';
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
        ...accountEmail({
          language: 'en',
          baseUrl: ctx.config.publicUrl,
          greetingName: user.firstName,
          heading: 'Your MarketLink verification codes were reset',
          summary:
            'An administrator reset your verification codes. Codes sent to you before now no longer work, and any ' +
            'lock on your sign-in or account recovery has been lifted.',
          next:
            'Ask for a new code the next time you sign in or recover your account. If you did not expect this, ' +
            'contact your program administrator.',
          link: { url: `${ctx.config.publicUrl}/login`, text: noticeText('en', 'LINK_SIGN_IN') },
        }),
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
