import { IP_FAILURE_LIMIT, IP_WINDOW_MS } from '@ebt/core/constants';
import { APP_ERROR_CODE } from '@ebt/core/errors';
import { eq, sql } from 'drizzle-orm';
import type { AuthenticateBody, AuthenticateResponse } from '@ebt/core/auth';
import { MESSAGES } from '@ebt/core/messages';
import { users } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import type { RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { dummyPasswordHash, verifyPassword } from '../../platform/passwords.js';
import { hitRateLimit, peekRateLimitWindow, retryAfterSeconds } from '../../platform/rate-limit.js';
import { SIGN_IN_STATUSES } from '../../platform/session-hook.js';
import { createSession, endSession } from '../../platform/sessions.js';
import {
  clearSignInFailures,
  forgetFailuresBefore,
  isLocked,
  normalizeUsername,
  readSignInFailures,
  recordSignInFailure,
  usernameKey,
} from './sign-in-failures.js';

/**
 * Sign-in throttling (docs/decisions/0016-sign-in-without-account-discovery.md, superseding 0002's per-account rule):
 * - per username, known or not (sign-in-failures.ts): every LOGIN_LOCK_THRESHOLD-th failure in a row locks the
 *   username for LOGIN_LOCK_MS, answered 429 even to the right password; a success resets the count;
 * - per address: more than IP_FAILURE_LIMIT failures from one address within IP_WINDOW_MS answer 429 for the rest
 *   of the window, which slows password spraying across many usernames.
 * An unknown username, a wrong password and a user who may not sign in (not activated, pending, disabled) all take
 * the same path: the same statements, one argon2 verification, the same 401 body.
 */
export async function authenticate(
  ctx: RequestContext,
  body: AuthenticateBody,
  meta: { userAgent?: string },
): Promise<AuthenticateResponse> {
  const now = ctx.now();
  const ipKey = `sign-in:ip:${ctx.ip ?? 'unknown'}`;
  // Each 429 says in Retry-After when the window or the lock ends.
  const ipWindow = await peekRateLimitWindow(ctx.db, ipKey, IP_WINDOW_MS, now);
  if (ipWindow.count >= IP_FAILURE_LIMIT) {
    throw AppError.tooManyRequests(
      MESSAGES.LOGIN_THROTTLED,
      APP_ERROR_CODE.SIGN_IN_THROTTLED,
      ipWindow.retryAfterSeconds,
    );
  }

  const normalizedUsername = normalizeUsername(body.username);
  const key = usernameKey(normalizedUsername, ctx.config.hmacKey);
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, normalizedUsername))
    .limit(1);
  const forgetBefore = forgetFailuresBefore(now, user?.passwordChangedAt);
  const failures = await readSignInFailures(ctx.db, key);
  if (isLocked(failures, now, forgetBefore)) {
    throw AppError.tooManyRequests(
      MESSAGES.LOGIN_LOCKED,
      APP_ERROR_CODE.SIGN_IN_LOCKED,
      retryAfterSeconds(failures!.lockedUntil!, now),
    );
  }

  // One argon2 verification on every path: against the dummy hash for an unknown username or a user without a
  // password yet, so the answer takes the same time whoever asks (modules/auth/sign-in-timing.test.ts).
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
  const maySignIn = !!user && passwordOk && !!user.passwordHash && SIGN_IN_STATUSES.includes(user.statusId);

  if (!user || !maySignIn) {
    await hitRateLimit(ctx.db, ipKey, IP_WINDOW_MS, now);
    await recordFailure(ctx, { key, normalizedUsername }, user, now, forgetBefore);
    throw AppError.unauthorized(MESSAGES.LOGIN_INVALID);
  }

  return ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now }).where(eq(users.id, user.id));
    await clearSignInFailures(tx, key);
    const token = await createSession(tx, user.id, now, { ip: ctx.ip, userAgent: meta.userAgent });
    await recordAudit(tx, ctx, { action: 'sign-in', entity: 'user', entityId: user.uuid, actorUserId: user.id });
    return { token };
  });
}

/**
 * Counts the failure and writes its audit row, for a known and an unknown username alike (the unknown one's row
 * names no user and never the typed username, which may be a password typed into the wrong field).
 */
async function recordFailure(
  ctx: RequestContext,
  target: { key: string; normalizedUsername: string },
  user: { id: number; uuid: string } | undefined,
  now: Date,
  forgetBefore: Date,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { failures, locks } = await recordSignInFailure(tx, target, now, forgetBefore);
    await recordAudit(tx, ctx, {
      action: locks ? 'sign-in-locked' : 'sign-in-failed',
      entity: 'user',
      entityId: user?.uuid ?? null,
      actorUserId: user?.id ?? null,
      after: { failedLogins: failures },
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
