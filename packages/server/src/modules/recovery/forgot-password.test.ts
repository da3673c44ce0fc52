import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { USER_STATUS } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import {
  ANSWER_FAILURE_WINDOW_MS,
  CODES_PER_USER_LIMIT,
  LOOKUP_LIMIT_PER_ADDRESS,
  LOOKUP_WINDOW_MS,
  RECOVERY_CODE_TTL_MS,
  RECOVERY_STEP_LIMIT_PER_ADDRESS,
  RESET_LINK_TTL_MS,
} from '@ebt/core/recovery';
import { auditLog, sessions, users, userTokens } from '../../db/schema/index.js';
import { sha256 } from '../../platform/crypto.js';
import { verifyPassword } from '../../platform/passwords.js';
import { useTestApp } from '../../testing/app.js';
import { DEFAULT_PASSWORD, makeUser } from '../../testing/factories.js';
import {
  ANSWER,
  codeIn,
  lastMessageTo,
  linkTokenIn,
  makeRecoverableUser,
  messagesTo,
  QUESTION_ID,
} from '../../testing/recovery.js';

const t = useTestApp();
const NEW_PASSWORD = 'Recovered#2026';

// Every test starts in a fresh window of every rate limit.
beforeEach(() => t.clock.advance(3 * 3_600_000));

const question = (username: string, ip?: string) =>
  t.app.inject({ method: 'GET', url: `/user-api/security-question/${username}`, ...(ip ? { remoteAddress: ip } : {}) });
const answer = (username: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/user-api/forgot-password/${username}`, payload: payload as object });
const enterCode = (username: string, code: string, ip?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/user-api/forgot-password/${username}/${code}`,
    ...(ip ? { remoteAddress: ip } : {}),
  });
const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

/** Steps 1 to 2 as a person does them: the code they read from their mail. */
async function codeFor(user: { username: string; email: string }) {
  expect((await answer(user.username, { questionId: QUESTION_ID, answer: ANSWER })).statusCode).toBe(200);
  return codeIn((await lastMessageTo(t.database.db, user.email)).body);
}

/** Steps 1 to 3: the reset link token they read from their mail. */
async function resetTokenFor(user: { username: string; email: string }) {
  expect((await enterCode(user.username, await codeFor(user))).statusCode).toBe(200);
  return linkTokenIn((await lastMessageTo(t.database.db, user.email)).body, 'resetpass');
}

describe('forgot password step 1: GET /user-api/security-question/{username}', () => {
  it("answers the user's question, never the answer, ignoring the username's case", async () => {
    const user = await makeRecoverableUser(t.database.db);
    const res = await question(user.username.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ questionId: QUESTION_ID, question: 'What was the name of your first pet?' });
  });

  it('answers 404 USR-404 for an unknown or deleted username', async () => {
    const deleted = await makeRecoverableUser(t.database.db, { statusId: USER_STATUS.DELETED });
    for (const username of ['nosuchuser1', deleted.username]) {
      const res = await question(username);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        message: 'The username was not found.',
        errorMessages: [{ appErrorCode: 'USR-404', appErrorMessage: 'The username was not found.' }],
      });
    }
  });

  it('answers the other 404 for a user who cannot recover: no answer, not activated, disabled', async () => {
    const noAnswer = await makeUser(t.database.db);
    const notActivated = await makeRecoverableUser(t.database.db, { password: null, statusId: USER_STATUS.PENDING });
    const disabled = await makeRecoverableUser(t.database.db, { statusId: USER_STATUS.DISABLED });
    for (const user of [noAnswer, notActivated, disabled]) {
      const res = await question(user.username);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Security setup is incomplete for this user.');
      expect(res.json().errorMessages[0].appErrorCode).not.toBe('USR-404');
    }
  });

  it('reads a username pasted with surrounding spaces', async () => {
    const user = await makeRecoverableUser(t.database.db);
    const res = await question(`%20${user.username}%20`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ questionId: QUESTION_ID });
  });

  it('refuses usernames that are not letters and digits, or longer than 50', async () => {
    for (const username of ['bad%20name', 'x'.repeat(51), 'semi;colon']) {
      const res = await question(username);
      expect(res.statusCode).toBe(400);
    }
  });

  it(`refuses more than ${LOOKUP_LIMIT_PER_ADDRESS} look-ups per address in 15 minutes with 429 SEC-001`, async () => {
    const user = await makeRecoverableUser(t.database.db);
    for (let i = 0; i < LOOKUP_LIMIT_PER_ADDRESS; i++) {
      expect((await question(`unknown${i}user`, '10.20.0.1')).statusCode).toBe(404);
    }
    const refused = await question(user.username, '10.20.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      message: MESSAGES.FORGOT_PASSWORD_LOCKED,
      errorMessages: [{ appErrorCode: 'SEC-001', appErrorMessage: MESSAGES.FORGOT_PASSWORD_LOCKED }],
    });
    expect((await question(user.username, '10.20.0.2')).statusCode).toBe(200);
    t.clock.advance(LOOKUP_WINDOW_MS + 1000);
    expect((await question(user.username, '10.20.0.1')).statusCode).toBe(200);
  });
});

