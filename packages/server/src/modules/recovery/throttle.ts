import { RECOVERY_ERROR_CODE } from '@ebt/core/recovery';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { hitRateLimitWindow, peekRateLimitWindow } from '../../platform/rate-limit.js';

// Rate-limit keys of the recovery flows (docs/decisions/0005). Counters live in PostgreSQL (rate_limits), so every
// server instance counts together, and they are written outside the request's transaction: a refused request
// still counts.

export const lookupKey = (ip: string | undefined) => `recovery:lookup:${ip ?? 'unknown'}`;
export const stepKey = (ip: string | undefined) => `recovery:step:${ip ?? 'unknown'}`;
export const answerFailureKey = (userId: number) => `recovery:answer-fail:${userId}`;
export const codesSentKey = (userId: number) => `recovery:codes:${userId}`;

/**
 * Counts one request against a key and refuses it with 429 SEC-001 (the client locks its form) above the limit, with
 * a Retry-After of the seconds until the key's window ends.
 */
export async function throttle(
  db: DbOrTx,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
  message: string,
): Promise<void> {
  const counted = await hitRateLimitWindow(db, key, windowMs, now);
  if (counted.count > limit) {
    throw AppError.tooManyRequests(message, RECOVERY_ERROR_CODE.LOCKED, counted.retryAfterSeconds);
  }
}

/** Refuses with 429 SEC-001 while a key's window already holds `limit` hits, without adding one. */
export async function refuseWhenLocked(
  db: DbOrTx,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
  message: string,
): Promise<void> {
  const counted = await peekRateLimitWindow(db, key, windowMs, now);
  if (counted.count >= limit) {
    throw AppError.tooManyRequests(message, RECOVERY_ERROR_CODE.LOCKED, counted.retryAfterSeconds);
  }
}
