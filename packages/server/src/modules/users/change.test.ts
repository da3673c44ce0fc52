import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE, USER_STATUS } from '@ebt/core/enums';
import { USER_MESSAGES } from '@ebt/core/users';
import { sessions, users } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeUser } from '../../testing/factories.js';
import { lastAudit, makeUsersWorld, placesOf, type UsersWorld, validUserForm } from '../../testing/users.js';

// GET and PUT /user-api/user/{id} (B§3 "User", B§5 "User form", B§7; docs/decisions/0024-users.md).

const t = useTestApp();
let w: UsersWorld;
beforeAll(async () => {
  w = await makeUsersWorld(t);
});
const db = () => t.database.db;
const read = (token: string, uuid: string) => t.injectAs(token, { method: 'GET', url: `/user-api/user/${uuid}` });
const save = (token: string, uuid: string, payload: object) =>
  t.injectAs(token, { method: 'PUT', url: `/user-api/user/${uuid}`, payload });
const row = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

/** A fresh agency user of agency a1 and its form as the screen would send it. */
async function agencyUserOfA1() {
  const user = await makeUser(db(), { roleId: ROLE.AGENCY_USER, agencies: [w.agencies.a1] });
  const form = validUserForm({
    username: user.username,
    email: user.email,
    firstname: user.firstName,
    lastname: user.lastName,
    userStatusId: user.statusId,
    agencyUuid: w.agencies.a1.uuid,
  });
  return { user, form };
}

describe('GET /user-api/user/{id}', () => {
  it('answers B§3 User with its agencies and programs', async () => {
    const res = await read(w.tokens.agencyAdminA1, w.users.agencyUserA1.uuid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userId: w.users.agencyUserA1.id,
      userUuid: w.users.agencyUserA1.uuid,
      username: w.users.agencyUserA1.username,
      emailVerified: 'Y',
      roleId: ROLE.AGENCY_USER,
      userStatusId: USER_STATUS.ENABLED,
      agencies: [{ agencyUuid: w.agencies.a1.uuid, agencyName: w.agencies.a1.name }],
      programs: [{ programUuid: w.programs.programA.uuid, programName: w.programs.programA.name }],
    });
    expect(res.body).not.toMatch(/password/i);
  });

  it('answers 404 for a user of another agency or another program, and for an unknown one', async () => {
    expect((await read(w.tokens.agencyAdminA1, w.users.agencyAdminA2.uuid)).statusCode).toBe(404);
    expect((await read(w.tokens.programAdminA, w.users.agencyAdminB1.uuid)).statusCode).toBe(404);
    expect((await read(w.tokens.programAdminA, w.users.programAdminB.uuid)).statusCode).toBe(404);
    const missing = await read(w.tokens.platformAdmin, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(USER_MESSAGES.USER_NOT_FOUND);
    expect((await read(w.tokens.platformAdmin, w.users.agencyAdminB1.uuid)).statusCode).toBe(200);
  });

  it('is refused (403) to an agency user', async () => {
    expect((await read(w.tokens.agencyUserA1, w.users.agencyUserA1.uuid)).statusCode).toBe(403);
  });
});