describe('forgot password step 2: POST /user-api/forgot-password/{username}', () => {
  it('sends a 6-digit code by e-mail for the right answer, compared ignoring case and surrounding spaces', async () => {
    const user = await makeRecoverableUser(t.database.db, { email: 'maria.lopez@example.org' });
    const res = await answer(user.username, { questionId: QUESTION_ID, answer: '  rEX THE dog ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      otpPreference: 'email',
      sentTo: 'm***@example.org',
      message: 'A verification code was sent to m***@example.org.',
    });
    const mail = await lastMessageTo(t.database.db, user.email);
    const code = codeIn(mail.body);
    expect(code).toMatch(/^\d{6}$/);
    const [token] = await t.database.db
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, 'otp')));
    expect(token).toMatchObject({ context: 'password', usedAt: null, attempts: 0 });
    expect(token!.tokenHash).not.toContain(code);
    expect(await verifyPassword(token!.tokenHash, code)).toBe(true);
    expect(token!.expiresAt.getTime() - t.clock.now().getTime()).toBe(RECOVERY_CODE_TTL_MS);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'recovery-code-sent'), eq(auditLog.entityId, user.uuid)));
    expect(audits).toHaveLength(1);
  });

  it('sends the code by SMS to the mobile number when the user prefers sms', async () => {
    const user = await makeRecoverableUser(t.database.db, { otpPreference: 'sms', mobile: '2035550188' });
    const res = await answer(user.username, { questionId: QUESTION_ID, answer: ANSWER });
    expect(res.json()).toMatchObject({ otpPreference: 'sms', sentTo: '***-***-0188' });
    const sms = await lastMessageTo(t.database.db, '2035550188');
    expect(sms.channel).toBe('sms');
    expect(codeIn(sms.body)).toMatch(/^\d{6}$/);
    expect(await messagesTo(t.database.db, user.email)).toHaveLength(0);
  });

  it('falls back to e-mail when the user prefers sms but has no mobile number', async () => {
    const user = await makeRecoverableUser(t.database.db, { otpPreference: 'sms', mobile: null });
    const res = await answer(user.username, { questionId: QUESTION_ID, answer: ANSWER });
    expect(res.json()).toMatchObject({ otpPreference: 'email' });
    expect((await lastMessageTo(t.database.db, user.email)).channel).toBe('email');
  });

  it('answers 400 for a wrong answer or question and counts failed_resets; nothing is sent', async () => {
    const user = await makeRecoverableUser(t.database.db);
    for (const payload of [
      { questionId: QUESTION_ID, answer: 'Fido' },
      { questionId: QUESTION_ID + 1, answer: ANSWER },
    ]) {
      const res = await answer(user.username, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Security Question answer is invalid.',
        errorMessages: [{ appErrorMessage: 'Security Question answer is invalid.', field: 'answer' }],
      });
    }
    expect((await userRow(user.id)).failedResets).toBe(2);
    expect(await messagesTo(t.database.db, user.email)).toHaveLength(0);
    // A right answer resets the count.
    expect((await answer(user.username, { questionId: QUESTION_ID, answer: ANSWER })).statusCode).toBe(200);
    expect((await userRow(user.id)).failedResets).toBe(0);
  });

  it('locks recovery with 429 SEC-001 at the 5th wrong answer in 30 minutes, even for the right answer', async () => {
    const user = await makeRecoverableUser(t.database.db);
    for (let i = 1; i <= 4; i++)
      expect((await answer(user.username, { questionId: QUESTION_ID, answer: `wrong ${i}` })).statusCode).toBe(400);
    const fifth = await answer(user.username, { questionId: QUESTION_ID, answer: 'wrong 5' });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().errorMessages[0]).toEqual({
      appErrorCode: 'SEC-001',
      appErrorMessage: MESSAGES.FORGOT_PASSWORD_LOCKED,
      messageKey: 'MESSAGES.FORGOT_PASSWORD_LOCKED',
    });
    expect((await answer(user.username, { questionId: QUESTION_ID, answer: ANSWER })).statusCode).toBe(429);
    expect((await question(user.username)).statusCode).toBe(429);
    expect(await messagesTo(t.database.db, user.email)).toHaveLength(0);
    expect((await userRow(user.id)).failedResets).toBe(5);
    const locks = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'recovery-locked'), eq(auditLog.entityId, user.uuid)));
    expect(locks).toHaveLength(1);

    t.clock.advance(ANSWER_FAILURE_WINDOW_MS + 1000);
    expect((await answer(user.username, { questionId: QUESTION_ID, answer: ANSWER })).statusCode).toBe(200);
  });

  it(`sends at most ${CODES_PER_USER_LIMIT} codes to one user per hour`, async () => {
    const user = await makeRecoverableUser(t.database.db);
    for (let i = 0; i < CODES_PER_USER_LIMIT; i++)
      expect((await answer(user.username, { questionId: QUESTION_ID, answer: ANSWER })).statusCode).toBe(200);
    const refused = await answer(user.username, { questionId: QUESTION_ID, answer: ANSWER });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errorMessages[0]).toMatchObject({ appErrorCode: 'SEC-001' });
    expect(await messagesTo(t.database.db, user.email)).toHaveLength(CODES_PER_USER_LIMIT);
  });

  it.each([
    ['no answer', { questionId: QUESTION_ID }],
    ['an empty answer', { questionId: QUESTION_ID, answer: '   ' }],
    ['a 101-character answer', { questionId: QUESTION_ID, answer: 'x'.repeat(101) }],
    ['no question', { answer: ANSWER }],
    ['a question as text', { questionId: 'two', answer: ANSWER }],
  ])('refuses %s with 400 without counting a failure', async (_name, payload) => {
    const user = await makeRecoverableUser(t.database.db);
    const res = await answer(user.username, payload);
    expect(res.statusCode).toBe(400);
    expect((await userRow(user.id)).failedResets).toBe(0);
    expect(await messagesTo(t.database.db, user.email)).toHaveLength(0);
  });
});

