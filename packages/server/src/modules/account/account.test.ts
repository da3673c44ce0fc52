import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@ebt/core/messages';
import { PASSWORD_CHANGE_FAILURE_LIMIT, PASSWORD_CHANGE_WINDOW_MS } from '@ebt/core/recovery';
import { auditLog, sessions, users, userSecurityAnswers } from '../../db/schema/index.js';
import { normalizeAnswer, verifyPassword } from '../../platform/passwords.js';
import { useTestApp } from '../../testing/app.js';
import { DEFAULT_PASSWORD, makeUser } from '../../testing/factories.js';

const t = useTestApp();
const NEW_PASSWORD = 'Changed#Pass2';

beforeEach(() => t.clock.advance(3 * 3_600_000));

const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

async function signedIn(overrides: Parameters<typeof makeUser>[1] = {}) {
  const user = await makeUser(t.database.db, {
    firstName: 'Ada',
    lastName: 'Cole',
    mobile: '2035550100',
    ...overrides,
  });
  return { user, token: await t.signIn(user.username) };
}

describe('GET and PUT /user-api/user/currentuser', () => {
  it("answers the caller's info with the mobile number", async () => {
    const { user, token } = await signedIn({ middleName: 'B' });
    const res = await t.injectAs(token, { method: 'GET', url: '/user-api/user/currentuser' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      username: user.username,
      firstname: 'Ada',
      middlename: 'B',
      lastname: 'Cole',
      email: user.email,
      mobile: '2035550100',
      userUuid: user.uuid,
    });
  });

  it("updates names, e-mail and mobile (as digits), answers 'Data updated.' and audits the change", async () => {
    const { user, token } = await signedIn();
    const res = await t.injectAs(token, {
      method: 'PUT',
      url: '/user-api/user/currentuser',
      payload: {
        username: user.username,
        userUuid: user.uuid,
        firstname: ' Grace ',
        middlename: 'M',
        lastname: 'Hopper',
        email: 'grace.hopper@example.com',
        mobile: '(860) 555.0199',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      username: user.username,
      userUuid: user.uuid,
      firstname: 'Grace',
      middlename: 'M',
      lastname: 'Hopper',
      email: 'grace.hopper@example.com',
      mobile: '8605550199',
      message: 'Data updated.',
    });
    const after = await userRow(user.id);
    expect(after).toMatchObject({
      firstName: 'Grace',
      middleName: 'M',
      lastName: 'Hopper',
      mobile: '8605550199',
      emailVerified: false,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'update'), eq(auditLog.entityId, user.uuid)));
    expect(audit!.actorUserId).toBe(user.id);
    expect(audit!.before).toMatchObject({ firstName: 'Ada', mobile: '2035550100' });
    expect(audit!.after).toMatchObject({ firstName: 'Grace', mobile: '8605550199' });
  });

  it('keeps the e-mail verified and allows an empty mobile when the e-mail does not change', async () => {
    const { user, token } = await signedIn();
    const res = await t.injectAs(token, {
      method: 'PUT',
      url: '/user-api/user/currentuser',
      payload: {
        username: user.username,
        userUuid: user.uuid,
        firstname: 'Ada',
        lastname: 'Cole',
        email: user.email.toUpperCase(),
        mobile: '',
        middlename: '',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ emailVerified: true, mobile: null, middleName: null });
  });

  it("answers 409 'Email already exists.' for another user's e-mail and changes nothing", async () => {
    const other = await makeUser(t.database.db);
    const { user, token } = await signedIn();
    const before = await userRow(user.id);
    const res = await t.injectAs(token, {
      method: 'PUT',
      url: '/user-api/user/currentuser',
      payload: {
        username: user.username,
        userUuid: user.uuid,
        firstname: 'New',
        lastname: 'Name',
        email: other.email.toUpperCase(),
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'Email already exists.',
      errorMessages: [{ appErrorMessage: 'Email already exists.', field: 'email' }],
    });
    expect(await userRow(user.id)).toEqual(before);
  });

  it('refuses another username or another user uuid with 400 and changes nothing', async () => {
    const other = await makeUser(t.database.db);
    const { user, token } = await signedIn();
    const before = await userRow(user.id);
    const base = { username: user.username, userUuid: user.uuid, firstname: 'X', lastname: 'Y', email: user.email };
    const renamed = await t.injectAs(token, {
      method: 'PUT',
      url: '/user-api/user/currentuser',
      payload: { ...base, username: 'someoneelse1' },
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe(MESSAGES.USERNAME_READ_ONLY);
    const foreign = await t.injectAs(token, {
      method: 'PUT',
      url: '/user-api/user/currentuser',
      payload: { ...base, userUuid: other.uuid },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(MESSAGES.NOT_OWN_USER);
    expect(await userRow(user.id)).toEqual(before);
    expect(await userRow(other.id)).toMatchObject({ firstName: other.firstName });
  });

  it.each([
    ['no first name', { firstname: '' }],
    ['a blank last name', { lastname: '   ' }],
    ['a 101-character first name', { firstname: 'x'.repeat(101) }],
    ['a two-letter middle name', { middlename: 'AB' }],
    ['a bad e-mail', { email: 'not-an-email' }],
    ['no e-mail', { email: undefined }],
    ['a 9-digit mobile', { mobile: '203555010' }],
    ['a 21-character mobile', { mobile: '2'.repeat(21) }],
    ['a number for a name', { firstname: 42 }],
  ])('refuses %s with 400 and changes nothing', async (_name, change) => {
    const { user, token } = await signedIn();
    const before = await userRow(user.id);
    const payload = {
      username: user.username,
      userUuid: user.uuid,
      firstname: 'Ok',
      lastname: 'Fine',
      email: user.email,
      mobile: '2035550100',
      ...change,
    };
    const res = await t.injectAs(token, { method: 'PUT', url: '/user-api/user/currentuser', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorMessages.length).toBeGreaterThan(0);
    expect(await userRow(user.id)).toEqual(before);
  });

  it('sends the key and values of each refusal text, so a Spanish page shows it by key', async () => {
    const { user, token } = await signedIn();
    const payload = {
      username: user.username,
      userUuid: user.uuid,
      firstname: 'x'.repeat(101),
      lastname: 'Fine',
      email: 'not-an-email',
      mobile: '2035550100',
    };
    const res = await t.injectAs(token, { method: 'PUT', url: '/user-api/user/currentuser', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorMessages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'firstname',
          appErrorMessage: 'Must be at most 100 characters.',
          messageKey: 'MESSAGES.TOO_LONG',
          messageValues: { max: '100' },
        }),
        expect.objectContaining({
          field: 'email',
          appErrorMessage: MESSAGES.INVALID_EMAIL,
          messageKey: 'MESSAGES.INVALID_EMAIL',
        }),
      ]),
    );
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/user-api/user/currentuser' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/user-api/user/currentuser', payload: {} })).statusCode).toBe(
      401,
    );
  });
});

