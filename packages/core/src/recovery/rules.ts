import { OTP_TTL_MS } from '../constants/timing.js';

// Lifetimes, code format and throttles of activation, reset and recovery
// (docs/decisions/0005-account-recovery-links-and-codes.md). Shared by the server, which enforces them, and the web,
// which may tell a person how long a link or code lasts.

/** An activation link works once, for 72 hours: staff send it and the person may not read their mail at once. */
export const ACTIVATION_LINK_TTL_MS = 72 * 3_600_000;
/** A reset link works once, for 60 minutes: the person just asked for it. */
export const RESET_LINK_TTL_MS = 60 * 60_000;
/** A one-time code (architecture.md: at most 10 minutes, works once). */
export const RECOVERY_CODE_TTL_MS = OTP_TTL_MS;
export const RECOVERY_CODE_LENGTH = 6;
/** Wrong entries a code survives; the fifth wrong entry burns it. */
export const RECOVERY_CODE_MAX_ATTEMPTS = 5;

/** Wrong security answers per user before recovery is locked (SEC-001) for the rest of the window. */
export const ANSWER_FAILURE_LIMIT = 5;
export const ANSWER_FAILURE_WINDOW_MS = 30 * 60_000;
/** Codes sent to one user per window: a person who knows the answer still cannot flood a mailbox or phone. */
export const CODES_PER_USER_LIMIT = 5;
export const CODES_PER_USER_WINDOW_MS = 60 * 60_000;
/** Step-1 look-ups (username or e-mail) per client address; the client's own lock after 3 misses is a convenience. */
export const LOOKUP_LIMIT_PER_ADDRESS = 10;
export const LOOKUP_WINDOW_MS = 15 * 60_000;
/** Steps 2 and 3 (answers and codes) per client address, across users. */
export const RECOVERY_STEP_LIMIT_PER_ADDRESS = 30;
export const RECOVERY_STEP_WINDOW_MS = 15 * 60_000;
/** Wrong current passwords on the account page per user before the form is refused for the window. */
export const PASSWORD_CHANGE_FAILURE_LIMIT = 5;
export const PASSWORD_CHANGE_WINDOW_MS = 15 * 60_000;

/** Error codes of the recovery flows. USR-404 and SEC-001 are the specification's (A§4, A§8); the rest are ours. */
export const RECOVERY_ERROR_CODE = {
  /** Unknown username or e-mail: the client counts it toward its lock (more than 3). */
  NOT_FOUND: 'USR-404',
  /** The user exists but cannot recover: not activated, disabled, or without a security answer. */
  SETUP_INCOMPLETE: 'SEC-404',
  /** Too many attempts: the client locks its form. Answered with 429. */
  LOCKED: 'SEC-001',
  ANSWER_INVALID: 'SEC-400',
  CODE_INVALID: 'OTP-400',
  LINK_INVALID: 'LNK-404',
} as const;

/**
 * Where a code went, without giving the address away: 'j***@example.com', 'a***@example.com' for one-letter names.
 * The domain stays whole so the person recognises which mailbox to open.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** '***-***-1234': the last four digits only. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `***-***-${digits.slice(-4)}`;
}
