import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE, USER_STATUS } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { ROLE_MESSAGES } from '@ebt/core/roles';
import { USER_MESSAGES } from '@ebt/core/users';
import { auditLog, recipientAccounts, sessions, users, userTokens } from '../../db/schema/index.js';
import { makeRecipient, makeUser } from '../../testing/factories.js';
import { useTestApp } from '../../testing/app.js';
import { buildWorld } from '../../testing/world.js';

// PUT /user-api/user/{id}/status and DELETE /user-api/user/{id} (B§4 "User status", B§7; docs/decisions/0025).

const t = useTestApp();
const db = () => t.database.db;

async function makeWorld() {
  return buildWorld(t, {
    programs: { programA: {}, programB: {} },
    agencies: { a1: { program: 'programA' }, a2: { program: 'programA' }, b1: { program: 'programB' } },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      agencyAdminA1: { roleId: ROLE.AGENCY_ADMIN, agencies: ['a1'] },
      agencyUserA1: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] },
    },
  });
}
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  w = await makeWorld();
});

const rowOf = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const openSessions = (userId: number) =>
  db()
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
const disable = (token: string, id: string, userStatusId: unknown = USER_STATUS.DISABLED) =>
  t.injectAs(token, { method: 'PUT', url: `/user-api/user/${id}/status`, payload: { userStatusId } });
const remove = (token: string, id: string) => t.injectAs(token, { method: 'DELETE', url: `/user-api/user/${id}` });

/** A staff user of agency a1, signed in (a session to end). */
async function signedInAgencyUser(agencyKey: 'a1' | 'a2' | 'b1' = 'a1') {
  const user = await makeUser(db(), { roleId: ROLE.AGENCY_USER, agencies: [w.agencies[agencyKey]] });
  const token = await t.signIn(user.username);
  return { user, token };
}

