import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { OtpPreference } from '@ebt/core/enums';
import { fillMessage, MESSAGES } from '@ebt/core/messages';
import {
  maskEmail,
  maskPhone,
  RECOVERY_CODE_LENGTH,
  RECOVERY_CODE_MAX_ATTEMPTS,
  RECOVERY_CODE_TTL_MS,
  type RecoveryCodeSent,
} from '@ebt/core/recovery';
import type { DbOrTx } from '../../db/client.js';
import { userTokens, type UserRow } from '../../db/schema/index.js';
import type { RequestContext } from '../../platform/context.js';
import { htmlOfText, noticeLanguage, noticeText } from '../../platform/notice-mail.js';
import { queueMessage } from '../../platform/outbox.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { endLiveTokens } from './links.js';

/**
 * One-time codes of the forgot password and forgot username flows (docs/decisions/0005): 6 digits from the CSPRNG,
 * stored only as an argon2id hash in user_tokens (purpose 'otp', context = the flow), valid 10 minutes, used once,
 * burnt after 5 wrong entries. A new code ends the user's older codes of the same flow.
 */
export type RecoveryFlow = 'password' | 'username';

type CodeUser = Pick<UserRow, 'id' | 'email' | 'mobile' | 'otpPreference'> & { preferredLanguage?: string | null };

export function newRecoveryCode(): string {
  return randomInt(0, 10 ** RECOVERY_CODE_LENGTH)
    .toString()
    .padStart(RECOVERY_CODE_LENGTH, '0');
}

/**
 * Creates a code and sends it by the user's preference: SMS to users.mobile, or e-mail. A user who chose SMS but
 * has no mobile number gets an e-mail (the answer says which channel was used). `codeHash` is computed before the
 * transaction so the transaction does not wait on argon2. The words are the user's language (core NOTICE_MESSAGES).
 */
export async function issueRecoveryCode(
  tx: DbOrTx,
  ctx: Pick<RequestContext, 'now' | 'log'>,
  user: CodeUser,
  flow: RecoveryFlow,
  code: { value: string; hash: string },
): Promise<RecoveryCodeSent> {
  const now = ctx.now();
  // Only this flow's codes: starting forgot username must not cancel a forgot-password code on its way.
  await endLiveTokens(tx, user.id, 'otp', now, flow);
  await tx.insert(userTokens).values({
    userId: user.id,
    purpose: 'otp',
    tokenHash: code.hash,
    context: flow,
    expiresAt: new Date(now.getTime() + RECOVERY_CODE_TTL_MS),
    createdAt: now,
  });
  const channel: OtpPreference = user.otpPreference === 'sms' && user.mobile ? 'sms' : 'email';
  const language = noticeLanguage(user.preferredLanguage);
  const text = noticeText(language, flow === 'password' ? 'CODE_FOR_PASSWORD' : 'CODE_FOR_USERNAME', {
    code: code.value,
  });
  if (channel === 'sms') {
    await queueMessage(tx, ctx, {
      channel: 'sms',
      to: user.mobile!,
      subject: noticeText(language, 'CODE_SMS_SUBJECT'),
      body: text,
      kind: 'sign-in-code',
    });
  } else {
    // The code is in the body only, never in the subject (a phone's lock screen shows subjects).
    const subject = noticeText(language, 'CODE_SUBJECT');
    const body = `${text}\n\n${noticeText(language, 'CODE_IGNORE')}\n`;
    await queueMessage(tx, ctx, {
      channel: 'email',
      to: user.email,
      subject,
      body,
      html: htmlOfText(language, subject, body),
      kind: 'sign-in-code',
    });
  }
  const sentTo = channel === 'sms' ? maskPhone(user.mobile!) : maskEmail(user.email);
  return { otpPreference: channel, sentTo, message: fillMessage(MESSAGES.OTP_SENT, { sentTo }) };
}

export async function hashRecoveryCode(): Promise<{ value: string; hash: string }> {
  const value = newRecoveryCode();
  return { value, hash: await hashPassword(value) };
}

/**
 * Checks a code against the user's live code of the flow. An attempt is claimed before the hash is compared (one
 * conditional update), so parallel guesses cannot exceed the attempt limit; the fifth wrong entry leaves the code
 * unusable. Answers the token id to use (with useCode) when the code is right, else null.
 */
export async function checkRecoveryCode(
  db: DbOrTx,
  userId: number,
  flow: RecoveryFlow,
  code: string,
  now: Date,
): Promise<number | null> {
  const [live] = await db
    .select({ id: userTokens.id })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, 'otp'),
        eq(userTokens.context, flow),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
        lt(userTokens.attempts, RECOVERY_CODE_MAX_ATTEMPTS),
      ),
    )
    .orderBy(desc(userTokens.createdAt), desc(userTokens.id))
    .limit(1);
  if (!live) return null;
  const [claimed] = await db
    .update(userTokens)
    .set({ attempts: sql`${userTokens.attempts} + 1` })
    .where(
      and(eq(userTokens.id, live.id), isNull(userTokens.usedAt), lt(userTokens.attempts, RECOVERY_CODE_MAX_ATTEMPTS)),
    )
    .returning({ id: userTokens.id, tokenHash: userTokens.tokenHash });
  if (!claimed) return null;
  return (await verifyPassword(claimed.tokenHash, code)) ? claimed.id : null;
}
