import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, USER_STATUS } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { USER_MESSAGES } from '@ebt/core/users';
import { auditLog, users } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { DEFAULT_PASSWORD, makeRecipient, makeUser } from '../../testing/factories.js';
import { buildWorld } from '../../testing/world.js';
import { EMAIL_CHANGE_TTL_MS } from './email-change.js';
import { lastMessageTo, linkTokenIn, messagesTo } from '../../testing/recovery.js';

// A changed e-mail is confirmed (docs/security.md): staff who change an activated user's e-mail address do not change
// where links and codes go until the user opens the link sent to the new address; the old address is told.

const t = useTestApp();
let w: Awaited<ReturnType<typeof world>>;

const world = () =>
  buildWorld(t, {
    programs: { programA: {} },
    agencies: { a1: { program: 'programA' } },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      agencyAdminA1: { roleId: ROLE.AGENCY_ADMIN, agencies: ['a1'] },
    },
  });

beforeAll(async () => {
  w = await world();
});
afterEach(() => t.clock.reset());

const rowOf = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

/** Saves the staff form of an agency user of a1 with a new e-mail, as the program admin. */
async function changeStaffEmail(user: { uuid: string; username: string; statusId: number }, email: string) {
  return t.injectAs(w.tokens.programAdminA, {
    method: 'PUT',
    url: `/user-api/user/${user.uuid}`,
    payload: {
      username: user.username,
      email,
      firstname: 'Pat',
      middlename: 'Q',
      lastname: 'Staffer',
      mobile: '(860) 555-0199',
      phone: '',
      userStatusId: user.statusId,
      roleId: ROLE.AGENCY_USER,
      agencyUuid: w.agencies.a1.uuid,
    },
  });
}

const agencyUser = (options: Parameters<typeof makeUser>[1] = {}) =>
  makeUser(t.database.db, { roleId: ROLE.AGENCY_USER, agencies: [w.agencies.a1], ...options });