describe('PUT /user-api/user/password', () => {
  const change = (token: string, payload: object) =>
    t.injectAs(token, { method: 'PUT', url: '/user-api/user/password', payload });

  it('changes the password, keeps this session and ends the other ones', async () => {
    const { user, token } = await signedIn();
    const otherSession = await t.signIn(user.username);
    const res = await change(token, {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password updated.' });
    const after = await userRow(user.id);
    expect(after.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(after.passwordHash, NEW_PASSWORD)).toBe(true);
    expect((await t.injectAs(token, { method: 'GET', url: '/user-api/user/current' })).statusCode).toBe(200);
    expect((await t.injectAs(otherSession, { method: 'GET', url: '/user-api/user/current' })).statusCode).toBe(401);
    const open = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(open.filter((s) => s.endedAt === null)).toHaveLength(1);
    expect(await t.signIn(user.username, NEW_PASSWORD)).toBeTruthy();
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'password-change'), eq(auditLog.entityId, user.uuid)));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain(NEW_PASSWORD);
  });

  it('answers 400 for a wrong current password and changes nothing', async () => {
    const { user, token } = await signedIn();
    const before = await userRow(user.id);
    const res = await change(token, {
      currentPassword: 'Wrong#Pass9',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: MESSAGES.CURRENT_PASSWORD_INVALID,
      errorMessages: [{ field: 'currentPassword' }],
    });
    expect(await userRow(user.id)).toEqual(before);
  });

  it(`refuses with 429 from the ${PASSWORD_CHANGE_FAILURE_LIMIT}th wrong current password until the window ends`, async () => {
    const { user, token } = await signedIn();
    const wrong = { currentPassword: 'Wrong#Pass9', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    for (let i = 1; i < PASSWORD_CHANGE_FAILURE_LIMIT; i++) expect((await change(token, wrong)).statusCode).toBe(400);
    expect((await change(token, wrong)).statusCode).toBe(429);
    const right = { ...wrong, currentPassword: DEFAULT_PASSWORD };
    const refused = await change(token, right);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MESSAGES.TOO_MANY_ATTEMPTS);
    // The window began with the first failure, on this test's clock: it ends in the window's length.
    expect(Number(refused.headers['retry-after'])).toBe(PASSWORD_CHANGE_WINDOW_MS / 1000);
    expect(await verifyPassword((await userRow(user.id)).passwordHash, DEFAULT_PASSWORD)).toBe(true);
    t.clock.advance(PASSWORD_CHANGE_WINDOW_MS + 1000);
    const token2 = await t.signIn(user.username);
    expect((await change(token2, right)).statusCode).toBe(200);
  });

  it.each([
    [
      'a weak new password',
      { newPassword: 'alllowercase1!', confirmPassword: 'alllowercase1!' },
      MESSAGES.INVALID_PASSWORD,
    ],
    ['a 7-character new password', { newPassword: 'Aa1#aaa', confirmPassword: 'Aa1#aaa' }, MESSAGES.INVALID_PASSWORD],
    [
      'a 31-character new password',
      { newPassword: 'Aa1#'.padEnd(31, 'z'), confirmPassword: 'Aa1#'.padEnd(31, 'z') },
      MESSAGES.INVALID_PASSWORD,
    ],
    ['a confirmation that differs', { confirmPassword: 'Other#Pass3' }, MESSAGES.PASSWORDS_DO_NOT_MATCH],
    [
      'the current password again',
      { newPassword: DEFAULT_PASSWORD, confirmPassword: DEFAULT_PASSWORD },
      MESSAGES.NEW_PASSWORD_SAME_AS_CURRENT,
    ],
    ['a 41-character current password', { currentPassword: 'x'.repeat(41) }, MESSAGES.CURRENT_PASSWORD_TOO_LONG],
    ['no current password', { currentPassword: undefined }, MESSAGES.PASSWORD_REQUIRED],
  ])('refuses %s with 400 and its message', async (_name, overrides, message) => {
    const { user, token } = await signedIn();
    const before = await userRow(user.id);
    const res = await change(token, {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      ...overrides,
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errorMessages.map((e: { appErrorMessage: string }) => e.appErrorMessage)
        .join(' '),
    ).toContain(message);
    expect(await userRow(user.id)).toEqual(before);
  });
});

