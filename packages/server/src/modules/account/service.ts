import { and, asc, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type {
  ChangePasswordBody,
  CurrentUserInfo,
  MessageResponse,
  PreferredLanguageBody,
  SecurityAnswerBody,
  SecurityQuestion,
  UpdateCurrentUserBody,
  UpdateCurrentUserResponse,
  UserSecurityQuestion,
} from '@ebt/core/account';
import { MESSAGES } from '@ebt/core/messages';
import { phoneDigits } from '@ebt/core/validation';
import {
  securityQuestions,
  sessions,
  users,
  userSecurityAnswers,
  userTokens,
  type UserRow,
} from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, normalizeAnswer } from '../../platform/passwords.js';
import { checkCurrentPassword } from '../../platform/current-password.js';

/**
 * The account page (A§2, A§7 "Account"): the signed-in user's own info, password and security question. Every
 * service here acts on the caller's own user only; there is no user id to choose.
 */

const toInfo = (user: UserRow): CurrentUserInfo => ({
  username: user.username,
  firstname: user.firstName,
  middlename: user.middleName,
  lastname: user.lastName,
  email: user.email,
  mobile: user.mobile,
  userUuid: user.uuid,
});

async function loadSelf(ctx: CallerContext): Promise<UserRow> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.caller.userId)).limit(1);
  if (!user) throw AppError.unauthorized();
  return user;
}

/** GET /user-api/user/currentuser: the form's values (GET /user-api/user/current has no mobile number). */
export async function getCurrentUserInfo(context: RequestContext): Promise<CurrentUserInfo> {
  return toInfo(await loadSelf(requireCaller(context)));
}

const emptyToNull = (value: string | null | undefined) => (value ? value : null);

/**
 * PUT /user-api/user/currentuser. username and userUuid must be the caller's (the username is read only, A§3).
 * An e-mail another user already has answers 409 'Email already exists.'; a changed e-mail is no longer verified.
 */
export async function updateCurrentUser(
  context: RequestContext,
  body: UpdateCurrentUserBody,
): Promise<UpdateCurrentUserResponse> {
  const ctx = requireCaller(context);
  const user = await loadSelf(ctx);
  if (body.userUuid !== user.uuid) throw AppError.badRequest(MESSAGES.NOT_OWN_USER, 'userUuid');
  if (body.username.toLowerCase() !== user.username.toLowerCase())
    throw AppError.badRequest(MESSAGES.USERNAME_READ_ONLY, 'username');

  const emailChanged = body.email.toLowerCase() !== user.email.toLowerCase();
  if (emailChanged) {
    const [taken] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, body.email.toLowerCase()), ne(users.id, user.id)))
      .limit(1);
    if (taken) throw AppError.conflict(MESSAGES.USER_EMAIL_EXISTS, 'email');
  }
  const now = ctx.now();
  const changes = {
    firstName: body.firstname,
    middleName: emptyToNull(body.middlename),
    lastName: body.lastname,
    email: body.email,
    mobile: body.mobile ? phoneDigits(body.mobile) : null,
    ...(emailChanged ? { emailVerified: false } : {}),
  };
  const saved = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    await recordAudit(tx, ctx, {
      action: 'update',
      entity: 'user',
      entityId: user.uuid,
      before: {
        firstName: user.firstName,
        middleName: user.middleName,
        lastName: user.lastName,
        email: user.email,
        mobile: user.mobile,
        emailVerified: user.emailVerified,
      },
      after: { emailVerified: user.emailVerified, ...changes },
    });
    return row!;
  });
  return { ...toInfo(saved), message: MESSAGES.DATA_UPDATED };
}

/**
 * PUT /user-api/user/password. The current password must be right (400 otherwise; the PASSWORD_CHANGE_FAILURE_LIMIT-th
 * wrong one in the window answers 429, so a borrowed session cannot guess it). On success the user's other sessions
 * end, this one stays, and any outstanding reset link or code stops working.
 */
export async function changePassword(context: RequestContext, body: ChangePasswordBody): Promise<MessageResponse> {
  const ctx = requireCaller(context);
  const now = ctx.now();
  const user = await loadSelf(ctx);
  await checkCurrentPassword(ctx, user.passwordHash, body.currentPassword, {
    action: 'password-change-failed',
    entity: 'user',
    entityId: user.uuid,
  });
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, user.id));
    await tx
      .update(sessions)
      .set({ endedAt: now })
      .where(
        and(
          eq(sessions.userId, user.id),
          isNull(sessions.endedAt),
          ne(sessions.tokenHash, ctx.caller.sessionTokenHash),
        ),
      );
    await tx
      .update(userTokens)
      .set({ expiresAt: now })
      .where(
        and(
          eq(userTokens.userId, user.id),
          ne(userTokens.purpose, 'activation'),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, now),
        ),
      );
    await recordAudit(tx, ctx, {
      action: 'password-change',
      entity: 'user',
      entityId: user.uuid,
      before: { passwordChangedAt: user.passwordChangedAt },
      after: { passwordChangedAt: now },
    });
  });
  return { message: MESSAGES.PASSWORD_UPDATED };
}

