import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ROLE, USER_STATUS } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { ACTIVATION_LINK_TTL_MS } from '@ebt/core/recovery';
import {
  auditLog,
  recipientAccounts,
  userAgencies,
  users,
  userSecurityAnswers,
  userTokens,
} from '../../db/schema/index.js';
import { sha256 } from '../../platform/crypto.js';
import { normalizeAnswer, verifyPassword } from '../../platform/passwords.js';
import { useTestApp } from '../../testing/app.js';
import { makeAgency, makeProgram, makeUser } from '../../testing/factories.js';
import { lastMessageTo, linkTokenIn, messagesTo } from '../../testing/recovery.js';

const t = useTestApp();
const NEW_PASSWORD = 'Activated#2026';

// Every test starts in a fresh window of every rate limit.
beforeEach(() => t.clock.advance(3 * 3_600_000));

async function platformAdminToken() {
  const admin = await makeUser(t.database.db, { roleId: ROLE.PLATFORM_ADMIN });
  return t.signIn(admin.username);
}

/** A user an administrator created, who has not activated yet: no password, status Pending. */
const makePendingUser = (overrides: Parameters<typeof makeUser>[1] = {}) =>
  makeUser(t.database.db, {
    password: null,
    statusId: USER_STATUS.PENDING,
    emailVerified: false,
    roleId: ROLE.RECIPIENT,
    mobile: '2035550111',
    ...overrides,
  });

async function sendActivation(token: string, payload: Record<string, unknown>, url = '/user-api/user/send-activation') {
  return t.injectAs(token, { method: 'POST', url, payload });
}

async function activationTokenFor(email: string) {
  return linkTokenIn((await lastMessageTo(t.database.db, email)).body, 'validate');
}

const activate = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/user-api/activate-user', payload });
const validPayload = (hash: string) => ({
  password: NEW_PASSWORD,
  confirmPassword: NEW_PASSWORD,
  questionId: 3,
  answer: '  Ford Model T ',
  otpPreference: 'sms',
  hash,
});