describe('security questions and answers', () => {
  it('lists the active questions publicly', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/user-api/security-questions' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(8);
    expect(res.json()[0]).toEqual({ id: 1, text: 'What is the name of the town where you were born?' });
  });

  it("replaces the caller's answer and lists the question, never the answer", async () => {
    const { user, token } = await signedIn();
    expect((await t.injectAs(token, { method: 'GET', url: '/user-api/user/current/security-answers' })).json()).toEqual(
      [],
    );
    const res = await t.injectAs(token, {
      method: 'PUT',
      url: '/user-api/user/current/security-answers',
      payload: { questionId: 2, answer: '  Rex  ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Security Question updated.' });

    // A§3 also names the field securityQuestionId: the new answer replaces the old one.
    const second = await t.injectAs(token, {
      method: 'PUT',
      url: '/user-api/user/current/security-answers',
      payload: { securityQuestionId: 4, answer: 'Elm Street' },
    });
    expect(second.statusCode).toBe(200);
    const list = await t.injectAs(token, { method: 'GET', url: '/user-api/user/current/security-answers' });
    expect(list.json()).toEqual([{ questionId: 4, question: 'What is the name of the street you grew up on?' }]);
    expect(list.body).not.toContain('Elm');
    const rows = await t.database.db.select().from(userSecurityAnswers).where(eq(userSecurityAnswers.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.answerHash).not.toContain('Elm');
    expect(await verifyPassword(rows[0]!.answerHash, normalizeAnswer(' ELM street '))).toBe(true);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'update-security-question'), eq(auditLog.entityId, user.uuid)));
    expect(audits).toHaveLength(2);
  });

  it.each([
    ['a 1-character answer', { questionId: 2, answer: 'x' }, MESSAGES.SECURITY_ANSWER_LENGTH],
    ['a 101-character answer', { questionId: 2, answer: 'x'.repeat(101) }, 'Must be at most 100 characters.'],
    ['no question', { answer: 'Rex' }, MESSAGES.SECURITY_QUESTION_INVALID],
    ['an unknown question', { questionId: 999, answer: 'Rex' }, MESSAGES.SECURITY_QUESTION_INVALID],
    ['no answer', { questionId: 2 }, MESSAGES.FIELD_REQUIRED],
  ])('refuses %s with 400 and keeps the old answer', async (_name, payload, message) => {
    const { user, token } = await signedIn();
    await t.injectAs(token, {
      method: 'PUT',
      url: '/user-api/user/current/security-answers',
      payload: { questionId: 1, answer: 'Hartford' },
    });
    const res = await t.injectAs(token, { method: 'PUT', url: '/user-api/user/current/security-answers', payload });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errorMessages.map((e: { appErrorMessage: string }) => e.appErrorMessage)
        .join(' '),
    ).toContain(message);
    const rows = await t.database.db.select().from(userSecurityAnswers).where(eq(userSecurityAnswers.userId, user.id));
    expect(rows.map((r) => r.questionId)).toEqual([1]);
  });

  it('takes ten parallel saves of one user one after the other: all 200, one answer left, every save audited', async () => {
    // On PostgreSQL two saves in flight at once both deleted nothing and both inserted: a unique violation (500) for
    // the same question, two rows for two questions. The save now locks the user's row first.
    const { user, token } = await signedIn();
    const saves = Array.from({ length: 10 }, (_, i) => ({ questionId: (i % 4) + 1, answer: `Answer ${i}` }));
    const answers = await Promise.all(
      saves.map((payload) =>
        t.injectAs(token, { method: 'PUT', url: '/user-api/user/current/security-answers', payload }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(saves.map(() => 200));

    const rows = await t.database.db.select().from(userSecurityAnswers).where(eq(userSecurityAnswers.userId, user.id));
    expect(rows).toHaveLength(1);
    // One consistent pair: the question and the answer of one and the same save.
    const kept = await Promise.all(
      saves.map(
        async (s) =>
          s.questionId === rows[0]!.questionId && verifyPassword(rows[0]!.answerHash, normalizeAnswer(s.answer)),
      ),
    );
    expect(kept.filter(Boolean)).toHaveLength(1);

    // Ten audit rows, each one's "before" what the save before it left: a chain from no question to the one kept.
    // (The audit keeps changed fields only: a save of the question already held names none.)
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'update-security-question'), eq(auditLog.entityId, user.uuid)))
      .orderBy(auditLog.id);
    expect(audits).toHaveLength(10);
    let held: string | null = null;
    for (const audit of audits) {
      const before = audit.before as { securityQuestion?: string | null };
      const after = audit.after as { securityQuestion?: string };
      if (after.securityQuestion === undefined) continue;
      expect(before.securityQuestion).toBe(held);
      held = after.securityQuestion;
    }
    expect(held).toBe(String(rows[0]!.questionId));
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/user-api/user/current/security-answers' })).statusCode).toBe(
      401,
    );
  });
});
