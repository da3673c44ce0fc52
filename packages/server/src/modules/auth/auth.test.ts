import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROLE, USER_STATUS } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { PRIVILEGE } from '@ebt/core/privileges';
import { auditLog, sessions, signInFailures, users } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { DEFAULT_PASSWORD, makeAgency, makeProgram, makeUser } from '../../testing/factories.js';
import { FAILURE_MEMORY_MS, purgeSignInFailures } from './sign-in-failures.js';

const t = useTestApp();
const signInRequest = (username: string, password: string, ip?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/authenticate',
    payload: { username, password },
    ...(ip ? { remoteAddress: ip } : {}),
  });

describe('POST /api/authenticate', () => {
  it('answers a bearer token, stores only its hash, and resets the failure count', async () => {
    const user = await makeUser(t.database.db, { failedLogins: 3 });
    const res = await signInRequest(user.username, DEFAULT_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { token } = res.json() as { token: string };
    expect(token.length).toBeGreaterThanOrEqual(40);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.failedLogins).toBe(0);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, user.id), eq(auditLog.action, 'sign-in')));
    expect(audits).toHaveLength(1);
  });

  it('matches the username regardless of case', async () => {
    const user = await makeUser(t.database.db);
    expect((await signInRequest(user.username.toUpperCase(), DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 401 with the specification message for a wrong password, an unknown user and an inactive user', async () => {
    const user = await makeUser(t.database.db);
    const pending = await makeUser(t.database.db, { statusId: USER_STATUS.PENDING });
    const disabled = await makeUser(t.database.db, { statusId: USER_STATUS.DISABLED });
    const notActivated = await makeUser(t.database.db, { password: null });
    for (const [username, password] of [
      [user.username, 'Wrong#Pass1'],
      ['nosuchuser99', DEFAULT_PASSWORD],
      [pending.username, DEFAULT_PASSWORD],
      [disabled.username, DEFAULT_PASSWORD],
      [notActivated.username, DEFAULT_PASSWORD],
    ] as const) {
      const res = await signInRequest(username, password);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        status: 401,
        message: MESSAGES.LOGIN_INVALID,
        errorMessages: [{ appErrorMessage: MESSAGES.LOGIN_INVALID, messageKey: 'MESSAGES.LOGIN_INVALID' }],
      });
    }
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.failedLogins).toBe(1);
  });

  it('locks the account at the 10th failure in a row for 30 minutes, even for the right password', async () => {
    const user = await makeUser(t.database.db);
    for (let i = 0; i < 9; i++)
      expect((await signInRequest(user.username, 'Wrong#Pass1', '10.0.0.1')).statusCode).toBe(401);
    expect((await signInRequest(user.username, 'Wrong#Pass1', '10.0.0.1')).statusCode).toBe(401);
    const locked = await signInRequest(user.username, DEFAULT_PASSWORD, '10.0.0.2');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(MESSAGES.LOGIN_LOCKED);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.failedLogins).toBe(10);
    expect(row!.lockedUntil!.getTime()).toBe(t.clock.now().getTime() + 30 * 60_000);

    t.clock.advance(30 * 60_000 + 1000);
    expect((await signInRequest(user.username, DEFAULT_PASSWORD, '10.0.0.2')).statusCode).toBe(200);
  });

  it('locks an unknown username from the 11th try exactly like a known one: same status, body and 30 minutes', async () => {
    const user = await makeUser(t.database.db);
    const unknown = 'nosuchuser42';
    // One address per try: the per-address limit is not what this test is about.
    const attempt = (username: string, password: string, i: number) =>
      signInRequest(username, password, `10.42.0.${i}`);
    for (let i = 1; i <= 10; i++) {
      const known = await attempt(user.username, 'Wrong#Pass1', i);
      const other = await attempt(unknown, 'Wrong#Pass1', i);
      expect([known.statusCode, other.statusCode]).toEqual([401, 401]);
      expect(other.json()).toEqual(known.json());
    }
    const known = await attempt(user.username.toUpperCase(), DEFAULT_PASSWORD, 11);
    const other = await attempt(` ${unknown.toUpperCase()} `, DEFAULT_PASSWORD, 11);
    expect([known.statusCode, other.statusCode]).toEqual([429, 429]);
    expect(other.json()).toEqual(known.json());
    expect(other.json()).toMatchObject({ status: 429, message: MESSAGES.LOGIN_LOCKED });

    // The table holds keyed hashes, never a typed username (it may be a password typed into the wrong field).
    const rows = await t.database.db.select().from(signInFailures);
    expect(JSON.stringify(rows)).not.toContain(unknown);
    expect(rows.filter((row) => row.failures === 10 && row.lockedUntil)).toHaveLength(2);

    t.clock.advance(29 * 60_000);
    expect((await attempt(user.username, DEFAULT_PASSWORD, 12)).statusCode).toBe(429);
    expect((await attempt(unknown, DEFAULT_PASSWORD, 12)).statusCode).toBe(429);
    t.clock.advance(60_000 + 1000);
    expect((await attempt(unknown, DEFAULT_PASSWORD, 13)).statusCode).toBe(401);
    expect((await attempt(user.username, DEFAULT_PASSWORD, 13)).statusCode).toBe(200);
  });

  it('ends the lock when the user sets a new password, as a reset through the mailbox does', async () => {
    const user = await makeUser(t.database.db);
    for (let i = 1; i <= 10; i++) await signInRequest(user.username, 'Wrong#Pass1', `10.43.0.${i}`);
    expect((await signInRequest(user.username, DEFAULT_PASSWORD, '10.43.1.1')).statusCode).toBe(429);
    const rowsWhileLocked = (await t.database.db.select().from(signInFailures)).length;
    t.clock.advance(1000);
    // What POST /user-api/reset-pass/{hash} writes (recovery/activation.ts resetPassword).
    await t.database.db
      .update(users)
      .set({ passwordChangedAt: t.clock.now(), failedLogins: 0, lockedUntil: null })
      .where(eq(users.id, user.id));
    expect((await signInRequest(user.username, DEFAULT_PASSWORD, '10.43.1.1')).statusCode).toBe(200);
    // The success ends the run of failures: the username's row is gone.
    expect(await t.database.db.select().from(signInFailures)).toHaveLength(rowsWhileLocked - 1);
  });

  it('forgets failures a day old, and the purge job deletes their rows', async () => {
    const username = 'forgottenuser1';
    for (let i = 1; i <= 9; i++) await signInRequest(username, 'Wrong#Pass1', `10.44.0.${i}`);
    t.clock.advance(FAILURE_MEMORY_MS + 1000);
    // The 10th failure, a day after the 9th, starts a new run instead of locking.
    expect((await signInRequest(username, 'Wrong#Pass1', '10.44.1.1')).statusCode).toBe(401);
    expect((await signInRequest(username, 'Wrong#Pass1', '10.44.1.1')).statusCode).toBe(401);
    t.clock.advance(FAILURE_MEMORY_MS + 1000);
    const before = await t.database.db.select().from(signInFailures);
    expect(before.length).toBeGreaterThan(0);
    expect(await purgeSignInFailures(t.database.db, t.clock.now())).toBe(before.length);
    expect(await t.database.db.select().from(signInFailures)).toHaveLength(0);
  });

  it('throttles an address after 50 failures in 15 minutes across usernames', async () => {
    const user = await makeUser(t.database.db);
    for (let i = 0; i < 50; i++) await signInRequest(`unknown${i}user`, 'Wrong#Pass1', '10.9.9.9');
    const res = await signInRequest(user.username, DEFAULT_PASSWORD, '10.9.9.9');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(MESSAGES.LOGIN_THROTTLED);
    expect((await signInRequest(user.username, DEFAULT_PASSWORD, '10.9.9.10')).statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await signInRequest(user.username, DEFAULT_PASSWORD, '10.9.9.9')).statusCode).toBe(200);
  });

  it.each([
    ['missing fields', '{}'],
    ['wrong types', JSON.stringify({ username: 12345678, password: ['x'] })],
    ['a 1 MB string', JSON.stringify({ username: 'a'.repeat(1_048_576), password: 'x' })],
    ['malformed JSON', '{"username": "abc",'],
    ['null', 'null'],
    ['an empty body', ''],
  ])('answers 4xx JSON, never 5xx, to %s', async (_name, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toHaveProperty('message');
  });
});