describe('PUT /user-api/user/{id}/status (Disable)', () => {
  it("refuses a user whose role the caller may not give (B§6), as the staff form does, and ends the user's links", async () => {
    // A program user (role 2) of program A: its program admin may not create or edit one, so neither disable it.
    const programUser = await makeUser(db(), { roleId: ROLE.PROGRAM_USER, programs: [w.programs.programA] });
    const refused = await disable(w.tokens.programAdminA, programUser.uuid);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: USER_MESSAGES.ROLE_NOT_ALLOWED });
    expect((await rowOf(programUser.id)).statusId).toBe(programUser.statusId);
    const otp = await t.injectAs(w.tokens.programAdminA, {
      method: 'POST',
      url: `/user-api/user/reset-otp/${programUser.uuid}`,
    });
    expect(otp.statusCode).toBe(403);

    // A platform admin may; an activation link sent before stops working with the disable.
    const pending = await makeUser(db(), { roleId: ROLE.AGENCY_USER, agencies: [w.agencies.a1] });
    await db()
      .insert(userTokens)
      .values({
        userId: pending.id,
        purpose: 'activation',
        tokenHash: 'a'.repeat(64),
        expiresAt: new Date(t.clock.now().getTime() + 3_600_000),
      });
    expect((await disable(w.tokens.platformAdmin, pending.uuid)).statusCode).toBe(200);
    const [token] = await db().select().from(userTokens).where(eq(userTokens.userId, pending.id));
    expect(token!.expiresAt.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
  });

  // Two platform admins disabling each other at once: the platform-admin set's lock makes one wait for the other, so
  // the second sees the first's change and refuses (one admin stays), and nobody deadlocks into a 500.
  it.skipIf(process.env.TEST_DATABASE !== 'postgres')(
    'leaves one of two platform admins who disable each other at once',
    async () => {
      // Every other platform admin of this database is disabled first: these two are the last.
      await db().update(users).set({ statusId: USER_STATUS.DISABLED }).where(eq(users.roleId, ROLE.PLATFORM_ADMIN));
      const [one, two] = [
        await makeUser(db(), { roleId: ROLE.PLATFORM_ADMIN }),
        await makeUser(db(), { roleId: ROLE.PLATFORM_ADMIN }),
      ];
      const [oneToken, twoToken] = [await t.signIn(one.username), await t.signIn(two.username)];
      const answers = await Promise.all([disable(oneToken, two.uuid), disable(twoToken, one.uuid)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const statuses = [(await rowOf(one.id)).statusId, (await rowOf(two.id)).statusId];
      expect(statuses.filter((s) => s === USER_STATUS.DISABLED)).toHaveLength(1);
      await db().update(users).set({ statusId: USER_STATUS.ENABLED }).where(eq(users.id, w.users.platformAdmin.id));
    },
  );

  it('disables an enabled user, ends every session at once, and audits the change', async () => {
    const { user, token } = await signedInAgencyUser();
    const second = await t.signIn(user.username);
    expect(await openSessions(user.id)).toHaveLength(2);

    const res = await disable(w.tokens.agencyAdminA1, user.uuid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'User status updated.' });
    expect((await rowOf(user.id)).statusId).toBe(USER_STATUS.DISABLED);
    expect(await openSessions(user.id)).toHaveLength(0);
    for (const bearer of [token, second]) {
      const me = await t.injectAs(bearer, { method: 'GET', url: '/user-api/user/current' });
      expect(me.statusCode).toBe(401);
    }
    // A disabled user cannot sign in again.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: user.username, password: user.password },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ message: MESSAGES.LOGIN_INVALID });

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.uuid), eq(auditLog.action, 'status')));
    expect(audit).toMatchObject({
      actorUserId: w.users.agencyAdminA1.id,
      before: { statusId: USER_STATUS.ENABLED },
      after: { statusId: USER_STATUS.DISABLED },
    });
  });

  it('takes the numeric userId as well as the uuid, and disables Pending and Registered users', async () => {
    for (const statusId of [USER_STATUS.PENDING, USER_STATUS.REGISTERED]) {
      const user = await makeUser(db(), { roleId: ROLE.AGENCY_USER, agencies: [w.agencies.a1], statusId });
      const res = await disable(w.tokens.programAdminA, String(user.id));
      expect(res.statusCode, res.body).toBe(200);
      expect((await rowOf(user.id)).statusId).toBe(USER_STATUS.DISABLED);
    }
  });

  it('refuses a disabled or deleted user with 409 and any other status value with 400, changing nothing', async () => {
    const disabled = await makeUser(db(), {
      roleId: ROLE.AGENCY_USER,
      agencies: [w.agencies.a1],
      statusId: USER_STATUS.DISABLED,
    });
    const again = await disable(w.tokens.agencyAdminA1, disabled.uuid);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: ROLE_MESSAGES.USER_ALREADY_DISABLED });

    const deleted = await makeUser(db(), {
      roleId: ROLE.AGENCY_USER,
      agencies: [w.agencies.a1],
      statusId: USER_STATUS.DELETED,
    });
    const gone = await disable(w.tokens.agencyAdminA1, deleted.uuid);
    expect(gone.statusCode).toBe(409);
    expect((await rowOf(deleted.id)).statusId).toBe(USER_STATUS.DELETED);

    const { user } = await signedInAgencyUser();
    for (const value of [USER_STATUS.ENABLED, USER_STATUS.DELETED, '3', null]) {
      const res = await disable(w.tokens.agencyAdminA1, user.uuid, value);
      expect(res.statusCode, String(value)).toBe(400);
    }
    expect((await rowOf(user.id)).statusId).toBe(USER_STATUS.ENABLED);
    expect(await openSessions(user.id)).toHaveLength(1);
  });

  it('answers 404 for a user of another agency or program, and for one that does not exist', async () => {
    const { user: otherAgency } = await signedInAgencyUser('a2');
    const { user: otherProgram } = await signedInAgencyUser('b1');
    // The agency admin of a1 does not see a2; the program admin of A does not see program B.
    expect((await disable(w.tokens.agencyAdminA1, otherAgency.uuid)).statusCode).toBe(404);
    expect((await remove(w.tokens.agencyAdminA1, otherAgency.uuid)).statusCode).toBe(404);
    expect((await disable(w.tokens.programAdminA, otherProgram.uuid)).statusCode).toBe(404);
    expect((await remove(w.tokens.programAdminA, otherProgram.uuid)).statusCode).toBe(404);
    expect((await disable(w.tokens.platformAdmin, '7d0c7d39-2a5a-4c1e-9d1a-9f3c2b1a0e55')).statusCode).toBe(404);
    for (const user of [otherAgency, otherProgram]) {
      expect((await rowOf(user.id)).statusId).toBe(USER_STATUS.ENABLED);
      expect(await openSessions(user.id)).toHaveLength(1);
    }
    // The program admin of A does see a2's users (an agency of their program).
    expect((await disable(w.tokens.programAdminA, otherAgency.uuid)).statusCode).toBe(200);
  });

  it("scopes recipient users by their accounts' program and agency", async () => {
    const recipientUser = await makeUser(db(), { roleId: ROLE.RECIPIENT });
    const account = await makeRecipient(db(), { program: w.programs.programA, agency: w.agencies.a2 });
    await db().update(recipientAccounts).set({ userId: recipientUser.id }).where(eq(recipientAccounts.id, account.id));
    expect((await disable(w.tokens.agencyAdminA1, recipientUser.uuid)).statusCode).toBe(404);
    expect((await disable(w.tokens.programAdminA, recipientUser.uuid)).statusCode).toBe(200);
  });

  it('is refused to agency users (403) and to anyone for their own user (409)', async () => {
    const { user } = await signedInAgencyUser();
    const res = await disable(w.tokens.agencyUserA1, user.uuid);
    expect(res.statusCode).toBe(403);
    const self = await disable(w.tokens.agencyAdminA1, w.users.agencyAdminA1.uuid);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ message: ROLE_MESSAGES.NOT_YOURSELF });
    expect((await rowOf(w.users.agencyAdminA1.id)).statusId).toBe(USER_STATUS.ENABLED);
  });
});

