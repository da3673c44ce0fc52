import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE, USER_STATUS } from '@ebt/core/enums';
import { PRIVILEGE } from '@ebt/core/privileges';
import { ROLE_MESSAGES } from '@ebt/core/roles';
import { USER_MESSAGES } from '@ebt/core/users';
import { auditLog, userAgencies, users } from '../../db/schema/index.js';
import { makeUser } from '../../testing/factories.js';
import { useTestApp } from '../../testing/app.js';
import { buildWorld } from '../../testing/world.js';

// GET and PUT /user-api/user/{id}/roles (B§4 "Roles (user)", B§7; decision 0025).

const t = useTestApp();
const db = () => t.database.db;

async function makeWorld() {
  return buildWorld(t, {
    programs: { programA: {} },
    agencies: { a1: { program: 'programA' } },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
    },
  });
}
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  w = await makeWorld();
});

const put = (token: string, id: string, roleIds: unknown) =>
  t.injectAs(token, { method: 'PUT', url: `/user-api/user/${id}/roles`, payload: { roleIds } });
const roleOf = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!.roleId;

describe('/user-api/user/{id}/roles', () => {
  it("reads a user's role as roleIds", async () => {
    const user = await makeUser(db(), { roleId: ROLE.AGENCY_USER, agencies: [w.agencies.a1] });
    const res = await t.injectAs(w.tokens.platformAdmin, { method: 'GET', url: `/user-api/user/${user.uuid}/roles` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      userUuid: user.uuid,
      roleIds: [ROLE.AGENCY_USER],
      roles: [{ roleId: ROLE.AGENCY_USER, descr: expect.any(String) }],
    });
  });

  it("changes the role; the user's next request carries the new privileges, on the same session", async () => {
    const user = await makeUser(db(), { roleId: ROLE.AGENCY_USER, agencies: [w.agencies.a1] });
    const token = await t.signIn(user.username);
    // An agency user does not hold OTP_RESET: the call is refused before the change...
    const probe = () => t.injectAs(token, { method: 'POST', url: `/user-api/user/reset-otp/${user.uuid}` });
    expect((await probe()).statusCode).toBe(403);

    const res = await put(w.tokens.platformAdmin, user.uuid, [ROLE.PROGRAM_ADMIN]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'User roles updated.' });
    expect(await roleOf(user.id)).toBe(ROLE.PROGRAM_ADMIN);
    // ...and past the privilege check after it (a program admin holds OTP_RESET; the user is in no program: 404).
    expect((await probe()).statusCode).toBe(404);
    const me = await t.injectAs(token, { method: 'GET', url: '/user-api/user/current' });
    expect(me.statusCode).toBe(200);
    expect(JSON.stringify(me.json())).toContain(PRIVILEGE.PROGRAMADMIN_ACCESS);

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.uuid), eq(auditLog.action, 'roles')));
    expect(audit).toMatchObject({ before: { roleIds: [ROLE.AGENCY_USER] }, after: { roleIds: [ROLE.PROGRAM_ADMIN] } });
  });

  it('refuses an unknown role, several roles, none, and non-admins, changing nothing', async () => {
    const user = await makeUser(db(), { roleId: ROLE.AGENCY_USER, agencies: [w.agencies.a1] });
    const unknown = await put(w.tokens.platformAdmin, user.uuid, [999_999]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: ROLE_MESSAGES.ROLE_UNKNOWN });
    for (const roleIds of [[], [1, 5], ['x'], null]) {
      expect((await put(w.tokens.platformAdmin, user.uuid, roleIds)).statusCode, JSON.stringify(roleIds)).toBe(400);
    }
    expect((await put(w.tokens.programAdminA, user.uuid, [ROLE.AGENCY_ADMIN])).statusCode).toBe(403);
    expect(
      (await t.injectAs(w.tokens.programAdminA, { method: 'GET', url: `/user-api/user/${user.uuid}/roles` }))
        .statusCode,
    ).toBe(403);
    expect(await roleOf(user.id)).toBe(ROLE.AGENCY_USER);
  });

  it('refuses your own role (the last platform admin cannot move themself out of /admin either)', async () => {
    // Every other platform admin of this database is disabled: ours is the last who can open /admin.
    await db()
      .update(users)
      .set({ statusId: USER_STATUS.DISABLED })
      .where(and(eq(users.roleId, ROLE.PLATFORM_ADMIN)));
    await db().update(users).set({ statusId: USER_STATUS.ENABLED }).where(eq(users.id, w.users.platformAdmin.id));
    const res = await put(w.tokens.platformAdmin, w.users.platformAdmin.uuid, [ROLE.PROGRAM_ADMIN]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: USER_MESSAGES.OWN_ROLE_OR_STATUS });
    expect(await roleOf(w.users.platformAdmin.id)).toBe(ROLE.PLATFORM_ADMIN);
  });

  it('clears the links the new role does not take, refuses a deleted user and role 3, changing nothing', async () => {
    const agencyAdmin = await makeUser(db(), { roleId: ROLE.AGENCY_ADMIN, agencies: [w.agencies.a1] });
    const res = await put(w.tokens.platformAdmin, agencyAdmin.uuid, [ROLE.PLATFORM_ADMIN]);
    expect(res.statusCode, res.body).toBe(200);
    // A platform admin takes no agency: the agency admin's link to a1 goes, so a1's admins no longer reach the user.
    expect(await db().select().from(userAgencies).where(eq(userAgencies.userId, agencyAdmin.id))).toHaveLength(0);

    const toRecipient = await put(w.tokens.platformAdmin, agencyAdmin.uuid, [ROLE.RECIPIENT]);
    expect(toRecipient.statusCode).toBe(400);
    expect(toRecipient.json()).toMatchObject({ message: USER_MESSAGES.RECIPIENT_ROLE });

    const deleted = await makeUser(db(), {
      roleId: ROLE.AGENCY_USER,
      agencies: [w.agencies.a1],
      statusId: USER_STATUS.DELETED,
    });
    const res2 = await put(w.tokens.platformAdmin, deleted.uuid, [ROLE.AGENCY_ADMIN]);
    expect(res2.statusCode).toBe(409);
    expect(res2.json()).toMatchObject({ message: ROLE_MESSAGES.USER_ALREADY_DELETED });
    expect(await roleOf(agencyAdmin.id)).toBe(ROLE.PLATFORM_ADMIN);
    expect(await roleOf(deleted.id)).toBe(ROLE.AGENCY_USER);
  });
});
