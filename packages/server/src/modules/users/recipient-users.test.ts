import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE, USER_STATUS } from '@ebt/core/enums';
import { users } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeRecipient, makeUser } from '../../testing/factories.js';
import { lastAudit, makeUsersWorld, type UsersWorld } from '../../testing/users.js';

// GET and PATCH /user-api/recipient-users/{id} (B§2 "Users": the recipient-user form, B§7;
// docs/decisions/0024-users.md).

const t = useTestApp();
let w: UsersWorld;
let recipient: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  w = await makeUsersWorld(t);
  recipient = await makeUser(t.database.db, { roleId: ROLE.RECIPIENT, middleName: 'R' });
  await makeRecipient(t.database.db, { program: w.programs.programA, agency: w.agencies.a1, user: recipient });
});
const db = () => t.database.db;
const read = (token: string, uuid: string) =>
  t.injectAs(token, { method: 'GET', url: `/user-api/recipient-users/${uuid}` });
const patch = (token: string, uuid: string, payload: object) =>
  t.injectAs(token, { method: 'PATCH', url: `/user-api/recipient-users/${uuid}`, payload });
const form = () => ({
  username: recipient.username,
  email: recipient.email,
  firstname: recipient.firstName,
  middlename: 'R',
  lastname: recipient.lastName,
  mobile: '860-555-0142',
});
const row = async () => (await db().select().from(users).where(eq(users.id, recipient.id)))[0]!;

describe('GET /user-api/recipient-users/{id}', () => {
  it('answers the user with the programs and agencies of its accounts (agencyUuid for the links)', async () => {
    const res = await read(w.tokens.agencyUserA1, recipient.uuid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      userUuid: recipient.uuid,
      username: recipient.username,
      roleId: ROLE.RECIPIENT,
      programs: [{ programUuid: w.programs.programA.uuid, programName: w.programs.programA.name }],
      agencies: [{ agencyUuid: w.agencies.a1.uuid, agencyName: w.agencies.a1.name }],
    });
  });

  it('answers 404 outside the caller’s scope and for a staff user', async () => {
    expect((await read(w.tokens.agencyAdminA2, recipient.uuid)).statusCode).toBe(404);
    expect((await read(w.tokens.programAdminB, recipient.uuid)).statusCode).toBe(404);
    expect((await read(w.tokens.platformAdmin, w.users.agencyUserA1.uuid)).statusCode).toBe(404);
  });

  it('answers 404 for a staff user who keeps an account row (a role changed by hand): the staff form is theirs', async () => {
    const staff = await makeUser(db(), { roleId: ROLE.AGENCY_ADMIN, agencies: [w.agencies.a1] });
    await makeRecipient(db(), { program: w.programs.programA, agency: w.agencies.a1, user: staff });
    expect((await read(w.tokens.agencyUserA1, staff.uuid)).statusCode).toBe(404);
    const res = await patch(w.tokens.agencyUserA1, staff.uuid, { ...form(), email: 'taken.over@example.org' });
    expect(res.statusCode).toBe(404);
    expect((await db().select().from(users).where(eq(users.id, staff.id)))[0]!.email).toBe(staff.email);
  });
});

describe('PATCH /user-api/recipient-users/{id}', () => {
  it("saves e-mail, username, names and mobile (digits): 'User updated.', audited", async () => {
    const res = await patch(w.tokens.agencyUserA1, recipient.uuid, { ...form(), email: 'renamed@example.org' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'User updated.' });
    // The recipient has activated: the new address waits for the link sent to it (recovery/email-change.test.ts).
    expect(await row()).toMatchObject({
      email: recipient.email,
      pendingEmail: 'renamed@example.org',
      mobile: '8605550142',
      roleId: ROLE.RECIPIENT,
    });
    const audit = await lastAudit(db(), recipient.uuid, 'update');
    expect(audit?.after).toMatchObject({ pendingEmail: 'renamed@example.org' });
  });

  it('answers 404 outside the caller’s scope, 400 for a bad username, 409 for a taken one; nothing changes', async () => {
    expect((await patch(w.tokens.agencyAdminA2, recipient.uuid, { ...form(), lastname: 'Nope' })).statusCode).toBe(404);
    expect((await patch(w.tokens.agencyUserA1, recipient.uuid, { ...form(), username: '1recipient' })).statusCode).toBe(
      400,
    );
    const taken = await patch(w.tokens.agencyUserA1, recipient.uuid, {
      ...form(),
      username: w.users.agencyUserA1.username,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Username already exists.');
    expect(await row()).toMatchObject({ username: recipient.username, lastName: recipient.lastName });
  });

  it('answers 409 for a deleted recipient user', async () => {
    await db().update(users).set({ statusId: USER_STATUS.DELETED }).where(eq(users.id, recipient.id));
    const res = await patch(w.tokens.agencyUserA1, recipient.uuid, { ...form(), lastname: 'Ghost' });
    expect(res.statusCode).toBe(409);
    expect((await row()).lastName).toBe(recipient.lastName);
  });
});
