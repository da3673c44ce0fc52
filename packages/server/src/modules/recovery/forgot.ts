import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { USER_STATUS } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import {
  ANSWER_FAILURE_LIMIT,
  ANSWER_FAILURE_WINDOW_MS,
  CODES_PER_USER_LIMIT,
  CODES_PER_USER_WINDOW_MS,
  LOOKUP_LIMIT_PER_ADDRESS,
  LOOKUP_WINDOW_MS,
  RECOVERY_ERROR_CODE,
  RECOVERY_STEP_LIMIT_PER_ADDRESS,
  RECOVERY_STEP_WINDOW_MS,
  type RecoveredUsername,
  type RecoveryAnswerBody,
  type RecoveryCodeSent,
  type RecoveryQuestion,
  type ResetLinkSent,
} from '@ebt/core/recovery';
import type { DbOrTx } from '../../db/client.js';
import { securityQuestions, users, userSecurityAnswers, type UserRow } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import type { RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { normalizeAnswer, verifyPassword } from '../../platform/passwords.js';
import { clearRateLimit, hitRateLimitWindow } from '../../platform/rate-limit.js';
import { checkRecoveryCode, hashRecoveryCode, issueRecoveryCode, type RecoveryFlow } from './codes.js';
import { issueResetLink, RESETTABLE_STATUSES, useToken } from './links.js';
import { answerFailureKey, codesSentKey, lookupKey, refuseWhenLocked, stepKey, throttle } from './throttle.js';

/**
 * Forgot password (A§4: username, answer, code, reset e-mail) and forgot username (e-mail, answer, code, username).
 * Both flows share the steps; they differ in how the user is found and what the code unlocks.
 * Throttles and lifetimes: docs/decisions/0005-account-recovery-links-and-codes.md.
 */
export type RecoveryTarget = { flow: 'password'; username: string } | { flow: 'username'; email: string };

const lockedMessage = (target: RecoveryTarget) =>
  target.flow === 'password' ? MESSAGES.FORGOT_PASSWORD_LOCKED : MESSAGES.FORGOT_USERNAME_LOCKED;

interface RecoveryUser {
  user: UserRow;
  answer: { questionId: number; question: string; answerHash: string };
}

/**
 * Finds the user a recovery is for. Unknown (or deleted): 404 USR-404 with the flow's not-found text, which the
 * client counts toward its lock. Known but unable to recover (not activated, disabled, no security answer): 404
 * 'Security setup is incomplete for this user.' Several users may share an e-mail address: the most recently
 * created one that can recover is chosen (decision 0005).
 */
async function findRecoveryUser(ctx: RequestContext, target: RecoveryTarget): Promise<RecoveryUser> {
  const match =
    target.flow === 'password'
      ? eq(sql`lower(${users.username})`, target.username.trim().toLowerCase())
      : eq(sql`lower(${users.email})`, target.email.trim().toLowerCase());
  const candidates = await ctx.db
    .select()
    .from(users)
    .where(and(match, ne(users.statusId, USER_STATUS.DELETED)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(50);
  if (candidates.length === 0) {
    const message = target.flow === 'password' ? MESSAGES.USERNAME_NOT_FOUND : MESSAGES.EMAIL_NOT_FOUND;
    throw AppError.notFound(message, RECOVERY_ERROR_CODE.NOT_FOUND);
  }
  const able = candidates.filter((u) => RESETTABLE_STATUSES.includes(u.statusId) && u.passwordHash);
  const answers = able.length
    ? await ctx.db
        .select({
          userId: userSecurityAnswers.userId,
          questionId: userSecurityAnswers.questionId,
          question: securityQuestions.text,
          answerHash: userSecurityAnswers.answerHash,
        })
        .from(userSecurityAnswers)
        .innerJoin(securityQuestions, eq(securityQuestions.id, userSecurityAnswers.questionId))
        .where(
          inArray(
            userSecurityAnswers.userId,
            able.map((u) => u.id),
          ),
        )
        .orderBy(desc(userSecurityAnswers.updatedAt), desc(userSecurityAnswers.questionId))
    : [];
  for (const user of able) {
    const answer = answers.find((a) => a.userId === user.id);
    if (answer) return { user, answer };
  }
  throw AppError.notFound(MESSAGES.SECURITY_SETUP_INCOMPLETE, RECOVERY_ERROR_CODE.SETUP_INCOMPLETE);
}

const refuseLockedUser = (ctx: RequestContext, target: RecoveryTarget, userId: number) =>
  refuseWhenLocked(
    ctx.db,
    answerFailureKey(userId),
    ANSWER_FAILURE_LIMIT,
    ANSWER_FAILURE_WINDOW_MS,
    ctx.now(),
    lockedMessage(target),
  );

/** Step 1: the user's security question. Counts against the address's look-up limit, found or not. */
export async function getRecoveryQuestion(ctx: RequestContext, target: RecoveryTarget): Promise<RecoveryQuestion> {
  await throttle(
    ctx.db,
    lookupKey(ctx.ip),
    LOOKUP_LIMIT_PER_ADDRESS,
    LOOKUP_WINDOW_MS,
    ctx.now(),
    lockedMessage(target),
  );
  const { user, answer } = await findRecoveryUser(ctx, target);
  await refuseLockedUser(ctx, target, user.id);
  return { questionId: answer.questionId, question: answer.question };
}

/**
 * Step 2: the answer, compared without regard to case and surrounding spaces. Right: a one-time code goes out by
 * the user's preference. Wrong: 400 'Security Question answer is invalid.' and users.failed_resets + 1; the
 * ANSWER_FAILURE_LIMIT-th wrong answer within the window locks recovery for the user (429 SEC-001).
 */
export async function answerRecoveryQuestion(
  ctx: RequestContext,
  target: RecoveryTarget,
  body: RecoveryAnswerBody,
): Promise<RecoveryCodeSent> {
  const now = ctx.now();
  const locked = lockedMessage(target);
  await throttle(ctx.db, stepKey(ctx.ip), RECOVERY_STEP_LIMIT_PER_ADDRESS, RECOVERY_STEP_WINDOW_MS, now, locked);
  const { user, answer } = await findRecoveryUser(ctx, target);
  await refuseLockedUser(ctx, target, user.id);

  const right =
    body.questionId === answer.questionId && (await verifyPassword(answer.answerHash, normalizeAnswer(body.answer)));
  if (!right) {
    const { count: failures, retryAfterSeconds } = await hitRateLimitWindow(
      ctx.db,
      answerFailureKey(user.id),
      ANSWER_FAILURE_WINDOW_MS,
      now,
    );
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ failedResets: sql`${users.failedResets} + 1` })
        .where(eq(users.id, user.id))
        .returning({ failedResets: users.failedResets });
      await recordAudit(tx, ctx, {
        action: failures >= ANSWER_FAILURE_LIMIT ? 'recovery-locked' : 'recovery-answer-failed',
        entity: 'user',
        entityId: user.uuid,
        actorUserId: user.id,
        before: { failedResets: user.failedResets },
        after: { failedResets: row?.failedResets },
      });
    });
    if (failures >= ANSWER_FAILURE_LIMIT) {
      throw AppError.tooManyRequests(locked, RECOVERY_ERROR_CODE.LOCKED, retryAfterSeconds);
    }
    throw AppError.badRequest(MESSAGES.SECURITY_ANSWER_INVALID, 'answer', RECOVERY_ERROR_CODE.ANSWER_INVALID);
  }

  await throttle(ctx.db, codesSentKey(user.id), CODES_PER_USER_LIMIT, CODES_PER_USER_WINDOW_MS, now, locked);
  const code = await hashRecoveryCode();
  const sent = await ctx.db.transaction(async (tx) => {
    if (user.failedResets !== 0) await tx.update(users).set({ failedResets: 0 }).where(eq(users.id, user.id));
    const result = await issueRecoveryCode(tx, ctx, user, target.flow, code);
    await recordAudit(tx, ctx, {
      action: 'recovery-code-sent',
      entity: 'user',
      entityId: user.uuid,
      actorUserId: user.id,
      before: { failedResets: user.failedResets, flow: null },
      after: { failedResets: 0, flow: target.flow, channel: result.otpPreference },
    });
    return result;
  });
  await clearRateLimit(ctx.db, answerFailureKey(user.id));
  return sent;
}

