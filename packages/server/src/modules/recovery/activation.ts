import { and, asc, eq, exists } from 'drizzle-orm';
import { USER_STATUS } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { RECOVERY_ERROR_CODE } from '@ebt/core/recovery';
import type {
  ActivateUserBody,
  ActivationLinkInfo,
  ActivationResult,
  ResetLinkInfo,
  ResetPasswordBody,
  SendActivationBody,
} from '@ebt/core/recovery';
import type { MessageResponse } from '@ebt/core/account';
import type { DbOrTx } from '../../db/client.js';
import { recipientAccounts, securityQuestions, users, userSecurityAnswers } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { scopeCondition } from '../../platform/caller.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, normalizeAnswer } from '../../platform/passwords.js';
import { clearRateLimit } from '../../platform/rate-limit.js';
import { endUserSessions } from '../../platform/sessions.js';
import { assertHeldWhole, userHeldWhole, userScope } from '../../platform/user-scope.js';
import { endLiveTokens, findLiveLink, issueActivationLink, useToken } from './links.js';
import { answerFailureKey } from './throttle.js';

function activeQuestions(db: DbOrTx) {
  return db
    .select({ id: securityQuestions.id, text: securityQuestions.text })
    .from(securityQuestions)
    .where(eq(securityQuestions.active, true))
    .orderBy(asc(securityQuestions.id));
}

/** GET /user-api/validate/{hash}: whose account the link activates; 404 'The activation link is no longer valid.' */
export async function validateActivationLink(ctx: RequestContext, hash: string): Promise<ActivationLinkInfo> {
  const link = await findLiveLink(ctx.db, 'activation', hash, ctx.now());
  if (!link) throw AppError.notFound(MESSAGES.ACTIVATION_LINK_EXPIRED, RECOVERY_ERROR_CODE.LINK_INVALID);
  return { username: link.user.username, firstname: link.user.firstName, questions: await activeQuestions(ctx.db) };
}

/**
 * POST /user-api/activate-user: sets the password, the security answer and the code preference, enables the user
 * and marks the e-mail verified (the link reached it), all with the link's use in one transaction.
 */
export async function activateUser(ctx: RequestContext, body: ActivateUserBody): Promise<ActivationResult> {
  const now = ctx.now();
  const link = await findLiveLink(ctx.db, 'activation', body.hash, now);
  if (!link) throw AppError.notFound(MESSAGES.ACTIVATION_LINK_INVALID, RECOVERY_ERROR_CODE.LINK_INVALID);
  await assertActiveQuestion(ctx.db, body.questionId);
  const [passwordHash, answerHash] = await Promise.all([
    hashPassword(body.password),
    hashPassword(normalizeAnswer(body.answer)),
  ]);
  const user = link.user;
  await ctx.db.transaction(async (tx) => {
    if (!(await useToken(tx, link.tokenId, now)))
      throw AppError.notFound(MESSAGES.ACTIVATION_LINK_INVALID, RECOVERY_ERROR_CODE.LINK_INVALID);
    await endLiveTokens(tx, user.id, 'activation', now);
    const after = {
      statusId: USER_STATUS.ENABLED,
      emailVerified: true,
      failedLogins: 0,
      lockedUntil: null,
      passwordChangedAt: now,
    };
    await tx
      .update(users)
      .set({ ...after, otpPreference: body.otpPreference, passwordHash, updatedAt: now })
      .where(eq(users.id, user.id));
    await replaceSecurityAnswer(tx, user.id, body.questionId, answerHash, now);
    // A re-activation replaces the password: sessions opened with the old one end.
    await endUserSessions(tx, user.id, now);
    await recordAudit(tx, ctx, {
      action: 'activate',
      entity: 'user',
      entityId: user.uuid,
      actorUserId: user.id,
      before: {
        statusId: user.statusId,
        emailVerified: user.emailVerified,
        verificationPreference: user.otpPreference,
        failedLogins: user.failedLogins,
        lockedUntil: user.lockedUntil,
        passwordChangedAt: user.passwordChangedAt,
        securityQuestion: null,
      },
      after: { ...after, verificationPreference: body.otpPreference, securityQuestion: body.questionId },
    });
  });
  return { message: MESSAGES.ACTIVATION_SUCCESS, username: user.username };
}

/** GET /user-api/validate-pass/{hash}: 404 'The reset link is no longer valid.' */
export async function validateResetLink(ctx: RequestContext, hash: string): Promise<ResetLinkInfo> {
  const link = await findLiveLink(ctx.db, 'reset', hash, ctx.now());
  if (!link) throw AppError.notFound(MESSAGES.RESET_LINK_EXPIRED, RECOVERY_ERROR_CODE.LINK_INVALID);
  return { username: link.user.username };
}

/**
 * POST /user-api/reset-pass/{hash}: sets the new password, uses the link, ends every session of the user and clears
 * the sign-in lock and recovery counters (the person has proven control of the mailbox and the answer).
 */
