import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE, USER_STATUS } from '@ebt/core/enums';
import { PROGRAM_ADMIN_MESSAGES } from '@ebt/core/program-admins';
import { auditLog, userPrograms } from '../../db/schema/index.js';
import { makeUser } from '../../testing/factories.js';
import { useTestApp } from '../../testing/app.js';
import { buildWorld } from '../../testing/world.js';

// Program admins (A§3 "Program admin", A§5, A§7, B§7; resolutions 2 and 21; decision 0025).

const t = useTestApp();
const db = () => t.database.db;

async function makeWorld() {
  return buildWorld(t, {
    programs: { programA: {}, programB: {}, programC: {} },
    agencies: { a1: { program: 'programA' }, b1: { program: 'programB' } },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      programAdminAB: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA', 'programB'] },
      programAdminB: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programB'] },
      soleAdminC: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programC'] },
      agencyAdminA1: { roleId: ROLE.AGENCY_ADMIN, agencies: ['a1'] },
      agencyUserA1: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] },
      programUser: { roleId: ROLE.PROGRAM_USER },
    },
  });
}
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  w = await makeWorld();
});

const url = (programUuid: string) => `/admin-api/programs/${programUuid}/users`;
const list = (token: string, programUuid: string) => t.injectAs(token, { method: 'GET', url: url(programUuid) });
const add = (token: string, programUuid: string, userUuid: string) =>
  t.injectAs(token, { method: 'POST', url: url(programUuid), payload: { userUuid } });
const removeBody = (token: string, programUuid: string, userUuid: string) =>
  t.injectAs(token, { method: 'DELETE', url: url(programUuid), payload: { userUuid } });
const assigned = async (programId: number, userId: number) =>
  (
    await db()
      .select()
      .from(userPrograms)
      .where(and(eq(userPrograms.programId, programId), eq(userPrograms.userId, userId)))
  ).length === 1;
const usernames = (res: { json(): unknown }) => (res.json() as { username: string }[]).map((u) => u.username);

describe('GET /admin-api/programs/{programUuid}/users', () => {
  it("lists a program's admins to a platform admin and to the program's own admins", async () => {
    for (const token of [w.tokens.platformAdmin, w.tokens.programAdminA]) {
      const res = await list(token, w.programs.programA.uuid);
      expect(res.statusCode, res.body).toBe(200);
      expect(usernames(res).sort()).toEqual([w.users.programAdminA.username, w.users.programAdminAB.username].sort());
      expect(res.json()[0]).toEqual({
        userUuid: expect.any(String),
        username: expect.any(String),
        email: expect.any(String),
        firstname: expect.any(String),
        middlename: null,
        lastname: expect.any(String),
        roleId: ROLE.PROGRAM_ADMIN,
        roleDescr: expect.any(String),
      });
    }
  });

  it("answers 404 for another program and 403 to a recipient's token", async () => {
    expect((await list(w.tokens.programAdminA, w.programs.programB.uuid)).statusCode).toBe(404);
    const recipient = await makeUser(db(), { roleId: ROLE.RECIPIENT });
    expect((await list(await t.signIn(recipient.username), w.programs.programA.uuid)).statusCode).toBe(403);
  });
});

describe('POST /admin-api/programs/{programUuid}/users', () => {
  it("adds a user as an admin: 'User added to Program.', audited; again answers 409 with the assigned text", async () => {
    // An admin of program B, added to program A by a platform admin.
    const candidate = await makeUser(db(), { roleId: ROLE.PROGRAM_ADMIN, programs: [w.programs.programB] });
    const res = await add(w.tokens.platformAdmin, w.programs.programA.uuid, candidate.uuid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'User added to Program.' });
    expect(await assigned(w.programs.programA.id, candidate.id)).toBe(true);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'program_user'), eq(auditLog.action, 'create')));
    expect(audit).toMatchObject({ actorUserId: w.users.platformAdmin.id });

    const again = await add(w.tokens.platformAdmin, w.programs.programA.uuid, candidate.uuid);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'This user is already assigned to the Program.' });
  });

  it('lets a program admin add an admin of another of their programs to their own program', async () => {
    const candidate = await makeUser(db(), { roleId: ROLE.PROGRAM_ADMIN, programs: [w.programs.programB] });
    // programAdminAB sees program B's users and administers A.
    const res = await add(w.tokens.programAdminAB, w.programs.programA.uuid, candidate.uuid);
    expect(res.statusCode, res.body).toBe(200);
    // programAdminA does not see program B's users: 404, and cannot add to program B at all.
    const other = await makeUser(db(), { roleId: ROLE.PROGRAM_ADMIN, programs: [w.programs.programB] });
    expect((await add(w.tokens.programAdminA, w.programs.programA.uuid, other.uuid)).statusCode).toBe(404);
    expect((await add(w.tokens.programAdminA, w.programs.programB.uuid, w.users.programAdminA.uuid)).statusCode).toBe(
      404,
    );
    expect(await assigned(w.programs.programA.id, other.id)).toBe(false);
  });

  it('refuses roles other than 1 and 2 (400), disabled users (409), and callers without PROGRAM_USER_ADD (403)', async () => {
    const agencyUser = await add(w.tokens.platformAdmin, w.programs.programA.uuid, w.users.agencyUserA1.uuid);
    expect(agencyUser.statusCode).toBe(400);
    expect(agencyUser.json()).toMatchObject({ message: PROGRAM_ADMIN_MESSAGES.NOT_ADMIN_ROLE });
    const disabled = await makeUser(db(), { roleId: ROLE.PROGRAM_ADMIN, statusId: USER_STATUS.DISABLED });
    expect((await add(w.tokens.platformAdmin, w.programs.programA.uuid, disabled.uuid)).statusCode).toBe(409);
    expect((await add(w.tokens.agencyAdminA1, w.programs.programA.uuid, w.users.programUser.uuid)).statusCode).toBe(
      403,
    );
    // A program user (role 2) may be made a program admin by a platform admin (B's admin program edit sends [1, 2]).
    expect((await add(w.tokens.platformAdmin, w.programs.programA.uuid, w.users.programUser.uuid)).statusCode).toBe(
      200,
    );
    for (const user of [w.users.agencyUserA1, disabled])
      expect(await assigned(w.programs.programA.id, user.id)).toBe(false);
  });
});

