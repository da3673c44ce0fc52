import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { USER_STATUS } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { APP_ERROR_CODE } from '@ebt/core/errors';
import {
  ACTIVATION_LINK_TTL_MS,
  type ConfirmEmailBody,
  type EmailChangeLinkInfo,
  maskEmail,
  RECOVERY_ERROR_CODE,
} from '@ebt/core/recovery';
import type { MessageResponse } from '@ebt/core/account';
import type { DbOrTx } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import type { RequestContext } from '../../platform/context.js';
import { randomToken, sha256 } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { htmlOfText, type NoticeLanguage, noticeLanguage, noticeText } from '../../platform/notice-mail.js';
import { queueMessage } from '../../platform/outbox.js';
import { verifyPassword } from '../../platform/passwords.js';
import { clearRateLimit, hitRateLimitWindow, peekRateLimitWindow } from '../../platform/rate-limit.js';

// A changed e-mail is confirmed (docs/security.md "Secrets at rest"). When staff give a user who has activated (chosen
// a password through a link that reached their mailbox) a new e-mail address, the address links and codes go to does
// not change at once: the new one waits in users.pending_email, a link goes to it, and the old one is told. Until the
// user opens the link, activation, reset and one-time codes keep going to the address the user confirmed, so whoever
// changes the e-mail cannot take the account over by resending activation, and the link asks for the account's password,
// so reading the new mailbox is not enough either. A user who never activated has no address
// of their own yet: the new one applies at once, and the activation link sent to it is its confirmation.

/** An e-mail's subject, text part and the HTML part of the same words (docs/notices.md), in `language`. */
const withHtml = (language: NoticeLanguage, subject: string, body: string, linkText?: string) => ({
  subject,
  body,
  html: htmlOfText(language, subject, body, linkText),
});

/** How long the link to a new address works: as long as an activation link. */
export const EMAIL_CHANGE_TTL_MS = ACTIVATION_LINK_TTL_MS;

type PendingColumns = Pick<
  typeof users.$inferInsert,
  'email' | 'pendingEmail' | 'pendingEmailTokenHash' | 'pendingEmailExpiresAt' | 'emailVerified'
>;

/**
 * The e-mail columns a staff save writes for `requested`, queueing the link to the new address and the notice to the
 * old one in the save's transaction. The same address (in any case) keeps a pending change as it is: the form shows
 * the confirmed address, so saving another field must not cancel it.
 */
export async function staffEmailChange(
  tx: DbOrTx,
  ctx: Pick<RequestContext, 'now' | 'log' | 'config'>,
  user: UserRow,
  requested: string,
): Promise<PendingColumns> {
  if (requested.toLowerCase() === user.email.toLowerCase()) return { email: requested };
  if (user.passwordHash === null)
    return { email: requested, pendingEmail: null, pendingEmailTokenHash: null, pendingEmailExpiresAt: null };
  if (user.pendingEmail !== null && requested.toLowerCase() === user.pendingEmail.toLowerCase())
    return { email: user.email };
  const now = ctx.now();
  const token = randomToken();
  const url = `${ctx.config.publicUrl}/confirm-email?hash=${token}`;
  // In the user's language (core NOTICE_MESSAGES; English before a choice).
  const language = noticeLanguage(user.preferredLanguage);
  const t = (key: Parameters<typeof noticeText>[1], values?: Record<string, string>) =>
    noticeText(language, key, values);
  const greeting = t('GREETING_NAMED', { name: user.firstName });
  await queueMessage(tx, ctx, {
    channel: 'email',
    to: requested,
    kind: 'email-change-confirm',
    ...withHtml(
      language,
      t('EMAIL_CONFIRM_SUBJECT'),
      `${greeting}\n\n${t('EMAIL_CONFIRM_OPENING', { username: user.username })}\n\n${url}\n\n` +
        `${t('EMAIL_CONFIRM_EXPIRY')}\n`,
      t('LINK_CONFIRM_EMAIL'),
    ),
  });
  await queueMessage(tx, ctx, {
    channel: 'email',
    to: user.email,
    kind: 'email-change-notice',
    ...withHtml(
      language,
      t('EMAIL_CHANGING_SUBJECT'),
      `${greeting}\n\n${t('EMAIL_CHANGING_TEXT', { username: user.username, email: maskEmail(requested) })}\n\n` +
        `${t('EMAIL_CHANGING_NEXT')}\n`,
    ),
  });
  return {
    email: user.email,
    pendingEmail: requested,
    pendingEmailTokenHash: sha256(token),
    pendingEmailExpiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
  };
}

