import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { rateLimits } from '../db/schema/index.js';

/** A key's count in its current window, and the seconds until that window ends (a 429's Retry-After). */
export interface RateLimitWindow {
  count: number;
  retryAfterSeconds: number;
}

/**
 * Seconds from `now` until `until`, rounded up and at least 1: the Retry-After of a 429 whose lock or window ends
 * then (a lock that has just ended still says 1, never 0, which some clients read as 'retry at once, forever').
 */
export function retryAfterSeconds(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/**
 * Fixed-window counters in PostgreSQL, so every server instance counts together (architecture.md "Scale").
 * `hit` adds one to the key's window (starting a new window when the old one is over) and answers the count.
 */
export async function hitRateLimit(db: DbOrTx, key: string, windowMs: number, now: Date): Promise<number> {
  return (await hitRateLimitWindow(db, key, windowMs, now)).count;
}

/** hitRateLimit, also answering when the window ends: for the 429 refused above the limit. */
export async function hitRateLimitWindow(
  db: DbOrTx,
  key: string,
  windowMs: number,
  now: Date,
): Promise<RateLimitWindow> {
  const windowStartFloor = new Date(now.getTime() - windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${windowStartFloor} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowStartFloor} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  const windowStart = row?.windowStart ?? now;
  return {
    count: row?.count ?? 1,
    retryAfterSeconds: retryAfterSeconds(new Date(windowStart.getTime() + windowMs), now),
  };
}

/** The current count of a key's window without adding to it, and when the window ends (no live window: 0, and the
 * window's length). */
export async function peekRateLimitWindow(
  db: DbOrTx,
  key: string,
  windowMs: number,
  now: Date,
): Promise<RateLimitWindow> {
  const rows = await db
    .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key}`);
  const row = rows[0];
  if (!row || row.windowStart.getTime() <= now.getTime() - windowMs) {
    return { count: 0, retryAfterSeconds: retryAfterSeconds(new Date(now.getTime() + windowMs), now) };
  }
  return {
    count: row.count,
    retryAfterSeconds: retryAfterSeconds(new Date(row.windowStart.getTime() + windowMs), now),
  };
}

export async function clearRateLimit(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}
