import { and, eq, gt, isNull } from 'drizzle-orm';
import { USER_STATUS } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { ACTIVATION_LINK_TTL_MS, RESET_LINK_TTL_MS } from '@ebt/core/recovery';
import type { DbOrTx } from '../../db/client.js';
import { users, userTokens, type UserRow } from '../../db/schema/index.js';
import type { RequestContext } from '../../platform/context.js';
import { randomToken, sha256 } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { htmlOfText, noticeLanguage, noticeText } from '../../platform/notice-mail.js';
import { queueMessage } from '../../platform/outbox.js';

/**
 * Activation and reset links (docs/decisions/0005-account-recovery-links-and-codes.md): a 256-bit random token in
 * the link, only its SHA-256 in user_tokens; single use (used_at), a lifetime per purpose (expires_at), and a newer
 * link of the same purpose ends every older unused one. The e-mail is queued in the caller's transaction, so a
 * link is never sent for a change that rolled back.
 */
export type LinkPurpose = 'activation' | 'reset';

// The e-mail's words are core NOTICE_MESSAGES, in the user's language (users.preferred_language; English before a
// choice): a recipient who chose Spanish activates and resets in Spanish.
const LINKS = {
  activation: {
    ttlMs: ACTIVATION_LINK_TTL_MS,
    page: 'validate',
    subject: 'ACTIVATION_SUBJECT',
    opening: 'ACTIVATION_OPENING',
    expiry: 'ACTIVATION_EXPIRY',
    linkText: 'LINK_ACTIVATE',
  },
  reset: {
    ttlMs: RESET_LINK_TTL_MS,
    page: 'resetpass',
    subject: 'RESET_SUBJECT',
    opening: 'RESET_OPENING',
    expiry: 'RESET_EXPIRY',
    linkText: 'LINK_RESET_PASSWORD',
  },
} as const satisfies Record<LinkPurpose, object>;

/** Users an activation link may be sent to and may activate: not disabled, not deleted. */
export const ACTIVATABLE_STATUSES: readonly number[] = [
  USER_STATUS.PENDING,
  USER_STATUS.REGISTERED,
  USER_STATUS.ENABLED,
];
/** Users a reset link works for: those who may sign in (Registered, Enabled). */
export const RESETTABLE_STATUSES: readonly number[] = [USER_STATUS.REGISTERED, USER_STATUS.ENABLED];

type LinkUser = Pick<UserRow, 'id' | 'email' | 'firstName' | 'statusId' | 'passwordHash'> & {
  preferredLanguage?: string | null;
};
type Ctx = Pick<RequestContext, 'now' | 'log' | 'config'>;

/**
 * Creates an activation link and queues its e-mail. A user who has activated already (has a password) gets one only
 * when forced (resolution 4: resetHash / resetEmailVerified); a disabled or deleted user never does (409).
 */
export async function issueActivationLink(
  tx: DbOrTx,
  ctx: Ctx,
  user: LinkUser,
  options: { force?: boolean } = {},
): Promise<void> {
  if (!ACTIVATABLE_STATUSES.includes(user.statusId)) throw AppError.conflict(MESSAGES.ACTIVATION_NOT_ALLOWED);
  if (user.passwordHash && !options.force) throw AppError.conflict(MESSAGES.ACCOUNT_ALREADY_ACTIVATED);
  await issueLink(tx, ctx, user, 'activation');
}

/** Creates a reset link and queues its e-mail (forgot password step 3). */
export async function issueResetLink(tx: DbOrTx, ctx: Ctx, user: LinkUser): Promise<void> {
  await issueLink(tx, ctx, user, 'reset');
}

async function issueLink(tx: DbOrTx, ctx: Ctx, user: LinkUser, purpose: LinkPurpose): Promise<void> {
  const now = ctx.now();
  const link = LINKS[purpose];
  const token = randomToken();
  await endLiveTokens(tx, user.id, purpose, now);
  await tx.insert(userTokens).values({
    userId: user.id,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + link.ttlMs),
    createdAt: now,
  });
  const url = `${ctx.config.publicUrl}/${link.page}?hash=${token}`;
  const language = noticeLanguage(user.preferredLanguage);
  const t = (key: Parameters<typeof noticeText>[1]) => noticeText(language, key);
  const subject = t(link.subject);
  const greeting = noticeText(language, 'GREETING_NAMED', { name: user.firstName });
  const body = `${greeting}\n\n${t(link.opening)}\n\n${url}\n\n${t(link.expiry)}\n`;
  await queueMessage(tx, ctx, {
    channel: 'email',
    to: user.email,
    subject,
    body,
    html: htmlOfText(language, subject, body, t(link.linkText)),
    kind: purpose === 'activation' ? 'account-activation' : 'password-reset',
  });
}

/** Ends (expires now) every unused, unexpired token of a purpose, or only those of one `context` (an OTP's flow). */
export async function endLiveTokens(
  tx: DbOrTx,
  userId: number,
  purpose: LinkPurpose | 'otp',
  now: Date,
  context?: string,
): Promise<void> {
  await tx
    .update(userTokens)
    .set({ expiresAt: now })
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
        context === undefined ? undefined : eq(userTokens.context, context),
      ),
    );
}

/** The live link of a token, with its user, or null when unknown, used, expired or of another purpose. */
export async function findLiveLink(db: DbOrTx, purpose: LinkPurpose, token: string, now: Date) {
  const [row] = await db
    .select({ tokenId: userTokens.id, user: users })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(
      and(
        eq(userTokens.tokenHash, sha256(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row) return null;
  const statuses = purpose === 'activation' ? ACTIVATABLE_STATUSES : RESETTABLE_STATUSES;
  return statuses.includes(row.user.statusId) ? row : null;
}

/**
 * Marks a link or code used, once: the conditional update makes two simultaneous submissions of one link end with one
 * success. Answers false when another request used it first.
 */
export async function useToken(tx: DbOrTx, tokenId: number, now: Date): Promise<boolean> {
  const used = await tx
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.id, tokenId), isNull(userTokens.usedAt), gt(userTokens.expiresAt, now)))
    .returning({ id: userTokens.id });
  return used.length === 1;
}
