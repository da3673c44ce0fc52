import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AGENCY_MESSAGES } from '@ebt/core/agencies';
import { ROLE, USER_STATUS } from '@ebt/core/enums';
import { userAgencies, users } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeUser } from '../../testing/factories.js';
import { type AgencyWorld, makeAgencyWorld } from '../../testing/agencies.js';

// GET /account-api/agency/{id}/user and POST, DELETE, PATCH /account-api/agency/{agencyUuid}/user/{userUuid}
// (B§2, B§4, B§5, B§6, B§7; resolution 16; docs/decisions/0028).

const t = useTestApp();
let w: AgencyWorld;
beforeAll(async () => {
  w = await makeAgencyWorld(t);
});

const db = () => t.database.db;
const agenciesOf = async (userId: number) =>
  (await db().select({ agencyId: userAgencies.agencyId }).from(userAgencies).where(eq(userAgencies.userId, userId)))
    .map((r) => r.agencyId)
    .sort((a, b) => a - b);
const path = (agencyUuid: string, userUuid: string) => `/account-api/agency/${agencyUuid}/user/${userUuid}`;
const send = (token: string, method: 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
  t.injectAs(token, { method, url, ...(payload ? { payload } : {}) });
const agencyUser = (agencies: { id: number }[], roleId: number = ROLE.AGENCY_USER) =>
  makeUser(db(), { roleId, agencies });

describe('GET /account-api/agency/{id}/user', () => {
  it("lists the agency's admins and users (not deleted ones), admins first", async () => {
    const gone = await agencyUser([w.agencies.a1]);
    await db().update(users).set({ statusId: USER_STATUS.DELETED }).where(eq(users.id, gone.id));
    const res = await t.injectAs(w.tokens.agencyUserA1, {
      method: 'GET',
      url: `/account-api/agency/${w.agencies.a1.uuid}/user`,
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { userUuid: string; roleId: number; username: string; roleDescr: string }[];
    expect(rows.map((r) => r.userUuid)).toEqual(
      expect.arrayContaining([w.users.agencyAdminA1.uuid, w.users.agencyUserA1.uuid]),
    );
    expect(rows.map((r) => r.userUuid)).not.toContain(gone.uuid);
    expect(rows[0]).toMatchObject({ roleId: ROLE.AGENCY_ADMIN, username: w.users.agencyAdminA1.username });
    expect(Object.keys(rows[0]!).sort()).toEqual(
      ['email', 'firstname', 'lastname', 'middlename', 'roleDescr', 'roleId', 'userUuid', 'username'].sort(),
    );
  });

  it('answers [] for an agency without users and 404 for another agency', async () => {
    const empty = await t.injectAs(w.tokens.programAdminA, {
      method: 'GET',
      url: `/account-api/agency/${w.agencies.a2.uuid}/user`,
    });
    expect(empty.json()).toEqual([]);
    const other = await t.injectAs(w.tokens.agencyAdminA1, {
      method: 'GET',
      url: `/account-api/agency/${w.agencies.b1.uuid}/user`,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('POST /account-api/agency/{agencyUuid}/user/{userUuid}', () => {
  it("adds a user to the agency; a second add answers 409 'This user is already assigned to the Agency.'", async () => {
    const user = await agencyUser([w.agencies.a1]);
    const res = await send(w.tokens.programAdminA, 'POST', path(w.agencies.a2.uuid, user.uuid));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(AGENCY_MESSAGES.USER_ADDED);
    expect(await agenciesOf(user.id)).toEqual([w.agencies.a1.id, w.agencies.a2.id].sort((a, b) => a - b));
    const again = await send(w.tokens.programAdminA, 'POST', path(w.agencies.a2.uuid, user.uuid));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This user is already assigned to the Agency.');
  });

  it('refuses users of other roles (409) and users outside the scope (404)', async () => {
    const programAdmin = await makeUser(db(), { roleId: ROLE.PROGRAM_ADMIN, programs: [w.programs.programA] });
    const refused = await send(w.tokens.programAdminA, 'POST', path(w.agencies.a2.uuid, programAdmin.uuid));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(AGENCY_MESSAGES.USER_NOT_AGENCY_ROLE);
    const stranger = await agencyUser([w.agencies.b1]);
    expect((await send(w.tokens.programAdminA, 'POST', path(w.agencies.a2.uuid, stranger.uuid))).statusCode).toBe(404);
    expect(await agenciesOf(stranger.id)).toEqual([w.agencies.b1.id]);
  });

  it('refuses, for every caller, a user of one program in an agency of another (409)', async () => {
    // A program admin of both programs and a platform admin could otherwise move a user across programs in two
    // steps: add to the other program's agency, then remove the old link.
    const both = await makeUser(db(), {
      roleId: ROLE.PROGRAM_ADMIN,
      programs: [w.programs.programA, w.programs.programB],
    });
    const bothToken = await t.signIn(both.username);
    for (const token of [w.tokens.platformAdmin, bothToken]) {
      const user = await agencyUser([w.agencies.a1]);
      const res = await send(token, 'POST', path(w.agencies.b1.uuid, user.uuid));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(AGENCY_MESSAGES.ADD_OTHER_PROGRAM);
      expect(await agenciesOf(user.id)).toEqual([w.agencies.a1.id]);
    }
  });

  it('an agency admin cannot add users to another agency (404), nor without AGENCY_UPDATE (403)', async () => {
    const user = await agencyUser([w.agencies.a1]);
    expect((await send(w.tokens.agencyAdminA1, 'POST', path(w.agencies.a2.uuid, user.uuid))).statusCode).toBe(404);
    expect((await send(w.tokens.agencyAdminB1, 'POST', path(w.agencies.b1.uuid, user.uuid))).statusCode).toBe(404);
    expect((await send(w.tokens.agencyUserA1, 'POST', path(w.agencies.a1.uuid, user.uuid))).statusCode).toBe(403);
    expect(await agenciesOf(user.id)).toEqual([w.agencies.a1.id]);
  });
});

describe('DELETE /account-api/agency/{agencyUuid}/user/{userUuid}', () => {
  it("removes the user from the agency: 'User removed.'", async () => {
    const user = await agencyUser([w.agencies.a1, w.agencies.a2]);
    const res = await send(w.tokens.agencyAdminA1, 'DELETE', path(w.agencies.a1.uuid, user.uuid));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('User removed.');
    expect(await agenciesOf(user.id)).toEqual([w.agencies.a2.id]);
    const again = await send(w.tokens.programAdminA, 'DELETE', path(w.agencies.a1.uuid, user.uuid));
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(AGENCY_MESSAGES.USER_NOT_IN_AGENCY);
  });

  it("refuses removing a user's last agency (409), for every caller, so the user keeps a place", async () => {
    for (const roleId of [ROLE.AGENCY_ADMIN, ROLE.AGENCY_USER]) {
      const user = await agencyUser([w.agencies.a1], roleId);
      for (const token of [w.tokens.programAdminA, w.tokens.platformAdmin, w.tokens.agencyAdminA1]) {
        const res = await send(token, 'DELETE', path(w.agencies.a1.uuid, user.uuid));
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().message).toBe(AGENCY_MESSAGES.REMOVE_LAST_AGENCY);
      }
      expect(await agenciesOf(user.id)).toEqual([w.agencies.a1.id]);
    }
  });

  it('an agency admin cannot remove users of another agency (404), changing nothing', async () => {
    const user = await agencyUser([w.agencies.b1]);
    expect((await send(w.tokens.agencyAdminA1, 'DELETE', path(w.agencies.b1.uuid, user.uuid))).statusCode).toBe(404);
    expect(await agenciesOf(user.id)).toEqual([w.agencies.b1.id]);
  });
});

describe('PATCH /account-api/agency/{agencyUuid}/user/{userUuid}', () => {
  it("moves the user to another agency of the program: 'User moved.'", async () => {
    const user = await agencyUser([w.agencies.a1]);
    const res = await send(w.tokens.programAdminA, 'PATCH', path(w.agencies.a1.uuid, user.uuid), {
      agencyUuid: w.agencies.a2.uuid,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('User moved.');
    expect(await agenciesOf(user.id)).toEqual([w.agencies.a2.id]);
  });

  it("answers 400 'An agency must be selected.' without an agency", async () => {
    const user = await agencyUser([w.agencies.a1]);
    for (const payload of [{}, { agencyUuid: '' }, { agencyUuid: null }]) {
      const res = await send(w.tokens.programAdminA, 'PATCH', path(w.agencies.a1.uuid, user.uuid), payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('An agency must be selected.');
    }
    const noBody = await send(w.tokens.programAdminA, 'PATCH', path(w.agencies.a1.uuid, user.uuid));
    expect(noBody.statusCode).toBe(400);
    expect(await agenciesOf(user.id)).toEqual([w.agencies.a1.id]);
  });

  it('refuses a move to an agency of another program (409) and one the user is in (409)', async () => {
    const user = await agencyUser([w.agencies.a1]);
    const other = await send(w.tokens.platformAdmin, 'PATCH', path(w.agencies.a1.uuid, user.uuid), {
      agencyUuid: w.agencies.b1.uuid,
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(AGENCY_MESSAGES.MOVE_OTHER_PROGRAM);
    const both = await agencyUser([w.agencies.a1, w.agencies.a2]);
    const there = await send(w.tokens.programAdminA, 'PATCH', path(w.agencies.a1.uuid, both.uuid), {
      agencyUuid: w.agencies.a2.uuid,
    });
    expect(there.statusCode).toBe(409);
    expect(await agenciesOf(user.id)).toEqual([w.agencies.a1.id]);
  });

  it('an agency admin cannot move users into or out of another agency (404), changing nothing', async () => {
    const user = await agencyUser([w.agencies.a1]);
    const into = await send(w.tokens.agencyAdminA1, 'PATCH', path(w.agencies.a1.uuid, user.uuid), {
      agencyUuid: w.agencies.a2.uuid,
    });
    expect(into.statusCode).toBe(404);
    const outsider = await agencyUser([w.agencies.a2]);
    const out = await send(w.tokens.agencyAdminA1, 'PATCH', path(w.agencies.a2.uuid, outsider.uuid), {
      agencyUuid: w.agencies.a1.uuid,
    });
    expect(out.statusCode).toBe(404);
    expect(await agenciesOf(user.id)).toEqual([w.agencies.a1.id]);
    expect(await agenciesOf(outsider.id)).toEqual([w.agencies.a2.id]);
  });
});
