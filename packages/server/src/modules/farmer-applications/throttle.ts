import { APP_ERROR_CODE } from '@ebt/core/errors';
import { FARMER_APPLICATION_MESSAGES as M } from '@ebt/core/farmer-applications';
import type { RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hitRateLimitWindow } from '../../platform/rate-limit.js';

// The public routes' limits per client address (docs/decisions/0111), counted in PostgreSQL (rate_limits) so every
// instance counts together, and outside the request's transaction so a refused request still counts. Each kind of
// request has its own window: reading the form and the status page is cheap and frequent, sending codes costs an
// e-mail and a text message. The limits are high enough for a market's shared Wi-Fi, and for the browser tests, which
// run every spec from one address.

export const PUBLIC_WINDOW_MS = 60 * 60_000;

export const PUBLIC_LIMITS = {
  /** The open programs and the status page: page loads. */
  read: 600,
  /** Codes sent: each sends an e-mail and a text message. */
  codes: 30,
  /** Codes checked (each confirmation also allows only 5 wrong tries). */
  confirm: 120,
  /** Applications submitted and completed. */
  submit: 60,
} as const;

export type PublicKind = keyof typeof PUBLIC_LIMITS;

export const throttleKey = (kind: PublicKind, ip: string | undefined) =>
  `farmer-application:${kind}:${ip ?? 'unknown'}`;

/** Counts the request against the address's window of its kind; 429 THROTTLED with Retry-After above the limit. */
export async function throttlePublic(ctx: RequestContext, kind: PublicKind): Promise<void> {
  const hits = await hitRateLimitWindow(ctx.db, throttleKey(kind, ctx.ip), PUBLIC_WINDOW_MS, ctx.now());
  if (hits.count > PUBLIC_LIMITS[kind])
    throw AppError.tooManyRequests(M.THROTTLED, APP_ERROR_CODE.TOO_MANY_REQUESTS, hits.retryAfterSeconds);
}