describe('sessions', () => {
  it('ends a session after 20 minutes without a call, and keeps it alive while calls continue', async () => {
    const user = await makeUser(t.database.db);
    const token = await t.signIn(user.username);
    const current = () => t.injectAs(token, { method: 'GET', url: '/user-api/user/current' });
    for (let i = 0; i < 4; i++) {
      t.clock.advance(19 * 60_000);
      expect((await current()).statusCode).toBe(200);
    }
    t.clock.advance(20 * 60_000 + 1000);
    const res = await current();
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MESSAGES.SESSION_EXPIRED);
  });

  it('ends a session 12 hours after sign-in however busy it is', async () => {
    const user = await makeUser(t.database.db);
    const token = await t.signIn(user.username);
    for (let i = 0; i < 12 * 4; i++) {
      t.clock.advance(15 * 60_000);
      await t.injectAs(token, { method: 'GET', url: '/user-api/user/current' });
    }
    expect((await t.injectAs(token, { method: 'GET', url: '/user-api/user/current' })).statusCode).toBe(401);
  });

  it('ends the session at logout', async () => {
    const user = await makeUser(t.database.db);
    const token = await t.signIn(user.username);
    const res = await t.injectAs(token, { method: 'GET', url: '/api/logout?timestamp=1700000000000' });
    expect(res.statusCode).toBe(204);
    expect((await t.injectAs(token, { method: 'GET', url: '/user-api/user/current' })).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.endedAt).not.toBeNull();
  });

  it('ends the session of a user disabled while signed in', async () => {
    const user = await makeUser(t.database.db);
    const token = await t.signIn(user.username);
    await t.database.db.update(users).set({ statusId: USER_STATUS.DISABLED }).where(eq(users.id, user.id));
    expect((await t.injectAs(token, { method: 'GET', url: '/user-api/user/current' })).statusCode).toBe(401);
    await t.database.db.update(users).set({ statusId: USER_STATUS.ENABLED }).where(eq(users.id, user.id));
    expect((await t.injectAs(token, { method: 'GET', url: '/user-api/user/current' })).statusCode).toBe(401);
  });

  it('refuses a made-up or malformed token with 401', async () => {
    for (const authorization of ['Bearer ' + 'x'.repeat(43), 'Bearer', 'Basic abc', 'Bearer a b']) {
      const res = await t.app.inject({ method: 'GET', url: '/user-api/user/current', headers: { authorization } });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('GET /user-api/user/current', () => {
  it('answers the session user with the privileges of their role and the programs of their agencies', async () => {
    const program = await makeProgram(t.database.db);
    const agency = await makeAgency(t.database.db, program);
    await makeProgram(t.database.db); // not theirs
    const user = await makeUser(t.database.db, {
      roleId: ROLE.AGENCY_ADMIN,
      agencies: [agency],
      firstName: 'Ada',
      middleName: 'B',
      lastName: 'Cole',
      mobile: '8605551234',
    });
    const token = await t.signIn(user.username);
    const res = await t.injectAs(token, { method: 'GET', url: '/user-api/user/current' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      userUuid: user.uuid,
      username: user.username,
      firstname: 'Ada',
      middlename: 'B',
      lastname: 'Cole',
      mobile: '8605551234',
      programs: [
        { programUuid: program.uuid, programId: program.id, programName: program.name, timeZone: 'America/New_York' },
      ],
      notificationsCount: 0,
    });
    expect(body.privileges).toContain(PRIVILEGE.AGENCYADMIN_ACCESS);
    expect(body.privileges).not.toContain(PRIVILEGE.NDGADMIN_ACCESS);
    expect(body).not.toHaveProperty('passwordHash');
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/user-api/user/current' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
