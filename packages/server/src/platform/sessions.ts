import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@ebt/core/constants';
import type { DbOrTx } from '../db/client.js';
import { sessions } from '../db/schema/index.js';
import { randomToken, sha256 } from './crypto.js';

/**
 * Opaque bearer tokens (architecture.md "Sessions and sign-in"): 256 random bits, a new one at each sign-in,
 * stored only as a SHA-256 digest. A session ends after SESSION_IDLE_MS without a call, SESSION_ABSOLUTE_MS
 * in all, at logout, and when the user is disabled or deleted (endUserSessions).
 */

// last_seen_at is written at most this often: an idle limit of 20 minutes doesn't need per-request writes.
const TOUCH_EVERY_MS = 15_000;

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

export type SessionLookup =
  { ok: true; userId: number; tokenHash: string } | { ok: false; reason: 'unknown' | 'ended' | 'expired' };

/** Finds the live session of a token and records the call; an idle or expired session is ended on the spot. */
export async function resolveSession(db: DbOrTx, token: string, now: Date): Promise<SessionLookup> {
  const tokenHash = sha256(token);
  const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.endedAt) return { ok: false, reason: 'ended' };
  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  if (idleFor > SESSION_IDLE_MS || now.getTime() >= row.expiresAt.getTime()) {
    await db.update(sessions).set({ endedAt: now }).where(eq(sessions.tokenHash, tokenHash));
    return { ok: false, reason: 'expired' };
  }
  if (idleFor > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  return { ok: true, userId: row.userId, tokenHash };
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
