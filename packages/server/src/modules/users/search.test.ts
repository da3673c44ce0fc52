import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { useTestApp } from '../../testing/app.js';
import { makeRecipient, makeUser } from '../../testing/factories.js';
import { makeUsersWorld, type UsersWorld } from '../../testing/users.js';

// GET /user-api/users (B§5 "User search fields", B§7; resolution 14; docs/decisions/0024-users.md).

const t = useTestApp();
let w: UsersWorld;
let recipientA1: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  w = await makeUsersWorld(t);
  const db = t.database.db;
  // Everyone's last name starts 'Zq' so one prefix lists the whole cast.
  for (const [key, user] of Object.entries(w.users))
    await db.execute(`update users set last_name = 'Zq${key}' where id = ${user.id}`);
  recipientA1 = await makeUser(db, { roleId: ROLE.RECIPIENT, lastName: 'ZqRecipientA1', username: 'recipa1user' });
  await makeRecipient(db, { program: w.programs.programA, agency: w.agencies.a1, user: recipientA1 });
});
const search = (token: string, query: string) => t.injectAs(token, { method: 'GET', url: `/user-api/users?${query}` });
const names = async (token: string, query: string) => {
  const res = await search(token, query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { username: string }[]).map((r) => r.username).sort();
};

describe('criteria', () => {
  it("answers 400 'Please enter at least one user search criteria.' without one (blanks do not count)", async () => {
    for (const query of ['', 'lastname=%20%20&email=']) {
      const res = await search(w.tokens.platformAdmin, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter at least one user search criteria.');
    }
  });

  it('refuses a last name over 45, an e-mail over 100, a username over 20, an unknown status', async () => {
    for (const query of [
      `lastname=${'x'.repeat(46)}`,
      `email=${'x'.repeat(101)}`,
      `username=${'x'.repeat(21)}`,
      'userStatusId=9',
    ])
      expect((await search(w.tokens.platformAdmin, query)).statusCode).toBe(400);
  });

  it('matches names, e-mail and username as case-insensitive prefixes', async () => {
    expect(await names(w.tokens.platformAdmin, 'lastname=zqagencyadmin')).toEqual(
      [w.users.agencyAdminA1, w.users.agencyAdminA2, w.users.agencyAdminB1].map((u) => u.username).sort(),
    );
    expect(await names(w.tokens.platformAdmin, `username=${w.users.agencyUserA1.username.toUpperCase()}`)).toContain(
      w.users.agencyUserA1.username,
    );
    expect(await names(w.tokens.platformAdmin, `email=${w.users.programAdminB.email.slice(0, 8)}`)).toContain(
      w.users.programAdminB.username,
    );
    // % and _ typed by a person match themselves.
    expect(await names(w.tokens.platformAdmin, 'lastname=Zq%25')).toEqual([]);
  });

  it('filters by role, status, program and agency', async () => {
    expect(await names(w.tokens.platformAdmin, `lastname=Zq&roleId=${ROLE.AGENCY_ADMIN}`)).toHaveLength(3);
    expect(await names(w.tokens.platformAdmin, 'lastname=Zq&userStatusId=3')).toEqual([]);
    expect(await names(w.tokens.platformAdmin, `agencyUuid=${w.agencies.a1.uuid}`)).toEqual(
      [w.users.agencyAdminA1, w.users.agencyUserA1, recipientA1].map((u) => u.username).sort(),
    );
    expect(await names(w.tokens.platformAdmin, `programUuid=${w.programs.programB.uuid}`)).toEqual(
      [w.users.programAdminB, w.users.agencyAdminB1].map((u) => u.username).sort(),
    );
  });
});

describe('scope on the server', () => {
  it('shows a program admin the users of their programs only (staff, agency staff and recipients)', async () => {
    expect(await names(w.tokens.programAdminA, 'lastname=Zq')).toEqual(
      [
        w.users.programAdminA,
        w.users.programUserA,
        w.users.agencyAdminA1,
        w.users.agencyAdminA2,
        w.users.agencyUserA1,
        recipientA1,
      ]
        .map((u) => u.username)
        .sort(),
    );
  });

  it('shows an agency admin the users of their agencies only', async () => {
    expect(await names(w.tokens.agencyAdminA1, 'lastname=Zq')).toEqual(
      [w.users.agencyAdminA1, w.users.agencyUserA1, recipientA1].map((u) => u.username).sort(),
    );
  });

  it('answers an empty list for another program named in the criteria', async () => {
    expect(await names(w.tokens.programAdminA, `programUuid=${w.programs.programB.uuid}`)).toEqual([]);
  });

  it('refuses agency users (403) and shows a program user, who holds no area, nobody', async () => {
    expect((await search(w.tokens.agencyUserA1, 'lastname=Zq')).statusCode).toBe(403);
    expect(await names(w.tokens.programUserA, 'lastname=Zq')).toEqual([]);
  });
});

describe('the rows', () => {
  it('answer B§3 names with programs, agencies, role and status', async () => {
    const res = await search(w.tokens.platformAdmin, `username=${w.users.agencyUserA1.username}`);
    expect(res.json()).toEqual({
      data: [
        {
          userUuid: w.users.agencyUserA1.uuid,
          username: w.users.agencyUserA1.username,
          email: w.users.agencyUserA1.email,
          firstname: w.users.agencyUserA1.firstName,
          middlename: null,
          lastname: 'ZqagencyUserA1',
          roleId: ROLE.AGENCY_USER,
          roleDescr: expect.any(String),
          userStatusId: 2,
          programs: [{ programUuid: w.programs.programA.uuid, programName: w.programs.programA.name }],
          agencies: [{ agencyUuid: w.agencies.a1.uuid, agencyName: w.agencies.a1.name }],
        },
      ],
      totalCount: 1,
      countCapped: false,
    });
  });
});