describe('forgot password step 3: GET /user-api/forgot-password/{username}/{otpCode}', () => {
  it('writes the code and the reset link in Spanish to a user who chose Spanish, with the HTML part', async () => {
    const user = await makeRecoverableUser(t.database.db);
    await t.database.db.update(users).set({ preferredLanguage: 'es' }).where(eq(users.id, user.id));
    const code = await codeFor(user);
    const codeMail = await lastMessageTo(t.database.db, user.email);
    expect(codeMail.subject).toBe('Su código de verificación de MarketLink');
    expect(codeMail.body).toContain(`Su código de verificación de MarketLink es ${code}.`);
    expect(codeMail.html).toContain('<html lang="es">');
    expect(codeMail.subject).not.toContain(code);
    expect((await enterCode(user.username, code)).statusCode).toBe(200);
    const link = await lastMessageTo(t.database.db, user.email);
    expect(link.subject).toBe('Restablezca su contraseña de MarketLink');
    expect(link.body).toMatch(/^Hola, .+:\n\nPidió restablecer su contraseña de MarketLink\./);
    expect(link.body).toContain('http://localhost:3000/resetpass?hash=');
    expect(link.html).toContain('Elegir una contraseña nueva');
    expect(link.kind).toBe('password-reset');
  });

  it('uses a right code and e-mails a reset link; the code works once', async () => {
    const user = await makeRecoverableUser(t.database.db);
    const code = await codeFor(user);
    const res = await enterCode(user.username, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.RESET_EMAIL_SENT });
    const mail = await lastMessageTo(t.database.db, user.email);
    expect(mail.body).toContain('http://localhost:3000/resetpass?hash=');
    const again = await enterCode(user.username, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: 'The code entered is invalid or has expired.',
      errorMessages: [{ appErrorMessage: 'The code entered is invalid or has expired.' }],
    });
    expect(await messagesTo(t.database.db, user.email)).toHaveLength(2);
  });

  it('answers 400 for a wrong code and burns the code at the 5th wrong entry', async () => {
    const user = await makeRecoverableUser(t.database.db);
    const code = await codeFor(user);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await enterCode(user.username, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.OTP_CODE_INVALID);
    }
    expect((await enterCode(user.username, code)).statusCode).toBe(400);
    expect(await messagesTo(t.database.db, user.email)).toHaveLength(1);
  });

  it('expires a code after 10 minutes', async () => {
    const user = await makeRecoverableUser(t.database.db);
    const code = await codeFor(user);
    t.clock.advance(RECOVERY_CODE_TTL_MS + 1000);
    expect((await enterCode(user.username, code)).statusCode).toBe(400);
  });

  it('ends the older code when a newer one is sent', async () => {
    const user = await makeRecoverableUser(t.database.db);
    const first = await codeFor(user);
    const second = await codeFor(user);
    if (first !== second) expect((await enterCode(user.username, first)).statusCode).toBe(400);
    expect((await enterCode(user.username, second)).statusCode).toBe(200);
  });

  it('does not take a code of the forgot username flow', async () => {
    const user = await makeRecoverableUser(t.database.db);
    await t.app.inject({
      method: 'POST',
      url: `/user-api/user/forgot-username/${user.email}`,
      payload: { questionId: QUESTION_ID, answer: ANSWER },
    });
    const usernameCode = codeIn((await lastMessageTo(t.database.db, user.email)).body);
    expect((await enterCode(user.username, usernameCode)).statusCode).toBe(400);
  });

  it('keeps a pending code when the forgot username flow sends one of its own', async () => {
    const user = await makeRecoverableUser(t.database.db);
    const passwordCode = await codeFor(user);
    await t.app.inject({
      method: 'POST',
      url: `/user-api/user/forgot-username/${user.email}`,
      payload: { questionId: QUESTION_ID, answer: ANSWER },
    });
    expect((await enterCode(user.username, passwordCode)).statusCode).toBe(200);
  });

  it(`refuses more than ${RECOVERY_STEP_LIMIT_PER_ADDRESS} answers and codes per address in 15 minutes with 429`, async () => {
    const user = await makeRecoverableUser(t.database.db);
    for (let i = 0; i < RECOVERY_STEP_LIMIT_PER_ADDRESS; i++)
      expect((await enterCode(user.username, '123456', '10.21.0.1')).statusCode).toBe(400);
    const res = await enterCode(user.username, '123456', '10.21.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      message: MESSAGES.FORGOT_PASSWORD_LOCKED,
      errorMessages: [{ appErrorCode: 'SEC-001' }],
    });
    expect((await enterCode(user.username, '123456', '10.21.0.2')).statusCode).toBe(400);
  });

  it('refuses codes that are not up to 10 letters or digits with 400', async () => {
    const user = await makeRecoverableUser(t.database.db);
    for (const code of ['12345678901', 'abc%21', '12%2034'])
      expect((await enterCode(user.username, code)).statusCode).toBe(400);
  });
});