export async function resetPassword(
  ctx: RequestContext,
  hash: string,
  body: ResetPasswordBody,
): Promise<MessageResponse> {
  const now = ctx.now();
  const link = await findLiveLink(ctx.db, 'reset', hash, now);
  if (!link) throw AppError.notFound(MESSAGES.RESET_LINK_EXPIRED, RECOVERY_ERROR_CODE.LINK_INVALID);
  const passwordHash = await hashPassword(body.newPassword);
  const user = link.user;
  await ctx.db.transaction(async (tx) => {
    if (!(await useToken(tx, link.tokenId, now)))
      throw AppError.notFound(MESSAGES.RESET_LINK_EXPIRED, RECOVERY_ERROR_CODE.LINK_INVALID);
    await endLiveTokens(tx, user.id, 'reset', now);
    await endLiveTokens(tx, user.id, 'otp', now);
    await tx
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: now,
        failedLogins: 0,
        lockedUntil: null,
        failedResets: 0,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await endUserSessions(tx, user.id, now);
    await recordAudit(tx, ctx, {
      action: 'reset-password',
      entity: 'user',
      entityId: user.uuid,
      actorUserId: user.id,
      before: {
        failedLogins: user.failedLogins,
        failedResets: user.failedResets,
        lockedUntil: user.lockedUntil,
        passwordChangedAt: user.passwordChangedAt,
      },
      after: { failedLogins: 0, failedResets: 0, lockedUntil: null, passwordChangedAt: now },
    });
  });
  await clearRateLimit(ctx.db, answerFailureKey(user.id));
  return { message: MESSAGES.PASSWORD_UPDATED };
}

/**
 * POST /user-api/user/send-activation (platform admins any user; program and agency admins the users of their
 * programs or agencies, as the user screens scope them: docs/decisions/0025) and
 * /user-api/recipient-users/send-activation (staff, for recipient users with an account in their scope). An unknown
 * user, or one outside the caller's scope, answers 404.
 */
export async function sendActivation(
  context: RequestContext,
  body: SendActivationBody,
  kind: 'any' | 'recipient',
): Promise<MessageResponse> {
  const ctx = requireCaller(context);
  const now = ctx.now();
  const scope =
    kind === 'recipient'
      ? exists(
          ctx.db
            .select({ id: recipientAccounts.id })
            .from(recipientAccounts)
            .where(
              and(
                eq(recipientAccounts.userId, users.id),
                scopeCondition(ctx.caller, {
                  programId: recipientAccounts.programId,
                  agencyId: recipientAccounts.agencyId,
                }),
              ),
            ),
        )
      : userScope(ctx.caller);
  const [found] = await ctx.db
    .select({ user: users, heldWhole: userHeldWhole(ctx.caller).mapWith(Boolean) })
    .from(users)
    .where(and(eq(users.uuid, body.uuid), scope))
    .limit(1);
  if (!found) throw AppError.notFound(MESSAGES.USER_NOT_FOUND);
  // A link sent is a way into the account: only to a user the caller holds wholly (platform/user-scope.ts).
  assertHeldWhole({ uuid: found.user.uuid, heldWhole: found.heldWhole }, MESSAGES.USER_NOT_FOUND);
  const user = found.user;
  const force = body.resetHash || body.resetEmailVerified;
  await ctx.db.transaction(async (tx) => {
    await issueActivationLink(tx, ctx, user, { force });
    if (body.resetEmailVerified)
      await tx.update(users).set({ emailVerified: false, updatedAt: now }).where(eq(users.id, user.id));
    await recordAudit(tx, ctx, {
      action: 'send-activation',
      entity: 'user',
      entityId: user.uuid,
      before: { emailVerified: user.emailVerified, activationLink: null },
      after: {
        emailVerified: body.resetEmailVerified ? false : user.emailVerified,
        activationLink: force ? 'forced' : 'sent',
      },
    });
  });
  return { message: MESSAGES.ACTIVATION_EMAIL_SENT };
}

async function assertActiveQuestion(db: DbOrTx, questionId: number): Promise<void> {
  const [question] = await db
    .select({ id: securityQuestions.id })
    .from(securityQuestions)
    .where(and(eq(securityQuestions.id, questionId), eq(securityQuestions.active, true)))
    .limit(1);
  if (!question) throw AppError.badRequest(MESSAGES.SECURITY_QUESTION_INVALID, 'questionId');
}

/** The screens set one question at a time: the new answer replaces every earlier one. */
async function replaceSecurityAnswer(
  tx: DbOrTx,
  userId: number,
  questionId: number,
  answerHash: string,
  now: Date,
): Promise<void> {
  await tx.delete(userSecurityAnswers).where(eq(userSecurityAnswers.userId, userId));
  await tx.insert(userSecurityAnswers).values({ userId, questionId, answerHash, createdAt: now, updatedAt: now });
}
