import { APP_ERROR_CODE } from '@ebt/core/errors';
import { and, eq, sql } from 'drizzle-orm';
import type { AuthenticateBody, AuthenticateResponse } from '@ebt/core/auth';
import { LOGIN_LOCK_MS, LOGIN_LOCK_THRESHOLD } from '@ebt/core/constants';
import { MESSAGES } from '@ebt/core/messages';
import { users } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import type { RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { dummyPasswordHash, verifyPassword } from '../../platform/passwords.js';
import { hitRateLimit, peekRateLimit } from '../../platform/rate-limit.js';
import { SIGN_IN_STATUSES } from '../../platform/session-hook.js';
import { createSession, endSession } from '../../platform/sessions.js';

/**
 * Sign-in throttling (docs/decisions/0002-sign-in-throttling.md):
 * - per account: every failed sign-in adds to users.failed_logins; at each LOGIN_LOCK_THRESHOLD-th failure in a
 *   row the account is locked for LOGIN_LOCK_MS and answers 429 even to the right password; a success resets it;
 * - per address: more than IP_FAILURE_LIMIT failures from one address within IP_WINDOW_MS answer 429 for the rest
 *   of the window, which slows password spraying across many usernames.
 */
export const IP_FAILURE_LIMIT = 50;
export const IP_WINDOW_MS = 15 * 60_000;

export async function authenticate(
  ctx: RequestContext,
  body: AuthenticateBody,
  meta: { userAgent?: string },
): Promise<AuthenticateResponse> {
  const now = ctx.now();
  const ipKey = `sign-in:ip:${ctx.ip ?? 'unknown'}`;
  if ((await peekRateLimit(ctx.db, ipKey, IP_WINDOW_MS, now)) >= IP_FAILURE_LIMIT) {
    throw AppError.tooManyRequests(MESSAGES.LOGIN_THROTTLED, APP_ERROR_CODE.SIGN_IN_THROTTLED);
  }

  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, body.username.trim().toLowerCase()))
    .limit(1);

  if (user?.lockedUntil && user.lockedUntil.getTime() > now.getTime()) {
    throw AppError.tooManyRequests(MESSAGES.LOGIN_LOCKED, APP_ERROR_CODE.SIGN_IN_LOCKED);
  }

  // Verify even for an unknown username, so both answers take the same time (no username discovery).
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
  const maySignIn = !!user && passwordOk && !!user.passwordHash && SIGN_IN_STATUSES.includes(user.statusId);

  if (!user || !maySignIn) {
    await hitRateLimit(ctx.db, ipKey, IP_WINDOW_MS, now);
    if (user) await recordFailure(ctx, user.id, now);
    throw AppError.unauthorized(MESSAGES.LOGIN_INVALID);
  }

  return ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now }).where(eq(users.id, user.id));
    const token = await createSession(tx, user.id, now, { ip: ctx.ip, userAgent: meta.userAgent });
    await recordAudit(tx, ctx, { action: 'sign-in', entity: 'user', entityId: user.uuid, actorUserId: user.id });
    return { token };
  });
}

async function recordFailure(ctx: RequestContext, userId: number, now: Date): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // One atomic increment: parallel wrong guesses can't slip past the threshold between a read and a write.
    const [row] = await tx
      .update(users)
      .set({ failedLogins: sql`${users.failedLogins} + 1` })
      .where(eq(users.id, userId))
      .returning({ failedLogins: users.failedLogins, uuid: users.uuid });
    const locks = !!row && row.failedLogins % LOGIN_LOCK_THRESHOLD === 0;
    if (locks) {
      await tx
        .update(users)
        .set({ lockedUntil: new Date(now.getTime() + LOGIN_LOCK_MS) })
        .where(and(eq(users.id, userId)));
    }
    await recordAudit(tx, ctx, {
      action: locks ? 'sign-in-locked' : 'sign-in-failed',
      entity: 'user',
      entityId: row?.uuid,
      actorUserId: userId,
      after: { failedLogins: row?.failedLogins },
    });
  });
}

/** Ends the caller's session. Calling it without a (live) session is not an error: the user is signed out. */
export async function logout(ctx: RequestContext): Promise<void> {
  if (!ctx.caller) return;
  await ctx.db.transaction(async (tx) => {
    await endSession(tx, ctx.caller!.sessionTokenHash, ctx.now());
    await recordAudit(tx, ctx, { action: 'sign-out', entity: 'user', entityId: ctx.caller!.userUuid });
  });
}
