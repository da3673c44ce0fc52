import { APP_ERROR_CODE } from '@ebt/core/errors';
import { FARMER_APPLICATION_MESSAGES as M } from '@ebt/core/farmer-applications';
import type { RequestContext } from '../../platform/context.js';
import { keyedHash } from '../../platform/crypto.js';
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

/**
 * Codes sent to one e-mail address, and to one mobile number, an hour, whoever asks and from however many networks: the
 * limit per address alone would let someone with many addresses flood a stranger's phone with texts. Five is more than
 * a farmer who mistyped, waited or lost a message needs; each send ends nothing, so the last codes still work.
 */
export const CODES_PER_CONTACT = 5;

export const throttleKey = (kind: PublicKind, ip: string | undefined) =>
  `farmer-application:${kind}:${ip ?? 'unknown'}`;

/**
 * The key of a contact's window: a keyed hash (the PAN key, as the sign-in failures' keys), so rate_limits holds no
 * e-mail or phone number and the key cannot be reversed by hashing every phone number.
 */
export const contactKey = (channel: 'email' | 'mobile', value: string, hmacKey: Buffer) =>
  `farmer-application:codes-to:${keyedHash(`${channel}:${value}`, hmacKey)}`;

/**
 * Counts a send against the e-mail's and the mobile's windows (both, so a refused send still counts for each); 429
 * CONTACT_THROTTLED with the later Retry-After when either is over the limit.
 */
export async function throttleContact(
  ctx: RequestContext,
  contact: { email: string; mobilePhone: string },
): Promise<void> {
  const now = ctx.now();
  const keys = [
    contactKey('email', contact.email.trim().toLowerCase(), ctx.config.hmacKey),
    contactKey('mobile', contact.mobilePhone, ctx.config.hmacKey),
  ];
  const windows = await Promise.all(keys.map((key) => hitRateLimitWindow(ctx.db, key, PUBLIC_WINDOW_MS, now)));
  const over = windows.filter((w) => w.count > CODES_PER_CONTACT);
  if (over.length > 0)
    throw AppError.tooManyRequests(
      M.CONTACT_THROTTLED,
      APP_ERROR_CODE.TOO_MANY_REQUESTS,
      Math.max(...over.map((w) => w.retryAfterSeconds)),
    );
}

/** Counts the request against the address's window of its kind; 429 THROTTLED with Retry-After above the limit. */
export async function throttlePublic(ctx: RequestContext, kind: PublicKind): Promise<void> {
  const hits = await hitRateLimitWindow(ctx.db, throttleKey(kind, ctx.ip), PUBLIC_WINDOW_MS, ctx.now());
  if (hits.count > PUBLIC_LIMITS[kind])
    throw AppError.tooManyRequests(M.THROTTLED, APP_ERROR_CODE.TOO_MANY_REQUESTS, hits.retryAfterSeconds);
}
