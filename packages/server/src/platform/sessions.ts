import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { SESSION_ABSOLUTE_MS } from '@ebt/core/constants';
import type { DbOrTx } from '../db/client.js';
import { sessions } from '../db/schema/index.js';
import { randomToken, sha256 } from './crypto.js';

/**
 * Opaque bearer tokens (architecture.md "Sessions and sign-in"): 256 random bits, a new one at each sign-in,
 * stored only as a SHA-256 digest. A session ends after SESSION_IDLE_MS without a call, SESSION_ABSOLUTE_MS
 * in all, at logout, and when the user is disabled or deleted (endUserSessions). Each request resolves its
 * session in platform/caller-statement.ts.
 */

export async function createSession(
  db: DbOrTx,
  userId: number,
  now: Date,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    ip: meta.ip?.slice(0, 64),
    userAgent: meta.userAgent?.slice(0, 300),
  });
  return token;
}

export async function endSession(db: DbOrTx, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.endedAt)));
}

/** Ends every open session of a user: called when an account is disabled, deleted or its password changes. */
export async function endUserSessions(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}

/** Housekeeping job: sessions that ended or expired more than a day ago are of no further use. */
export async function purgeOldSessions(db: DbOrTx, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - 24 * 3_600_000);
  const removed = await db
    .delete(sessions)
    .where(or(lt(sessions.endedAt, cutoff), lt(sessions.expiresAt, cutoff), lt(sessions.lastSeenAt, cutoff)))
    .returning({ tokenHash: sessions.tokenHash });
  return removed.length;
}