describe('PUT /user-api/user/{id}', () => {
  it("saves the form ('User updated.'), phones as digits, and audits before and after", async () => {
    const { user, form } = await agencyUserOfA1();
    const res = await save(w.tokens.agencyAdminA1, user.uuid, {
      ...form,
      firstname: 'Renamed',
      phone: '(860) 555-0111',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'User updated.' });
    expect(await row(user.id)).toMatchObject({ firstName: 'Renamed', phone: '8605550111', mobile: '8605550199' });
    const audit = await lastAudit(db(), user.uuid, 'update');
    expect(audit?.before).toMatchObject({ firstName: user.firstName });
    expect(audit?.after).toMatchObject({ firstName: 'Renamed' });
    expect(JSON.stringify(audit)).not.toMatch(/passwordHash|\$argon|\$2[aby]\$/);
  });

  it('answers 404 and changes nothing for a user of another agency or program', async () => {
    const other = await makeUser(db(), { roleId: ROLE.AGENCY_USER, agencies: [w.agencies.a2] });
    const form = validUserForm({ username: other.username, email: other.email, agencyUuid: w.agencies.a2.uuid });
    expect((await save(w.tokens.agencyAdminA1, other.uuid, form)).statusCode).toBe(404);
    expect((await save(w.tokens.programAdminB, other.uuid, form)).statusCode).toBe(404);
    expect((await row(other.id)).lastName).toBe(other.lastName);
  });

  it('refuses (403) a user whose role the caller may not give, or a new role it may not give', async () => {
    // An agency user may create role 6 only: it cannot edit an agency admin, nor promote an agency user.
    const { user, form } = await agencyUserOfA1();
    expect(
      (
        await save(w.tokens.agencyUserA1, w.users.agencyAdminA1.uuid, {
          ...form,
          username: w.users.agencyAdminA1.username,
          email: w.users.agencyAdminA1.email,
          roleId: ROLE.AGENCY_ADMIN,
        })
      ).statusCode,
    ).toBe(403);
    expect((await save(w.tokens.agencyUserA1, user.uuid, { ...form, roleId: ROLE.AGENCY_ADMIN })).statusCode).toBe(403);
    expect((await save(w.tokens.agencyAdminA1, user.uuid, { ...form, roleId: ROLE.PLATFORM_ADMIN })).statusCode).toBe(
      403,
    );
    expect((await row(user.id)).roleId).toBe(ROLE.AGENCY_USER);
    expect((await save(w.tokens.agencyUserA1, user.uuid, { ...form, lastname: 'ByPeer' })).statusCode).toBe(200);
  });

  it('moves the places with the role: agency user to program admin clears the agency', async () => {
    const { user, form } = await agencyUserOfA1();
    const res = await save(w.tokens.programAdminA, user.uuid, {
      ...form,
      roleId: ROLE.PROGRAM_ADMIN,
      programUuid: w.programs.programA.uuid,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await placesOf(db(), user.id)).toEqual({ programIds: [w.programs.programA.id], agencyIds: [] });
  });

  it('answers 400 for each broken rule and changes nothing', async () => {
    const { user, form } = await agencyUserOfA1();
    for (const patch of [
      { username: '9abcdefgh' },
      { firstname: '' },
      { middlename: 'AB' },
      { mobile: '' },
      { userStatusId: 4 },
      { roleId: ROLE.RECIPIENT },
      { agencyUuid: null },
    ])
      expect((await save(w.tokens.agencyAdminA1, user.uuid, { ...form, ...patch })).statusCode).toBe(400);
    expect(await row(user.id)).toMatchObject({ username: user.username, firstName: user.firstName, statusId: 2 });
  });

  it('answers 409 for a username or e-mail of another user, changing nothing', async () => {
    const { user, form } = await agencyUserOfA1();
    const taken = await save(w.tokens.agencyAdminA1, user.uuid, { ...form, username: w.users.agencyAdminA2.username });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Username already exists.');
    const email = await save(w.tokens.agencyAdminA1, user.uuid, { ...form, email: w.users.agencyAdminA2.email });
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe('Email already exists.');
    expect((await row(user.id)).username).toBe(user.username);
  });

  it('answers 409 for a deleted user (its forms are disabled)', async () => {
    const { user, form } = await agencyUserOfA1();
    await db().update(users).set({ statusId: USER_STATUS.DELETED }).where(eq(users.id, user.id));
    const res = await save(w.tokens.agencyAdminA1, user.uuid, { ...form, firstname: 'Ghost' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A deleted user cannot be changed.');
    expect((await row(user.id)).firstName).toBe(user.firstName);
  });

  it('ends the sessions of a user saved as Disabled', async () => {
    const { user, form } = await agencyUserOfA1();
    await t.signIn(user.username, user.password!);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect((await save(w.tokens.agencyAdminA1, user.uuid, { ...form, userStatusId: 3 })).statusCode).toBe(200);
    const live = await db()
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.endedAt)));
    expect(live).toHaveLength(0);
  });

  it('refuses (409) a change of one’s own role or status, and saves one’s own names', async () => {
    const me = w.users.programAdminA;
    const form = validUserForm({
      username: me.username,
      email: me.email,
      userStatusId: me.statusId,
      roleId: ROLE.PROGRAM_ADMIN,
      programUuid: w.programs.programA.uuid,
    });
    const demote = await save(w.tokens.programAdminA, me.uuid, {
      ...form,
      roleId: ROLE.AGENCY_USER,
      agencyUuid: w.agencies.a1.uuid,
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe('You cannot change your own role or status.');
    expect((await save(w.tokens.programAdminA, me.uuid, { ...form, userStatusId: 3 })).statusCode).toBe(409);
    expect(await row(me.id)).toMatchObject({ roleId: ROLE.PROGRAM_ADMIN, statusId: USER_STATUS.ENABLED });
    expect((await save(w.tokens.programAdminA, me.uuid, { ...form, firstname: 'Self' })).statusCode).toBe(200);
    expect((await row(me.id)).firstName).toBe('Self');
  });

  it('sends a recipient user to its own form (400)', async () => {
    const recipient = await makeUser(db(), { roleId: ROLE.RECIPIENT });
    const res = await save(
      w.tokens.platformAdmin,
      recipient.uuid,
      validUserForm({ username: recipient.username, email: recipient.email }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(USER_MESSAGES.RECIPIENT_USER_FORM);
  });
});