/** GET /user-api/security-questions: the active questions, for activation and the account page. */
export function listSecurityQuestions(ctx: RequestContext): Promise<SecurityQuestion[]> {
  return ctx.db
    .select({ id: securityQuestions.id, text: securityQuestions.text })
    .from(securityQuestions)
    .where(eq(securityQuestions.active, true))
    .orderBy(asc(securityQuestions.id));
}

/** GET /user-api/user/current/security-answers: the question(s) the caller answered, never the answer. */
export async function listMySecurityQuestions(context: RequestContext): Promise<UserSecurityQuestion[]> {
  const ctx = requireCaller(context);
  return ctx.db
    .select({ questionId: userSecurityAnswers.questionId, question: securityQuestions.text })
    .from(userSecurityAnswers)
    .innerJoin(securityQuestions, eq(securityQuestions.id, userSecurityAnswers.questionId))
    .where(eq(userSecurityAnswers.userId, ctx.caller.userId))
    .orderBy(desc(userSecurityAnswers.updatedAt));
}

/**
 * PUT /user-api/user/current/security-answers: the new question and answer replace the caller's earlier ones. The
 * answer is stored as the argon2id hash of its normalised form (case and surrounding spaces do not matter).
 *
 * Saves of one user take turns on the user's row (`for no key update`): two in flight at once would otherwise both
 * delete nothing and both insert, a unique violation (500) for one question and two rows for two. Under READ
 * COMMITTED the delete after the lock sees what the save before committed, so the last save leaves one row and each
 * audit row's "before" is the save before it. `no key` keeps sign-ins (whose session rows check the key) unblocked.
 */
export async function setMySecurityAnswer(context: RequestContext, body: SecurityAnswerBody): Promise<MessageResponse> {
  const ctx = requireCaller(context);
  const [question] = await ctx.db
    .select({ id: securityQuestions.id })
    .from(securityQuestions)
    .where(and(eq(securityQuestions.id, body.questionId), eq(securityQuestions.active, true)))
    .limit(1);
  if (!question) throw AppError.badRequest(MESSAGES.SECURITY_QUESTION_INVALID, 'questionId');
  const answerHash = await hashPassword(normalizeAnswer(body.answer));
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, ctx.caller.userId)).for('no key update');
    const previous = await tx
      .delete(userSecurityAnswers)
      .where(eq(userSecurityAnswers.userId, ctx.caller.userId))
      .returning({ questionId: userSecurityAnswers.questionId });
    await tx
      .insert(userSecurityAnswers)
      .values({ userId: ctx.caller.userId, questionId: body.questionId, answerHash, createdAt: now, updatedAt: now });
    await recordAudit(tx, ctx, {
      action: 'update-security-question',
      entity: 'user',
      entityId: ctx.caller.userUuid,
      before: { securityQuestion: previous.map((p) => p.questionId).join(',') || null, securityAnswer: 'old' },
      after: { securityQuestion: String(body.questionId), securityAnswer: 'new' },
    });
  });
  return { message: MESSAGES.SECURITY_QUESTION_UPDATED };
}

/**
 * PUT /user-api/user/current/language (ours, docs/i18n.md): keeps the language the caller chose on the public and
 * recipient pages, so the e-mails and SMS to their recipient accounts are written in it. The same choice again
 * changes nothing and writes no audit row.
 */
export async function setMyLanguage(context: RequestContext, body: PreferredLanguageBody): Promise<MessageResponse> {
  const ctx = requireCaller(context);
  const before = ctx.caller.profile.preferredLanguage;
  if (before !== body.language) {
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ preferredLanguage: body.language, updatedAt: ctx.now() })
        .where(eq(users.id, ctx.caller.userId));
      await recordAudit(tx, ctx, {
        action: 'update-language',
        entity: 'user',
        entityId: ctx.caller.userUuid,
        before: { preferredLanguage: before },
        after: { preferredLanguage: body.language },
      });
    });
  }
  return { message: MESSAGES.PREFERENCES_UPDATED };
}