/** The user a live confirmation link belongs to (not disabled or deleted), or undefined. */
async function userOfLink(db: DbOrTx, token: string, now: Date, lock = false) {
  const query = db
    .select()
    .from(users)
    .where(
      and(
        eq(users.pendingEmailTokenHash, sha256(token)),
        gt(users.pendingEmailExpiresAt, now),
        ne(users.statusId, USER_STATUS.DISABLED),
        ne(users.statusId, USER_STATUS.DELETED),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row?.pendingEmail ? row : undefined;
}

const linkInvalid = () => AppError.notFound(MESSAGES.EMAIL_CHANGE_LINK_INVALID, RECOVERY_ERROR_CODE.LINK_INVALID);

/** GET /user-api/confirm-email/{hash}: whose new address the link confirms. */
export async function emailChangeLink(ctx: RequestContext, token: string): Promise<EmailChangeLinkInfo> {
  const user = await userOfLink(ctx.db, token, ctx.now());
  if (!user) throw linkInvalid();
  return { username: user.username, email: user.pendingEmail! };
}

/** Wrong passwords a link's user may enter in a window before the confirmation refuses them (429). */
const PASSWORD_FAILURES = 5;
const PASSWORD_WINDOW_MS = 15 * 60_000;

/**
 * POST /user-api/confirm-email/{hash}: with the account's password (the link proves the new mailbox, the password the
 * person: staff who typed an address of their own cannot confirm it), the new address becomes the user's, verified,
 * once; 400 for a wrong password (five in 15 minutes, then 429), 409 when another user took the address meanwhile.
 */
export async function confirmEmailChange(
  ctx: RequestContext,
  token: string,
  body: ConfirmEmailBody,
): Promise<MessageResponse> {
  const now = ctx.now();
  const holder = await userOfLink(ctx.db, token, now);
  if (!holder) throw linkInvalid();
  const failures = `confirm-email:${holder.id}`;
  const window = await peekRateLimitWindow(ctx.db, failures, PASSWORD_WINDOW_MS, now);
  if (window.count >= PASSWORD_FAILURES)
    throw AppError.tooManyRequests(
      MESSAGES.TOO_MANY_ATTEMPTS,
      APP_ERROR_CODE.TOO_MANY_REQUESTS,
      window.retryAfterSeconds,
    );
  if (!(await verifyPassword(holder.passwordHash, body.password))) {
    await hitRateLimitWindow(ctx.db, failures, PASSWORD_WINDOW_MS, now);
    throw AppError.badRequest(MESSAGES.EMAIL_CHANGE_PASSWORD_INVALID, 'password');
  }
  await ctx.db.transaction(async (tx) => {
    const user = await userOfLink(tx, token, now, true);
    if (!user || user.id !== holder.id) throw linkInvalid();
    const email = user.pendingEmail!;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`user-email:${email.toLowerCase()}`}))`);
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, user.id)))
      .limit(1);
    if (taken) throw AppError.conflict(MESSAGES.RECIPIENT_EMAIL_EXISTS, 'email');
    await tx
      .update(users)
      .set({
        email,
        emailVerified: true,
        pendingEmail: null,
        pendingEmailTokenHash: null,
        pendingEmailExpiresAt: null,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await recordAudit(tx, ctx, {
      action: 'confirm-email',
      entity: 'user',
      entityId: user.uuid,
      actorUserId: user.id,
      before: { email: user.email, emailVerified: user.emailVerified },
      after: { email, emailVerified: true },
    });
  });
  await clearRateLimit(ctx.db, failures);
  return { message: MESSAGES.EMAIL_CHANGE_CONFIRMED };
}