const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('POST /user-api/user/send-activation', () => {
  it('e-mails a single-use activation link and stores only the hash of its token', async () => {
    const user = await makePendingUser();
    const res = await sendActivation(await platformAdminToken(), { uuid: user.uuid });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Activation Email request sent.' });

    const mail = await lastMessageTo(t.database.db, user.email);
    expect(mail.channel).toBe('email');
    expect(mail.body).toContain('http://localhost:3000/validate?hash=');
    const token = linkTokenIn(mail.body, 'validate');
    const [row] = await t.database.db
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, 'activation')));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime() - t.clock.now().getTime()).toBe(ACTIVATION_LINK_TTL_MS);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'send-activation'), eq(auditLog.entityId, user.uuid)));
    expect(audits).toHaveLength(1);
  });

  it('refuses a user who has activated already unless forced, and a forced resend can reset emailVerified', async () => {
    const admin = await platformAdminToken();
    const user = await makeUser(t.database.db, { emailVerified: true });
    const plain = await sendActivation(admin, { uuid: user.uuid });
    expect(plain.statusCode).toBe(409);
    expect(plain.json().message).toBe(MESSAGES.ACCOUNT_ALREADY_ACTIVATED);
    expect(await messagesTo(t.database.db, user.email)).toHaveLength(0);

    // resolution 4: restHash (misspelt) and resetHash are one field
    expect((await sendActivation(admin, { uuid: user.uuid, restHash: true })).statusCode).toBe(200);
    expect((await userRow(user.id)).emailVerified).toBe(true);
    expect(
      (await sendActivation(admin, { uuid: user.uuid, resetHash: true, resetEmailVerified: true })).statusCode,
    ).toBe(200);
    expect((await userRow(user.id)).emailVerified).toBe(false);
    expect(await messagesTo(t.database.db, user.email)).toHaveLength(2);
  });

  it('answers 404 for an unknown uuid, 409 for a deleted user, 400 for a malformed body', async () => {
    const admin = await platformAdminToken();
    const unknown = await sendActivation(admin, { uuid: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.USER_NOT_FOUND);
    const deleted = await makePendingUser({ statusId: USER_STATUS.DELETED });
    const refused = await sendActivation(admin, { uuid: deleted.uuid });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.ACTIVATION_NOT_ALLOWED);
    for (const payload of [{}, { uuid: 'not-a-uuid' }, { uuid: deleted.uuid, resetHash: 'maybe' }]) {
      expect((await sendActivation(admin, payload)).statusCode).toBe(400);
    }
    expect(await messagesTo(t.database.db, deleted.email)).toHaveLength(0);
  });

  it('is for platform admins, and program and agency admins within their scope (decision 0025)', async () => {
    const { db } = t.database;
    const program = await makeProgram(db);
    const agency = await makeAgency(db, program);
    const user = await makePendingUser();
    await db.insert(userAgencies).values({ userId: user.id, agencyId: agency.id });
    // A program admin of another program: 404 like missing; an agency user: 403.
    const elsewhere = await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN, programs: [await makeProgram(db)] });
    expect((await sendActivation(await t.signIn(elsewhere.username), { uuid: user.uuid })).statusCode).toBe(404);
    const agencyUser = await makeUser(db, { roleId: ROLE.AGENCY_USER, agencies: [agency] });
    const res = await sendActivation(await t.signIn(agencyUser.username), { uuid: user.uuid });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.PRIVILEGE_ERROR);
    expect(await messagesTo(db, user.email)).toHaveLength(0);
    const programAdmin = await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN, programs: [program] });
    expect((await sendActivation(await t.signIn(programAdmin.username), { uuid: user.uuid })).statusCode).toBe(200);
    expect(await messagesTo(db, user.email)).toHaveLength(1);
    expect(
      (await t.app.inject({ method: 'POST', url: '/user-api/user/send-activation', payload: { uuid: user.uuid } }))
        .statusCode,
    ).toBe(401);
    expect(await messagesTo(t.database.db, user.email)).toHaveLength(1);
  });
});