describe('DELETE /admin-api/programs/{programUuid}/users', () => {
  it("removes an admin with the body or the query: 'User removed from Program.', audited", async () => {
    const one = await makeUser(db(), { roleId: ROLE.PROGRAM_ADMIN, programs: [w.programs.programB] });
    const two = await makeUser(db(), { roleId: ROLE.PROGRAM_ADMIN, programs: [w.programs.programB] });
    const res = await removeBody(w.tokens.programAdminB, w.programs.programB.uuid, one.uuid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'User removed from Program.' });
    expect(await assigned(w.programs.programB.id, one.id)).toBe(false);
    const byQuery = await t.injectAs(w.tokens.programAdminB, {
      method: 'DELETE',
      url: `${url(w.programs.programB.uuid)}?userUuid=${two.uuid}`,
    });
    expect(byQuery.statusCode, byQuery.body).toBe(200);
    expect(await assigned(w.programs.programB.id, two.id)).toBe(false);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'program_user'), eq(auditLog.action, 'delete')));
    expect(audits.length).toBeGreaterThanOrEqual(2);
    // Not an admin of the program any more: 404; no userUuid at all: 400.
    expect((await removeBody(w.tokens.programAdminB, w.programs.programB.uuid, one.uuid)).statusCode).toBe(404);
    expect(
      (await t.injectAs(w.tokens.programAdminB, { method: 'DELETE', url: url(w.programs.programB.uuid) })).statusCode,
    ).toBe(400);
  });

  it('keeps the last admin of a program from removing themself; a platform admin still may', async () => {
    const res = await removeBody(w.tokens.soleAdminC, w.programs.programC.uuid, w.users.soleAdminC.uuid);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: PROGRAM_ADMIN_MESSAGES.LAST_ADMIN_SELF });
    expect(await assigned(w.programs.programC.id, w.users.soleAdminC.id)).toBe(true);
    // With a second admin, removing yourself is allowed.
    const second = await makeUser(db(), { roleId: ROLE.PROGRAM_ADMIN, programs: [w.programs.programC] });
    expect((await removeBody(w.tokens.soleAdminC, w.programs.programC.uuid, w.users.soleAdminC.uuid)).statusCode).toBe(
      200,
    );
    expect((await removeBody(w.tokens.platformAdmin, w.programs.programC.uuid, second.uuid)).statusCode).toBe(200);
  });

  it('answers 403 without PROGRAM_USER_DELETE and 404 for another program, changing nothing', async () => {
    expect(
      (await removeBody(w.tokens.agencyAdminA1, w.programs.programA.uuid, w.users.programAdminA.uuid)).statusCode,
    ).toBe(403);
    expect(
      (await removeBody(w.tokens.programAdminB, w.programs.programA.uuid, w.users.programAdminA.uuid)).statusCode,
    ).toBe(404);
    expect(await assigned(w.programs.programA.id, w.users.programAdminA.id)).toBe(true);
  });
});

describe('GET /user-api/program-users', () => {
  const search = (token: string, query: string) =>
    t.injectAs(token, { method: 'GET', url: `/user-api/program-users?${query}` });

  it('finds roles 1 and 2 by default, by prefix without regard to case, within the caller scope', async () => {
    const all = await search(w.tokens.platformAdmin, `username=${w.users.programAdminB.username.toUpperCase()}`);
    expect(all.statusCode, all.body).toBe(200);
    expect(usernames(all)).toEqual([w.users.programAdminB.username]);
    // Program admin A does not see program B's admin.
    expect(usernames(await search(w.tokens.programAdminA, `username=${w.users.programAdminB.username}`))).toEqual([]);
    // Agency users are not program users by default, but roleIds picks them (repeated or comma-separated).
    const lastname = w.users.agencyUserA1.lastName;
    expect(usernames(await search(w.tokens.platformAdmin, `lastname=${lastname}`))).toEqual([]);
    expect(usernames(await search(w.tokens.platformAdmin, `lastname=${lastname}&roleIds=5,6`))).toEqual([
      w.users.agencyUserA1.username,
    ]);
    expect(usernames(await search(w.tokens.agencyAdminA1, `lastname=${lastname}&roleIds=5&roleIds=6`))).toEqual([
      w.users.agencyUserA1.username,
    ]);
    const inProgram = await search(w.tokens.platformAdmin, `programUuid=${w.programs.programB.uuid}&roleIds=1`);
    expect(usernames(inProgram)).toEqual(expect.arrayContaining([w.users.programAdminB.username]));
    expect(usernames(inProgram)).not.toContain(w.users.programAdminA.username);
  });

  it('refuses criteria over their limits (400) and callers without a right (403)', async () => {
    expect((await search(w.tokens.platformAdmin, `username=${'a'.repeat(21)}`)).statusCode).toBe(400);
    expect((await search(w.tokens.platformAdmin, `email=${'a'.repeat(101)}`)).statusCode).toBe(400);
    expect((await search(w.tokens.platformAdmin, `lastname=${'a'.repeat(46)}`)).statusCode).toBe(400);
    expect((await search(w.tokens.agencyUserA1, 'username=user')).statusCode).toBe(403);
  });
});
