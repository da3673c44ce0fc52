import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { outbox, userSecurityAnswers } from '../db/schema/index.js';
import { hashPassword, normalizeAnswer } from '../platform/passwords.js';
import { makeUser, type MakeUserOptions } from './factories.js';

// Helpers of the recovery tests: a user who can recover, and reading mail from the outbox as a person would.

export const QUESTION_ID = 2;
export const ANSWER = 'Rex the Dog';

export async function makeRecoverableUser(
  db: DbOrTx,
  options: MakeUserOptions & { questionId?: number; answer?: string } = {},
) {
  const { questionId = QUESTION_ID, answer = ANSWER, ...userOptions } = options;
  const user = await makeUser(db, userOptions);
  await db
    .insert(userSecurityAnswers)
    .values({ userId: user.id, questionId, answerHash: await hashPassword(normalizeAnswer(answer)) });
  return user;
}

/** Every message sent to an address, newest first. */
export function messagesTo(db: DbOrTx, to: string) {
  return db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));
}

export async function lastMessageTo(db: DbOrTx, to: string) {
  const [message] = await messagesTo(db, to);
  if (!message) throw new Error(`no message was sent to ${to}`);
  return message;
}

/** The token of the first link in a mail body: `.../validate?hash=TOKEN` or `.../resetpass?hash=TOKEN`. */
export function linkTokenIn(body: string, page: 'validate' | 'resetpass' | 'confirm-email'): string {
  const match = new RegExp(`/${page}\\?hash=([A-Za-z0-9_-]+)`).exec(body);
  if (!match) throw new Error(`no ${page} link in: ${body}`);
  return match[1]!;
}

/** The 6-digit code in a mail or SMS body. */
export function codeIn(body: string): string {
  const match = /\b(\d{6})\b/.exec(body);
  if (!match) throw new Error(`no code in: ${body}`);
  return match[1]!;
}