describe('reset link', () => {
  it('validates, sets the password, ends every session and works once', async () => {
    const user = await makeRecoverableUser(t.database.db, { failedLogins: 4 });
    const session = await t.signIn(user.username);
    const hash = await resetTokenFor(user);

    const check = await t.app.inject({ method: 'GET', url: `/user-api/validate-pass/${hash}` });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ username: user.username });

    const res = await t.app.inject({
      method: 'POST',
      url: `/user-api/reset-pass/${hash}`,
      payload: { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, currentPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.PASSWORD_UPDATED });
    expect(await verifyPassword((await userRow(user.id)).passwordHash, NEW_PASSWORD)).toBe(true);
    expect((await userRow(user.id)).failedLogins).toBe(0);
    expect((await t.injectAs(session, { method: 'GET', url: '/user-api/user/current' })).statusCode).toBe(401);
    const open = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(open.every((s) => s.endedAt !== null)).toBe(true);
    expect(await t.signIn(user.username, NEW_PASSWORD)).toBeTruthy();
    const [token] = await t.database.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, sha256(hash)));
    expect(token!.usedAt).not.toBeNull();
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reset-password'), eq(auditLog.entityId, user.uuid)));
    expect(audits).toHaveLength(1);

    const again = await t.app.inject({
      method: 'POST',
      url: `/user-api/reset-pass/${hash}`,
      payload: { newPassword: 'Another#2026' },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('The reset link is no longer valid.');
    expect((await t.app.inject({ method: 'GET', url: `/user-api/validate-pass/${hash}` })).json().message).toBe(
      MESSAGES.RESET_LINK_EXPIRED,
    );
  });

  it('expires after 60 minutes', async () => {
    const user = await makeRecoverableUser(t.database.db);
    const hash = await resetTokenFor(user);
    t.clock.advance(RESET_LINK_TTL_MS + 1000);
    expect((await t.app.inject({ method: 'GET', url: `/user-api/validate-pass/${hash}` })).statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'POST',
      url: `/user-api/reset-pass/${hash}`,
      payload: { newPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(404);
    expect(await verifyPassword((await userRow(user.id)).passwordHash, DEFAULT_PASSWORD)).toBe(true);
  });

  it('does not accept an activation link, and a made-up link answers 404', async () => {
    const user = await makeRecoverableUser(t.database.db);
    const activationToken = 'B'.repeat(43);
    await t.database.db.insert(userTokens).values({
      userId: user.id,
      purpose: 'activation',
      tokenHash: sha256(activationToken),
      expiresAt: new Date(t.clock.now().getTime() + 3_600_000),
    });
    expect((await t.app.inject({ method: 'GET', url: `/user-api/validate-pass/${activationToken}` })).statusCode).toBe(
      404,
    );
    for (const hash of ['made-up-token', 'A'.repeat(43), activationToken]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/user-api/reset-pass/${hash}`,
        payload: { newPassword: NEW_PASSWORD },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MESSAGES.RESET_LINK_EXPIRED);
    }
  });

  it.each([
    ['a weak password', { newPassword: 'weakpass' }],
    ['a 31-character password', { newPassword: 'Aa1#'.padEnd(31, 'x') }],
    ['a confirmation that differs', { newPassword: NEW_PASSWORD, confirmPassword: 'Other#2026x' }],
    ['a 41-character current password', { newPassword: NEW_PASSWORD, currentPassword: 'x'.repeat(41) }],
    ['no password', {}],
    ['a number', { newPassword: 12345678 }],
  ])('refuses %s with 400 and changes nothing', async (_name, payload) => {
    const user = await makeRecoverableUser(t.database.db);
    const hash = await resetTokenFor(user);
    const before = await userRow(user.id);
    const res = await t.app.inject({ method: 'POST', url: `/user-api/reset-pass/${hash}`, payload });
    expect(res.statusCode).toBe(400);
    expect(await userRow(user.id)).toEqual(before);
    const [token] = await t.database.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, sha256(hash)));
    expect(token!.usedAt).toBeNull();
  });
});
