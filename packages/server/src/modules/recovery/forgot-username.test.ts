import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { USER_STATUS } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { LOOKUP_LIMIT_PER_ADDRESS } from '@ebt/core/recovery';
import { auditLog, users } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { ANSWER, codeIn, lastMessageTo, makeRecoverableUser, messagesTo, QUESTION_ID } from '../../testing/recovery.js';

const t = useTestApp();

beforeEach(() => t.clock.advance(3 * 3_600_000));

const base = '/user-api/user/forgot-username';
const question = (email: string, ip?: string) =>
  t.app.inject({ method: 'GET', url: `${base}/${email}`, ...(ip ? { remoteAddress: ip } : {}) });
const answer = (email: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `${base}/${email}`, payload: payload as object });
const enterCode = (email: string, code: string) => t.app.inject({ method: 'GET', url: `${base}/${email}/${code}` });

let n = 0;
const uniqueEmail = () => `shared-${Date.now().toString(36)}-${++n}@example.net`;

describe('forgot username', () => {
  it('walks e-mail, answer and code to the username, the e-mail matched regardless of case', async () => {
    const user = await makeRecoverableUser(t.database.db, { email: uniqueEmail() });
    const step1 = await question(user.email.toUpperCase());
    expect(step1.statusCode).toBe(200);
    expect(step1.json()).toEqual({ questionId: QUESTION_ID, question: 'What was the name of your first pet?' });

    const step2 = await answer(user.email, { questionId: QUESTION_ID, answer: ` ${ANSWER.toUpperCase()}  ` });
    expect(step2.statusCode).toBe(200);
    expect(step2.json()).toMatchObject({ otpPreference: 'email', sentTo: 's***@example.net' });
    const code = codeIn((await lastMessageTo(t.database.db, user.email)).body);

    const step3 = await enterCode(user.email, code);
    expect(step3.statusCode).toBe(200);
    expect(step3.json()).toEqual({ username: user.username });
    expect((await enterCode(user.email, code)).statusCode).toBe(400);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'recovery-code-used'), eq(auditLog.entityId, user.uuid)));
    expect(audits).toHaveLength(1);
  });

  it("answers 404 USR-404 'The email address was not found.' for an unknown e-mail", async () => {
    const res = await question('nobody-here@example.com');
    expect(res.statusCode).toBe(404);
    expect(res.json().errorMessages[0]).toEqual({
      appErrorCode: 'USR-404',
      appErrorMessage: 'The email address was not found.',
      messageKey: 'MESSAGES.EMAIL_NOT_FOUND',
    });
  });

  it('reads an e-mail of the full 100 characters from the path (no 414 from the router)', async () => {
    const email = `${'a'.repeat(88)}@example.com`;
    expect(email).toHaveLength(100);
    const res = await question(encodeURIComponent(email));
    expect(res.statusCode).toBe(404);
    expect(res.json().errorMessages[0].appErrorCode).toBe('USR-404');
  });

  it('answers the setup-incomplete 404 when no user with the e-mail can recover', async () => {
    const email = uniqueEmail();
    await makeRecoverableUser(t.database.db, { email, statusId: USER_STATUS.DISABLED });
    const res = await question(email);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.SECURITY_SETUP_INCOMPLETE);
  });

  it('with a shared e-mail recovers the most recently created user who can recover', async () => {
    const email = uniqueEmail();
    const older = await makeRecoverableUser(t.database.db, { email, questionId: 1, answer: 'Springfield' });
    const newer = await makeRecoverableUser(t.database.db, { email: email.toUpperCase(), questionId: 5 });
    await t.database.db
      .update(users)
      .set({ createdAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(users.id, older.id));
    await t.database.db
      .update(users)
      .set({ createdAt: new Date('2026-02-01T00:00:00Z') })
      .where(eq(users.id, newer.id));
    expect((await question(email)).json().questionId).toBe(5);

    await t.database.db.update(users).set({ statusId: USER_STATUS.DISABLED }).where(eq(users.id, newer.id));
    expect((await question(email)).json().questionId).toBe(1);
    expect((await answer(email, { questionId: 1, answer: 'springfield' })).statusCode).toBe(200);
    const code = codeIn((await lastMessageTo(t.database.db, email)).body);
    expect((await enterCode(email, code)).json()).toEqual({ username: older.username });
  });

  it('answers 400 for a wrong answer and locks with the forgot-username text at the 5th', async () => {
    const user = await makeRecoverableUser(t.database.db, { email: uniqueEmail() });
    for (let i = 1; i <= 4; i++) {
      const res = await answer(user.email, { questionId: QUESTION_ID, answer: 'nope' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.SECURITY_ANSWER_INVALID);
    }
    const fifth = await answer(user.email, { questionId: QUESTION_ID, answer: 'nope' });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().errorMessages[0]).toEqual({
      appErrorCode: 'SEC-001',
      appErrorMessage: 'Forgot Username locked due to too many failed reset attempts.',
      messageKey: 'MESSAGES.FORGOT_USERNAME_LOCKED',
    });
    expect(await messagesTo(t.database.db, user.email)).toHaveLength(0);
  });

  it(`refuses more than ${LOOKUP_LIMIT_PER_ADDRESS} look-ups per address with 429 and the forgot-username text`, async () => {
    const user = await makeRecoverableUser(t.database.db, { email: uniqueEmail() });
    for (let i = 0; i < LOOKUP_LIMIT_PER_ADDRESS; i++) await question(`missing${i}@example.com`, '10.30.0.1');
    const res = await question(user.email, '10.30.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      message: MESSAGES.FORGOT_USERNAME_LOCKED,
      errorMessages: [{ appErrorCode: 'SEC-001' }],
    });
  });

  it('refuses a malformed or over-long e-mail with 400', async () => {
    for (const email of ['not-an-email', 'two@@example.com', 'space%20in@example.com']) {
      expect((await question(email)).statusCode).toBe(400);
    }
    // Over 100 characters Fastify itself refuses the path parameter (414): a 4xx, never a look-up.
    const long = await question(`${'a'.repeat(95)}@x.com`);
    expect(long.statusCode).toBeGreaterThanOrEqual(400);
    expect(long.statusCode).toBeLessThan(500);
  });
});