describe('POST /user-api/recipient-users/send-activation', () => {
  async function recipientIn(program: { id: number }, agency: { id: number } | null) {
    const user = await makePendingUser();
    await t.database.db.insert(recipientAccounts).values({
      programId: program.id,
      agencyId: agency?.id ?? null,
      userId: user.id,
      recipientIdentifier: `R${user.id}`,
      firstName: 'Rita',
      lastName: 'Recipient',
    });
    return user;
  }

  it("sends for a recipient of the caller's agency and answers 404 for one of another agency", async () => {
    const { db } = t.database;
    const program = await makeProgram(db);
    const mine = await makeAgency(db, program);
    const other = await makeAgency(db, program);
    const agencyUser = await makeUser(db, { roleId: ROLE.AGENCY_USER, agencies: [mine] });
    const token = await t.signIn(agencyUser.username);
    const url = '/user-api/recipient-users/send-activation';

    const inScope = await recipientIn(program, mine);
    const ok = await sendActivation(token, { uuid: inScope.uuid, resetEmailVerified: false }, url);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(MESSAGES.ACTIVATION_EMAIL_SENT);

    const outOfScope = await recipientIn(program, other);
    const refused = await sendActivation(token, { uuid: outOfScope.uuid }, url);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(MESSAGES.USER_NOT_FOUND);
    expect(await messagesTo(db, outOfScope.email)).toHaveLength(0);

    // A staff user is not a recipient user: 404 even inside the program.
    const staff = await makeUser(db, {
      roleId: ROLE.AGENCY_USER,
      agencies: [mine],
      password: null,
      statusId: USER_STATUS.PENDING,
    });
    expect((await sendActivation(token, { uuid: staff.uuid }, url)).statusCode).toBe(404);

    // The program admin of the program sees both agencies.
    const programAdmin = await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN, programs: [program] });
    expect(
      (await sendActivation(await t.signIn(programAdmin.username), { uuid: outOfScope.uuid }, url)).statusCode,
    ).toBe(200);
  });

  it('refuses recipients with the privilege message', async () => {
    const recipient = await makeUser(t.database.db, { roleId: ROLE.RECIPIENT });
    const res = await sendActivation(
      await t.signIn(recipient.username),
      { uuid: recipient.uuid },
      '/user-api/recipient-users/send-activation',
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('activation link', () => {
  it('validates on load, then activates: password, answer, preference, Enabled and e-mail verified', async () => {
    const user = await makePendingUser();
    await sendActivation(await platformAdminToken(), { uuid: user.uuid });
    const hash = await activationTokenFor(user.email);

    const check = await t.app.inject({ method: 'GET', url: `/user-api/validate/${hash}` });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ username: user.username, firstname: user.firstName });
    expect(check.json().questions.length).toBeGreaterThan(0);
    expect(check.json().questions[0]).toEqual({ id: 1, text: expect.any(String) });

    const res = await activate(validPayload(hash));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.ACTIVATION_SUCCESS, username: user.username });

    const after = await userRow(user.id);
    expect(after).toMatchObject({ statusId: USER_STATUS.ENABLED, emailVerified: true, otpPreference: 'sms' });
    expect(await verifyPassword(after.passwordHash, NEW_PASSWORD)).toBe(true);
    const [answer] = await t.database.db
      .select()
      .from(userSecurityAnswers)
      .where(eq(userSecurityAnswers.userId, user.id));
    expect(answer!.questionId).toBe(3);
    expect(answer!.answerHash).not.toContain('Ford');
    expect(await verifyPassword(answer!.answerHash, normalizeAnswer('FORD model t'))).toBe(true);
    const [token] = await t.database.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, sha256(hash)));
    expect(token!.usedAt).not.toBeNull();
    expect(await t.signIn(user.username, NEW_PASSWORD)).toBeTruthy();
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'activate'), eq(auditLog.entityId, user.uuid)));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0])).not.toContain(NEW_PASSWORD);
  });

  it('works once: a used link answers 404 on load and on submit', async () => {
    const user = await makePendingUser();
    await sendActivation(await platformAdminToken(), { uuid: user.uuid });
    const hash = await activationTokenFor(user.email);
    expect((await activate(validPayload(hash))).statusCode).toBe(200);
    const again = await activate({ ...validPayload(hash), password: 'Another#2026', confirmPassword: 'Another#2026' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({
      message: 'The activation link is invalid.',
      errorMessages: [{ appErrorMessage: 'The activation link is invalid.' }],
    });
    const load = await t.app.inject({ method: 'GET', url: `/user-api/validate/${hash}` });
    expect(load.statusCode).toBe(404);
    expect(load.json().message).toBe('The activation link is no longer valid.');
    expect(await verifyPassword((await userRow(user.id)).passwordHash, NEW_PASSWORD)).toBe(true);
  });

  it('expires after 72 hours', async () => {
    const user = await makePendingUser();
    await sendActivation(await platformAdminToken(), { uuid: user.uuid });
    const hash = await activationTokenFor(user.email);
    t.clock.advance(ACTIVATION_LINK_TTL_MS - 1000);
    expect((await t.app.inject({ method: 'GET', url: `/user-api/validate/${hash}` })).statusCode).toBe(200);
    t.clock.advance(2000);
    expect((await t.app.inject({ method: 'GET', url: `/user-api/validate/${hash}` })).json().message).toBe(
      MESSAGES.ACTIVATION_LINK_EXPIRED,
    );
    const res = await activate(validPayload(hash));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.ACTIVATION_LINK_INVALID);
    expect((await userRow(user.id)).statusId).toBe(USER_STATUS.PENDING);
  });

  it('a newer link ends the older one', async () => {
    const user = await makePendingUser();
    const admin = await platformAdminToken();
    await sendActivation(admin, { uuid: user.uuid });
    const first = await activationTokenFor(user.email);
    await sendActivation(admin, { uuid: user.uuid });
    const second = await activationTokenFor(user.email);
    expect(second).not.toBe(first);
    expect((await activate(validPayload(first))).statusCode).toBe(404);
    expect((await activate(validPayload(second))).statusCode).toBe(200);
  });

  it('answers 404 for made-up, over-long and disabled-user links', async () => {
    for (const hash of ['x', 'A'.repeat(43), 'not a token %20']) {
      const res = await t.app.inject({ method: 'GET', url: `/user-api/validate/${encodeURIComponent(hash)}` });
      expect(res.statusCode).toBe(404);
    }
    // Fastify refuses path parameters over 100 characters itself (414); either way a 4xx, never a look-up.
    const long = await t.app.inject({ method: 'GET', url: `/user-api/validate/${'a'.repeat(201)}` });
    expect(long.statusCode).toBeGreaterThanOrEqual(400);
    expect(long.statusCode).toBeLessThan(500);
    const user = await makePendingUser();
    await sendActivation(await platformAdminToken(), { uuid: user.uuid });
    const hash = await activationTokenFor(user.email);
    await t.database.db.update(users).set({ statusId: USER_STATUS.DISABLED }).where(eq(users.id, user.id));
    expect((await t.app.inject({ method: 'GET', url: `/user-api/validate/${hash}` })).statusCode).toBe(404);
    expect((await activate(validPayload(hash))).statusCode).toBe(404);
  });

  it.each([
    ['a weak password', { password: 'password1', confirmPassword: 'password1' }, MESSAGES.INVALID_PASSWORD],
    [
      'a 31-character password',
      { password: 'Aa1#'.padEnd(31, 'x'), confirmPassword: 'Aa1#'.padEnd(31, 'x') },
      MESSAGES.INVALID_PASSWORD,
    ],
    ['a confirmation that differs', { confirmPassword: 'Different#2026' }, MESSAGES.PASSWORDS_DO_NOT_MATCH],
    ['a 1-character answer', { answer: 'x' }, MESSAGES.SECURITY_ANSWER_LENGTH],
    ['a 101-character answer', { answer: 'x'.repeat(101) }, 'Must be at most 100 characters.'],
    ['an unknown preference', { otpPreference: 'fax' }, MESSAGES.OTP_PREFERENCE_INVALID],
    ['no question', { questionId: undefined }, MESSAGES.SECURITY_QUESTION_INVALID],
    ['a question id as text', { questionId: 'two' }, MESSAGES.SECURITY_QUESTION_INVALID],
    ['an unknown question', { questionId: 999 }, MESSAGES.SECURITY_QUESTION_INVALID],
  ])('refuses %s with 400 and changes nothing', async (_name, change, message) => {
    const user = await makePendingUser();
    await sendActivation(await platformAdminToken(), { uuid: user.uuid });
    const hash = await activationTokenFor(user.email);
    const before = await userRow(user.id);
    const res = await activate({ ...validPayload(hash), ...change });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errorMessages.map((e: { appErrorMessage: string }) => e.appErrorMessage)
        .join(' '),
    ).toContain(message);
    expect(await userRow(user.id)).toEqual(before);
    expect(
      await t.database.db.select().from(userSecurityAnswers).where(eq(userSecurityAnswers.userId, user.id)),
    ).toHaveLength(0);
    const [token] = await t.database.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, sha256(hash)));
    expect(token!.usedAt).toBeNull();
  });

  it('answers 400 to a body without a hash and never 5xx to junk', async () => {
    for (const payload of ['{}', 'null', '[]', '{"password": 1}', '{"hash":']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/user-api/activate-user',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});
