import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE, USER_STATUS } from '@ebt/core/enums';
import { PRIVILEGE, PRIVILEGE_LIST } from '@ebt/core/privileges';
import { ROLE_MESSAGES } from '@ebt/core/roles';
import { auditLog, rolePrivileges, roles, users } from '../../db/schema/index.js';
import { makeUser } from '../../testing/factories.js';
import { useTestApp } from '../../testing/app.js';
import { buildWorld } from '../../testing/world.js';

// Roles and privileges admin (B§2, B§3 "Role", "Privilege", B§5 "Role", B§7, B§8; decision 0025).

const t = useTestApp();
const db = () => t.database.db;

async function makeWorld() {
  return buildWorld(t, {
    programs: { programA: {} },
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

const as = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.injectAs(token, { method, url, ...(payload ? { payload } : {}) });
const privilegeId = (code: string) => PRIVILEGE_LIST.find((p) => p.code === code)!.privilegeId;
const grantsOf = async (roleId: number) =>
  (await db().select().from(rolePrivileges).where(eq(rolePrivileges.roleId, roleId))).map((r) => r.privilegeId).sort();

describe('reading roles and privileges', () => {
  it('lists every privilege with privilegeId, code and descr', async () => {
    const res = await as(w.tokens.platformAdmin, 'GET', '/admin-api/privileges');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(PRIVILEGE_LIST.map(({ privilegeId, code, descr }) => ({ privilegeId, code, descr })));
  });

  it('lists roles with their privileges, one role by id, and the role picker for staff', async () => {
    const all = await as(w.tokens.platformAdmin, 'GET', '/admin-api/roles');
    expect(all.statusCode).toBe(200);
    const agencyUser = (all.json() as { roleId: number; descr: string; privileges: { code: string }[] }[]).find(
      (r) => r.roleId === 6,
    )!;
    expect(agencyUser.privileges.map((p) => p.code)).toContain(PRIVILEGE.AGENCYUSER_ACCESS);

    const one = await as(w.tokens.platformAdmin, 'GET', '/admin-api/roles/6');
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(agencyUser);
    expect((await as(w.tokens.platformAdmin, 'GET', '/admin-api/roles/424242')).statusCode).toBe(404);
    expect((await as(w.tokens.platformAdmin, 'GET', '/admin-api/roles/12345678901')).statusCode).toBe(400);

    const picker = await as(w.tokens.programAdminA, 'GET', '/user-api/roles');
    expect(picker.statusCode).toBe(200);
    expect(picker.json()).toEqual(expect.arrayContaining([{ roleId: 6, descr: agencyUser.descr }]));
  });

  it('answers 403 to anyone but a platform admin on the admin paths', async () => {
    for (const url of ['/admin-api/privileges', '/admin-api/roles', '/admin-api/roles/1'])
      expect((await as(w.tokens.programAdminA, 'GET', url)).statusCode, url).toBe(403);
    expect(
      (await as(w.tokens.programAdminA, 'POST', '/admin-api/roles', { roleId: 77, descr: 'Nope' })).statusCode,
    ).toBe(403);
    expect((await db().select().from(roles).where(eq(roles.id, 77))).length).toBe(0);
  });
});

describe('POST /admin-api/roles', () => {
  it("adds a role without privileges: 'Role added.', audited", async () => {
    const res = await as(w.tokens.platformAdmin, 'POST', '/admin-api/roles', { roleId: '1001', descr: 'Auditors' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: 'Role added.' });
    const [row] = await db().select().from(roles).where(eq(roles.id, 1001));
    expect(row).toMatchObject({ id: 1001, descr: 'Auditors' });
    expect(await grantsOf(1001)).toEqual([]);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'role'), eq(auditLog.entityId, '1001')));
    expect(audit).toMatchObject({ action: 'create', actorUserId: w.users.platformAdmin.id });
  });

  it("answers 409 'Role Id already exists.' for a taken id, changing nothing", async () => {
    const res = await as(w.tokens.platformAdmin, 'POST', '/admin-api/roles', { roleId: 6, descr: 'Renamed' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'Role Id already exists.' });
    expect((await db().select().from(roles).where(eq(roles.id, 6)))[0]!.descr).not.toBe('Renamed');
  });

  it('refuses a role id of 11 characters, a descr of 1 or 21 characters, and a missing id (400, nothing added)', async () => {
    const cases: [object, string][] = [
      [{ roleId: '12345678901', descr: 'Too long id' }, ROLE_MESSAGES.ROLE_ID_INVALID],
      [{ roleId: 12345678901, descr: 'Too long id' }, ROLE_MESSAGES.ROLE_ID_INVALID],
      [{ roleId: 9999999999, descr: 'Over the int' }, ROLE_MESSAGES.ROLE_ID_INVALID],
      [{ roleId: 'abc', descr: 'Letters' }, ROLE_MESSAGES.ROLE_ID_INVALID],
      [{ roleId: '', descr: 'Empty' }, ROLE_MESSAGES.ROLE_ID_REQUIRED],
      [{ roleId: 2001, descr: 'A' }, ROLE_MESSAGES.ROLE_DESCR_LENGTH],
      [{ roleId: 2001, descr: 'x'.repeat(21) }, ROLE_MESSAGES.ROLE_DESCR_LENGTH],
    ];
    for (const [payload, message] of cases) {
      const res = await as(w.tokens.platformAdmin, 'POST', '/admin-api/roles', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errorMessages[0].appErrorMessage, JSON.stringify(payload)).toBe(message);
    }
    expect((await db().select().from(roles).where(eq(roles.id, 2001))).length).toBe(0);
  });
});