/**
 * Step 3: the code. Checks it, uses it and does what the flow unlocks in one transaction; a wrong, used or expired
 * code answers 400 'The code entered is invalid or has expired.' (the wrong try still counts against the code).
 */
async function redeemCode<T>(
  ctx: RequestContext,
  target: RecoveryTarget,
  code: string,
  unlock: (tx: DbOrTx, user: UserRow) => Promise<T>,
): Promise<T> {
  const now = ctx.now();
  await throttle(
    ctx.db,
    stepKey(ctx.ip),
    RECOVERY_STEP_LIMIT_PER_ADDRESS,
    RECOVERY_STEP_WINDOW_MS,
    now,
    lockedMessage(target),
  );
  const { user } = await findRecoveryUser(ctx, target);
  const flow: RecoveryFlow = target.flow;
  const outcome = await ctx.db.transaction(async (tx) => {
    const tokenId = await checkRecoveryCode(tx, user.id, flow, code, now);
    if (tokenId === null || !(await useToken(tx, tokenId, now))) {
      await recordAudit(tx, ctx, {
        action: 'recovery-code-failed',
        entity: 'user',
        entityId: user.uuid,
        actorUserId: user.id,
        after: { flow },
      });
      return null;
    }
    const value = await unlock(tx, user);
    await recordAudit(tx, ctx, {
      action: 'recovery-code-used',
      entity: 'user',
      entityId: user.uuid,
      actorUserId: user.id,
      after: { flow },
    });
    return { value };
  });
  if (!outcome) throw AppError.badRequest(MESSAGES.OTP_CODE_INVALID, 'otpCode', RECOVERY_ERROR_CODE.CODE_INVALID);
  return outcome.value;
}

/** Forgot password step 3: a right code sends a reset link to the user's e-mail. */
export function redeemPasswordCode(ctx: RequestContext, username: string, code: string): Promise<ResetLinkSent> {
  return redeemCode(ctx, { flow: 'password', username }, code, async (tx, user) => {
    await issueResetLink(tx, ctx, user);
    return { message: MESSAGES.RESET_EMAIL_SENT };
  });
}

/** Forgot username step 3: a right code answers the username. */
export function redeemUsernameCode(ctx: RequestContext, email: string, code: string): Promise<RecoveredUsername> {
  return redeemCode(ctx, { flow: 'username', email }, code, async (_tx, user) => ({ username: user.username }));
}