describe('a new e-mail address of an activated user waits for the user to confirm it', () => {
  it('keeps the confirmed address, sends a link to the new one and tells the old one', async () => {
    const user = await agencyUser();
    const res = await changeStaffEmail(user, 'new.address@example.net');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(USER_MESSAGES.USER_UPDATED);
    const row = await rowOf(user.id);
    expect(row).toMatchObject({ email: user.email, pendingEmail: 'new.address@example.net' });
    expect(row.pendingEmailTokenHash).toMatch(/^[0-9a-f]{64}$/);

    const link = await lastMessageTo(t.database.db, 'new.address@example.net');
    expect(link.body).toContain(`/confirm-email?hash=`);
    // The token itself is only in the mail: the database keeps its digest.
    expect(link.body).not.toContain(row.pendingEmailTokenHash!);
    const notice = await lastMessageTo(t.database.db, user.email);
    expect(notice.subject).toBe('Your MarketLink e-mail address is being changed');
    expect(notice.body).toContain('n***@example.net');
    expect(notice.body).not.toContain('new.address@example.net');

    // The user's detail shows the change waiting.
    const detail = await t.injectAs(w.tokens.programAdminA, { method: 'GET', url: `/user-api/user/${user.uuid}` });
    expect(detail.json()).toMatchObject({
      email: user.email,
      pendingEmail: 'new.address@example.net',
      changeable: true,
    });
  });

  it('sends a forced activation to the confirmed address, never to the new one', async () => {
    const user = await agencyUser();
    await changeStaffEmail(user, 'attacker@example.net');
    const before = (await messagesTo(t.database.db, 'attacker@example.net')).length;
    const resend = await t.injectAs(w.tokens.programAdminA, {
      method: 'POST',
      url: '/user-api/user/send-activation',
      payload: { uuid: user.uuid, resetHash: true, resetEmailVerified: true },
    });
    expect(resend.statusCode).toBe(200);
    expect((await messagesTo(t.database.db, 'attacker@example.net')).length).toBe(before);
    expect((await lastMessageTo(t.database.db, user.email)).body).toContain('/validate?hash=');
  });

  it('makes the new address the user’s once the link is opened, once', async () => {
    const user = await agencyUser({ emailVerified: false });
    await changeStaffEmail(user, 'Opened.Link@example.net');
    const token = linkTokenIn((await lastMessageTo(t.database.db, 'Opened.Link@example.net')).body, 'confirm-email');

    // Reading the new mailbox is not enough: the account's password is asked, wrong ones refused and counted.
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/user-api/confirm-email/${token}`,
      payload: { password: 'Not#TheRight1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorMessages[0]).toMatchObject({
      appErrorMessage: MESSAGES.EMAIL_CHANGE_PASSWORD_INVALID,
      field: 'password',
    });
    expect((await rowOf(user.id)).email).toBe(user.email);

    const info = await t.app.inject({ method: 'GET', url: `/user-api/confirm-email/${token}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ username: user.username, email: 'Opened.Link@example.net' });

    const confirm = await t.app.inject({
      method: 'POST',
      url: `/user-api/confirm-email/${token}`,
      payload: { password: DEFAULT_PASSWORD },
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().message).toBe(MESSAGES.EMAIL_CHANGE_CONFIRMED);
    expect(await rowOf(user.id)).toMatchObject({
      email: 'Opened.Link@example.net',
      emailVerified: true,
      pendingEmail: null,
      pendingEmailTokenHash: null,
      pendingEmailExpiresAt: null,
    });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'confirm-email'));
    expect(audit).toMatchObject({ entityId: user.uuid, actorUserId: user.id });

    const again = await t.app.inject({
      method: 'POST',
      url: `/user-api/confirm-email/${token}`,
      payload: { password: DEFAULT_PASSWORD },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(MESSAGES.EMAIL_CHANGE_LINK_INVALID);
  });

  it('refuses a sixth wrong password in 15 minutes with 429, even with the right one', async () => {
    const user = await agencyUser();
    await changeStaffEmail(user, 'guessed@example.net');
    const token = linkTokenIn((await lastMessageTo(t.database.db, 'guessed@example.net')).body, 'confirm-email');
    const confirm = (password: string) =>
      t.app.inject({ method: 'POST', url: `/user-api/confirm-email/${token}`, payload: { password } });
    for (let i = 0; i < 5; i++) expect((await confirm('Not#TheRight1')).statusCode).toBe(400);
    const locked = await confirm(DEFAULT_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await rowOf(user.id)).pendingEmail).toBe('guessed@example.net');
  });

  it('keeps a waiting change when the form is saved again with the confirmed address', async () => {
    const user = await agencyUser();
    await changeStaffEmail(user, 'waiting@example.net');
    const resaved = await changeStaffEmail(user, user.email.toUpperCase());
    expect(resaved.statusCode).toBe(200);
    expect(await rowOf(user.id)).toMatchObject({ pendingEmail: 'waiting@example.net' });
  });

  it('refuses a link after 72 hours, and one whose address another user took meanwhile', async () => {
    const late = await agencyUser();
    await changeStaffEmail(late, 'late@example.net');
    const lateToken = linkTokenIn((await lastMessageTo(t.database.db, 'late@example.net')).body, 'confirm-email');
    t.clock.advance(EMAIL_CHANGE_TTL_MS + 1000);
    const expired = await t.app.inject({
      method: 'POST',
      url: `/user-api/confirm-email/${lateToken}`,
      payload: { password: DEFAULT_PASSWORD },
    });
    expect(expired.statusCode).toBe(404);
    expect((await rowOf(late.id)).email).toBe(late.email);
    t.clock.reset();

    const user = await agencyUser();
    await changeStaffEmail(user, 'contested@example.net');
    const token = linkTokenIn((await lastMessageTo(t.database.db, 'contested@example.net')).body, 'confirm-email');
    await makeUser(t.database.db, { roleId: ROLE.AGENCY_USER, email: 'contested@example.net' });
    const taken = await t.app.inject({
      method: 'POST',
      url: `/user-api/confirm-email/${token}`,
      payload: { password: DEFAULT_PASSWORD },
    });
    expect(taken.statusCode).toBe(409);
    expect((await rowOf(user.id)).email).toBe(user.email);
  });

  it('answers 404 to a link of a disabled user and to a made-up token', async () => {
    const user = await agencyUser();
    await changeStaffEmail(user, 'disabled.later@example.net');
    const token = linkTokenIn((await lastMessageTo(t.database.db, 'disabled.later@example.net')).body, 'confirm-email');
    await t.database.db.update(users).set({ statusId: USER_STATUS.DISABLED }).where(eq(users.id, user.id));
    expect((await t.app.inject({ method: 'GET', url: `/user-api/confirm-email/${token}` })).statusCode).toBe(404);
    const madeUp = await t.app.inject({
      method: 'POST',
      url: `/user-api/confirm-email/${'x'.repeat(43)}`,
      payload: { password: DEFAULT_PASSWORD },
    });
    expect(madeUp.statusCode).toBe(404);
  });

  it('applies a new address at once to a user who never activated: the activation link confirms it', async () => {
    const user = await agencyUser({ password: null, statusId: USER_STATUS.PENDING, emailVerified: false });
    const res = await changeStaffEmail(user, 'typo.fixed@example.net');
    expect(res.statusCode).toBe(200);
    expect(await rowOf(user.id)).toMatchObject({ email: 'typo.fixed@example.net', pendingEmail: null });
    expect(await messagesTo(t.database.db, 'typo.fixed@example.net')).toHaveLength(0);
  });

  it("holds a recipient's new login e-mail the same way", async () => {
    const recipient = await makeUser(t.database.db, { roleId: ROLE.RECIPIENT });
    await makeRecipient(t.database.db, { program: w.programs.programA, agency: w.agencies.a1, user: recipient });
    const res = await t.injectAs(w.tokens.agencyAdminA1, {
      method: 'PATCH',
      url: `/user-api/recipient-users/${recipient.uuid}`,
      payload: {
        username: recipient.username,
        email: 'recipient.new@example.net',
        firstname: recipient.firstName,
        middlename: 'R',
        lastname: recipient.lastName,
        mobile: '860-555-0142',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await rowOf(recipient.id)).toMatchObject({
      email: recipient.email,
      pendingEmail: 'recipient.new@example.net',
    });
    expect((await lastMessageTo(t.database.db, recipient.email)).subject).toBe(
      'Your MarketLink e-mail address is being changed',
    );
  });
});