describe('PUT /admin-api/roles', () => {
  it('saves descr and the ticked privileges; a user of the role holds them from the next request', async () => {
    await as(w.tokens.platformAdmin, 'POST', '/admin-api/roles', { roleId: 3001, descr: 'Helpers' });
    const user = await makeUser(db(), { roleId: 3001 });
    const token = await t.signIn(user.username);
    expect((await as(token, 'GET', '/user-api/roles')).statusCode).toBe(403);

    const ids = [privilegeId(PRIVILEGE.AGENCYUSER_ACCESS), privilegeId(PRIVILEGE.AGENCY_VIEW)];
    const res = await as(w.tokens.platformAdmin, 'PUT', '/admin-api/roles', {
      roleId: 3001,
      descr: 'Field helpers',
      privilegeIds: [...ids, ids[0]],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Role saved.' });
    expect(await grantsOf(3001)).toEqual([...ids].sort());
    expect((await db().select().from(roles).where(eq(roles.id, 3001)))[0]!.descr).toBe('Field helpers');
    // The same session now passes the staff check.
    expect((await as(token, 'GET', '/user-api/roles')).statusCode).toBe(200);

    // Unticking removes.
    await as(w.tokens.platformAdmin, 'PUT', '/admin-api/roles', {
      roleId: 3001,
      descr: 'Field helpers',
      privilegeIds: [],
    });
    expect(await grantsOf(3001)).toEqual([]);
    expect((await as(token, 'GET', '/user-api/roles')).statusCode).toBe(403);
  });

  it('refuses an unknown privilege id (400), an unknown role (404) and a bad descr (400), changing nothing', async () => {
    const before = await grantsOf(ROLE.AGENCY_USER);
    const unknown = await as(w.tokens.platformAdmin, 'PUT', '/admin-api/roles', {
      roleId: ROLE.AGENCY_USER,
      descr: 'Agency User',
      privilegeIds: [privilegeId(PRIVILEGE.AGENCY_VIEW), 9999],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'Unknown privilege id: 9999.' });
    const missing = await as(w.tokens.platformAdmin, 'PUT', '/admin-api/roles', {
      roleId: 5555,
      descr: 'Ghost',
      privilegeIds: [],
    });
    expect(missing.statusCode).toBe(404);
    const short = await as(w.tokens.platformAdmin, 'PUT', '/admin-api/roles', {
      roleId: ROLE.AGENCY_USER,
      descr: 'A',
      privilegeIds: [],
    });
    expect(short.statusCode).toBe(400);
    expect(await grantsOf(ROLE.AGENCY_USER)).toEqual(before);
  });

  it('refuses to take NDGADMIN_ACCESS from the only role that gives an active user /admin', async () => {
    // Platform admins of other roles (none by default) would keep /admin open; make sure none is active.
    await db().update(users).set({ statusId: USER_STATUS.DISABLED }).where(eq(users.roleId, 1001));
    const before = await grantsOf(ROLE.PLATFORM_ADMIN);
    const res = await as(w.tokens.platformAdmin, 'PUT', '/admin-api/roles', {
      roleId: ROLE.PLATFORM_ADMIN,
      descr: 'Platform Admin',
      privilegeIds: before.filter((id) => id !== privilegeId(PRIVILEGE.NDGADMIN_ACCESS)),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: ROLE_MESSAGES.LAST_PLATFORM_ADMIN });
    expect(await grantsOf(ROLE.PLATFORM_ADMIN)).toEqual(before);
  });
});