describe('DELETE /user-api/user/{id}', () => {
  it('sets status 4, keeps the row and its history, ends the sessions; the user cannot sign in', async () => {
    const { user, token } = await signedInAgencyUser();
    const res = await remove(w.tokens.programAdminA, user.uuid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'User has been deleted.' });
    const row = await rowOf(user.id);
    expect(row.statusId).toBe(USER_STATUS.DELETED);
    expect(row.username).toBe(user.username);
    expect(await openSessions(user.id)).toHaveLength(0);
    expect((await t.injectAs(token, { method: 'GET', url: '/user-api/user/current' })).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: user.username, password: user.password },
    });
    expect(signIn.statusCode).toBe(401);
    // The earlier sign-in is still in the log, and the delete beside it.
    const history = await db().select().from(auditLog).where(eq(auditLog.entityId, user.uuid));
    expect(history.map((r) => r.action)).toEqual(expect.arrayContaining(['sign-in', 'delete']));

    const twice = await remove(w.tokens.programAdminA, user.uuid);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: ROLE_MESSAGES.USER_ALREADY_DELETED });
  });

  it("lets one platform admin delete another, and never a platform admin out of a program admin's scope", async () => {
    const other = await makeUser(db(), { roleId: ROLE.PLATFORM_ADMIN });
    // A platform admin belongs to no program: out of a program admin's scope, 404 like missing.
    expect((await remove(w.tokens.programAdminA, other.uuid)).statusCode).toBe(404);
    expect((await remove(w.tokens.platformAdmin, other.uuid)).statusCode).toBe(200);
    expect((await rowOf(other.id)).statusId).toBe(USER_STATUS.DELETED);
  });
});
