import { eq, lt, sql } from 'drizzle-orm';
import { LOGIN_LOCK_MS, LOGIN_LOCK_THRESHOLD } from '@ebt/core/constants';
import type { DbOrTx } from '../../db/client.js';
import { signInFailures, users } from '../../db/schema/index.js';
import { keyedHash } from '../../platform/crypto.js';

/**
 * Failed sign-ins counted and locked per username, whether or not a user has that name (docs/decisions/0016):
 * the same rows, the same statements and the same lock for a known and an unknown username, so neither the
 * status, the body nor the lock tells an attacker which accounts exist.
 */

/** A day without a failure forgets the count: rows of made-up usernames can then be purged (purgeSignInFailures). */
export const FAILURE_MEMORY_MS = 24 * 60 * 60_000;

/** How usernames are matched at sign-in (users_username_lower_key): trimmed, without regard to case. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** A keyed hash, so a password typed into the username field never lands in the table. */
export function usernameKey(normalizedUsername: string, hmacKey: Buffer): string {
  return keyedHash(`sign-in:${normalizedUsername}`, hmacKey);
}

export interface SignInFailures {
  failures: number;
  lastFailedAt: Date;
  lockedUntil: Date | null;
}

export async function readSignInFailures(db: DbOrTx, key: string): Promise<SignInFailures | undefined> {
  const [row] = await db
    .select({
      failures: signInFailures.failures,
      lastFailedAt: signInFailures.lastFailedAt,
      lockedUntil: signInFailures.lockedUntil,
    })
    .from(signInFailures)
    .where(eq(signInFailures.usernameHash, key));
  return row;
}

/**
 * Failures at or before this instant no longer count: those over a day old, and those before the user's password
 * was last set (a reset through the mailbox or an activation ends the lock, as recovery/activation.ts promises).
 * Only the account's owner can set its password, so this difference between known and unknown names tells nothing.
 */
export function forgetFailuresBefore(now: Date, passwordChangedAt: Date | null | undefined): Date {
  const memory = now.getTime() - FAILURE_MEMORY_MS;
  return new Date(Math.max(memory, passwordChangedAt?.getTime() ?? memory));
}

export function isLocked(state: SignInFailures | undefined, now: Date, forgetBefore: Date): boolean {
  return (
    !!state?.lockedUntil &&
    state.lockedUntil.getTime() > now.getTime() &&
    state.lastFailedAt.getTime() > forgetBefore.getTime()
  );
}

/**
 * Adds one failure in one atomic upsert (parallel wrong guesses cannot slip past the threshold between a read and
 * a write); every LOGIN_LOCK_THRESHOLD-th failure in a row locks the username for LOGIN_LOCK_MS. Then mirrors the
 * count onto the user row (part 2 §3 `failedLogins`) with an update by name, which runs — and matches nothing —
 * for an unknown username too, so both paths cost the same statements.
 */
export async function recordSignInFailure(
  tx: DbOrTx,
  target: { key: string; normalizedUsername: string },
  now: Date,
  forgetBefore: Date,
): Promise<{ failures: number; locks: boolean; lockedUntil: Date | null }> {
  const lockUntil = new Date(now.getTime() + LOGIN_LOCK_MS);
  const stale = sql`${signInFailures.lastFailedAt} <= ${forgetBefore}`;
  const nextCount = sql`case when ${stale} then 1 else ${signInFailures.failures} + 1 end`;
  const [row] = await tx
    .insert(signInFailures)
    .values({ usernameHash: target.key, failures: 1, lastFailedAt: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: signInFailures.usernameHash,
      set: {
        failures: nextCount,
        lockedUntil: sql`case when (${nextCount}) % ${LOGIN_LOCK_THRESHOLD} = 0 then ${lockUntil}
          when ${stale} then null else ${signInFailures.lockedUntil} end`,
        lastFailedAt: now,
      },
    })
    .returning({ failures: signInFailures.failures, lockedUntil: signInFailures.lockedUntil });
  const failures = row?.failures ?? 1;
  const lockedUntil = row?.lockedUntil ?? null;
  await tx
    .update(users)
    .set({ failedLogins: failures, lockedUntil })
    .where(eq(sql`lower(${users.username})`, target.normalizedUsername));
  return { failures, locks: failures % LOGIN_LOCK_THRESHOLD === 0, lockedUntil };
}

/** A successful sign-in ends the run of failures. */
export async function clearSignInFailures(tx: DbOrTx, key: string): Promise<void> {
  await tx.delete(signInFailures).where(eq(signInFailures.usernameHash, key));
}

/** The scheduled purge: rows whose last failure is over a day old count for nothing (and hold no live lock). */
export async function purgeSignInFailures(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .delete(signInFailures)
    .where(lt(signInFailures.lastFailedAt, new Date(now.getTime() - FAILURE_MEMORY_MS)))
    .returning({ key: signInFailures.usernameHash });
  return rows.length;
}
