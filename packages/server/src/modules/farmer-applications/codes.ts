import { randomInt } from 'node:crypto';
import {
  CONFIRMATION_CODE_LENGTH,
  type ConfirmationBody,
  type ConfirmationSent,
  type ConfirmBody,
  type Confirmed,
  FARMER_APPLICATION_MESSAGES as M,
} from '@ebt/core/farmer-applications';
import { fillMessage } from '@ebt/core/messages';
import { maskEmail, maskPhone } from '@ebt/core/recovery';
import { phoneDigits } from '@ebt/core/validation';
import { APP_ERROR_CODE } from '@ebt/core/errors';
import { recordAudit } from '../../platform/audit.js';
import type { RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { sendCodes as sendCodeMessages } from './notices.js';
import { claimAttempt, findConfirmation, insertConfirmation, markConfirmed } from './queries.js';
import { throttleContact, throttlePublic } from './throttle.js';

// The one-time codes that confirm a farmer's e-mail and mobile before they submit (docs/decisions/0111): two codes of
// 6 digits from the CSPRNG, one e-mailed and one texted, stored only as argon2id hashes, valid 10 minutes, burnt after
// 5 wrong tries. A confirmed contact may be named by one application within 24 hours.

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
/** How long a confirmed contact may be used to submit. */
export const CONFIRMATION_VALID_MS = 24 * 60 * 60_000;

const ENTITY = 'farmer_application_confirmation';

function newCode(): string {
  return randomInt(0, 10 ** CONFIRMATION_CODE_LENGTH)
    .toString()
    .padStart(CONFIRMATION_CODE_LENGTH, '0');
}

/** POST /merchant-api/farmer-application/confirmations: a code to each, in the farmer's language. */
export async function sendConfirmationCodes(ctx: RequestContext, body: ConfirmationBody): Promise<ConfirmationSent> {
  await throttlePublic(ctx, 'codes');
  const contact = { email: body.email, mobilePhone: phoneDigits(body.mobilePhone), language: body.language };
  await throttleContact(ctx, contact);
  const codes = { email: newCode(), mobile: newCode() };
  // argon2 before the transaction, so it does not wait on the hashes.
  const [emailCodeHash, mobileCodeHash] = await Promise.all([hashPassword(codes.email), hashPassword(codes.mobile)]);
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  const emailSentTo = maskEmail(contact.email);
  const mobileSentTo = maskPhone(contact.mobilePhone);
  return ctx.db.transaction(async (tx) => {
    const row = await insertConfirmation(tx, {
      ...contact,
      emailCodeHash,
      mobileCodeHash,
      expiresAt,
      createdAt: now,
    });
    await sendCodeMessages(tx, ctx, contact, codes);
    await recordAudit(tx, ctx, {
      action: 'create',
      entity: ENTITY,
      entityId: row.uuid,
      after: { emailSentTo, mobileSentTo, language: contact.language },
    });
    return {
      confirmationId: row.uuid,
      emailSentTo,
      mobileSentTo,
      expiresAt: expiresAt.toISOString(),
      message: fillMessage(M.CODES_SENT, { email: emailSentTo, mobile: mobileSentTo }),
    };
  });
}

/**
 * POST …/confirmations/{confirmationId}: both codes right confirm the contact. A wrong code answers 400 with the field
 * of each wrong one; a try is claimed before the codes are compared, so the sixth try after five wrong ones, like a
 * try after the 10 minutes or after the confirmation was used, answers 409. Unknown: 404.
 */
export async function confirmContact(
  ctx: RequestContext,
  confirmationId: string,
  body: ConfirmBody,
): Promise<Confirmed> {
  await throttlePublic(ctx, 'confirm');
  const uuid = confirmationId.toLowerCase();
  const now = ctx.now();
  const claimed = await claimAttempt(ctx.db, uuid, now, CODE_MAX_ATTEMPTS);
  if (!claimed) {
    if (!(await findConfirmation(ctx.db, uuid))) throw AppError.notFound(M.CODE_EXPIRED);
    throw AppError.conflict(M.CODE_EXPIRED);
  }
  const [emailRight, mobileRight] = await Promise.all([
    verifyPassword(claimed.emailCodeHash, body.emailCode),
    verifyPassword(claimed.mobileCodeHash, body.mobileCode),
  ]);
  if (!emailRight || !mobileRight) {
    const fields = [...(emailRight ? [] : ['emailCode']), ...(mobileRight ? [] : ['mobileCode'])];
    const entries = fields.map((field) => ({
      appErrorCode: APP_ERROR_CODE.BAD_REQUEST,
      appErrorMessage: M.CODE_WRONG,
      field,
    }));
    throw new AppError(400, M.CODE_WRONG, APP_ERROR_CODE.BAD_REQUEST, fields[0], entries);
  }
  if (claimed.confirmedAt === null)
    await ctx.db.transaction(async (tx) => {
      await markConfirmed(tx, claimed.id, now);
      await recordAudit(tx, ctx, {
        action: 'confirm',
        entity: ENTITY,
        entityId: uuid,
        before: { confirmed: false },
        after: { confirmed: true },
      });
    });
  return { confirmationId: uuid, confirmed: true, message: M.CONTACT_CONFIRMED };
}
