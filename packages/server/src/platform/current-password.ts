import { APP_ERROR_CODE } from '@ebt/core/errors';
import { MESSAGES } from '@ebt/core/messages';
import { PASSWORD_CHANGE_FAILURE_LIMIT, PASSWORD_CHANGE_WINDOW_MS } from '@ebt/core/recovery';
import { recordAudit, type AuditEntry } from './audit.js';
import type { CallerContext } from './context.js';
import { AppError } from './errors.js';
import { verifyPassword } from './passwords.js';
import { hitRateLimitWindow, peekRateLimitWindow } from './rate-limit.js';

/**
 * The signed-in user's own password, asked before a change only they may make (their password, a card's PIN). Wrong
 * ones count in one window per user whichever page asked (PASSWORD_CHANGE_FAILURE_LIMIT in PASSWORD_CHANGE_WINDOW_MS;
 * the last answers 429), so a borrowed session cannot guess the password on one page after another; each is audited
 * with `failure`. Answers 400 on `currentPassword` when wrong; returns when right.
 */
export async function checkCurrentPassword(
  ctx: CallerContext,
  passwordHash: string | null | undefined,
  password: string,
  failure: AuditEntry,
): Promise<void> {
  const now = ctx.now();
  const key = `account:password-fail:${ctx.caller.userId}`;
  const window = await peekRateLimitWindow(ctx.db, key, PASSWORD_CHANGE_WINDOW_MS, now);
  if (window.count >= PASSWORD_CHANGE_FAILURE_LIMIT)
    throw AppError.tooManyRequests(
      MESSAGES.TOO_MANY_ATTEMPTS,
      APP_ERROR_CODE.TOO_MANY_REQUESTS,
      window.retryAfterSeconds,
    );
  if (await verifyPassword(passwordHash, password)) return;
  const failures = await hitRateLimitWindow(ctx.db, key, PASSWORD_CHANGE_WINDOW_MS, now);
  await recordAudit(ctx.db, ctx, failure);
  if (failures.count >= PASSWORD_CHANGE_FAILURE_LIMIT)
    throw AppError.tooManyRequests(
      MESSAGES.TOO_MANY_ATTEMPTS,
      APP_ERROR_CODE.TOO_MANY_REQUESTS,
      failures.retryAfterSeconds,
    );
  throw AppError.badRequest(MESSAGES.CURRENT_PASSWORD_INVALID, 'currentPassword');
}
