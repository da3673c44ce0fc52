import { beforeAll, describe, expect, it } from 'vitest';
import { AGENCY_LOOKUP_MESSAGES } from '@ebt/core/agencies';
import { ROLE } from '@ebt/core/enums';
import { useTestApp } from '../../testing/app.js';
import { buildWorld } from '../../testing/world.js';

// Agency look-ups: GET /account-api/agency and GET /account-api/program/{programUuid}/agencies.
const t = useTestApp();

let w: Awaited<ReturnType<typeof makeWorld>>;
/** Program A has agencies North and East, program B has Bay; one signed-in user per role and scope. */
async function makeWorld() {
  const world = await buildWorld(t, {
    programs: { programA: { name: 'Alpha Program' }, programB: { name: 'Beta Program' } },
    agencies: {
      a1: { program: 'programA', name: 'North Agency', code: 'N1' },
      a2: { program: 'programA', name: 'East Agency', code: 'E1' },
      b1: { program: 'programB', name: 'Bay Agency', code: 'B1' },
    },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      agencyUserA1: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] },
      agencyAdminA1B1: { roleId: ROLE.AGENCY_ADMIN, agencies: ['a1', 'b1'] },
      recipient: { roleId: ROLE.RECIPIENT },
    },
  });
  return { ...world.programs, ...world.agencies, ...world.tokens };
}
beforeAll(async () => {
  w = await makeWorld();
});

const get = (token: string, url: string) => t.injectAs(token, { method: 'GET', url });
const names = (res: { json(): { agencyName: string }[] }) => res.json().map((a) => a.agencyName);

describe('GET /account-api/agency', () => {
  it('answers the agency fields with the program, sorted by name', async () => {
    const res = await get(w.programAdminA, '/account-api/agency');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        agencyUuid: w.a2.uuid,
        agencyName: 'East Agency',
        agencyCode: 'E1',
        programUuid: w.programA.uuid,
        programName: 'Alpha Program',
        program: { programUuid: w.programA.uuid, programName: 'Alpha Program' },
      },
      expect.objectContaining({ agencyUuid: w.a1.uuid, agencyName: 'North Agency' }),
    ]);
  });

  it('limits agency staff to their agencies (viewable=1 or not) and program admins to their programs', async () => {
    expect(names(await get(w.agencyUserA1, '/account-api/agency?viewable=1'))).toEqual(['North Agency']);
    expect(names(await get(w.agencyUserA1, '/account-api/agency'))).toEqual(['North Agency']);
    expect(names(await get(w.agencyAdminA1B1, '/account-api/agency?viewable=1'))).toEqual([
      'Bay Agency',
      'North Agency',
    ]);
    expect(
      names(await get(w.agencyAdminA1B1, `/account-api/agency?viewable=1&programUuid=${w.programB.uuid}`)),
    ).toEqual(['Bay Agency']);
    expect(names(await get(w.programAdminA, `/account-api/agency?programUuid=${w.programB.uuid}`))).toEqual([]);
    const all = names(await get(w.platformAdmin, '/account-api/agency'));
    expect(all).toEqual(expect.arrayContaining(['Bay Agency', 'East Agency', 'North Agency']));
  });

  it('refuses recipients, anonymous callers and a malformed program uuid', async () => {
    expect((await get(w.recipient, '/account-api/agency')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/account-api/agency' })).statusCode).toBe(401);
    expect((await get(w.platformAdmin, '/account-api/agency?programUuid=abc')).statusCode).toBe(400);
  });
});

describe('GET /account-api/agency with page (the agency list, B§2)', () => {
  it('answers 10 a page by name with page, totalCount and totalPages', async () => {
    const res = await get(w.platformAdmin, '/account-api/agency?page=0');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 0, totalCount: 3, totalPages: 1, countCapped: false });
    expect(body.data.map((a: { agencyName: string }) => a.agencyName)).toEqual([
      'Bay Agency',
      'East Agency',
      'North Agency',
    ]);
    const second = (await get(w.platformAdmin, '/account-api/agency?page=1&pageSize=2')).json();
    expect(second).toMatchObject({ page: 1, totalCount: 3, totalPages: 2 });
    expect(second.data.map((a: { agencyName: string }) => a.agencyName)).toEqual(['North Agency']);
  });

  it("filters by program and keeps to the caller's scope", async () => {
    const filtered = (await get(w.platformAdmin, `/account-api/agency?page=0&programUuid=${w.programA.uuid}`)).json();
    expect(filtered.totalCount).toBe(2);
    const own = (await get(w.agencyUserA1, '/account-api/agency?page=0&viewable=1')).json();
    expect(own.data.map((a: { agencyName: string }) => a.agencyName)).toEqual(['North Agency']);
    const out = (await get(w.programAdminA, `/account-api/agency?page=0&programUuid=${w.programB.uuid}`)).json();
    expect(out).toMatchObject({ data: [], totalCount: 0 });
  });

  it('refuses a negative page or size with 400', async () => {
    expect((await get(w.platformAdmin, '/account-api/agency?page=-1')).statusCode).toBe(400);
    expect((await get(w.platformAdmin, '/account-api/agency?page=0&pageSize=0')).statusCode).toBe(400);
  });
});

describe('GET /account-api/program/{programUuid}/agencies', () => {
  it("answers the program's agencies in the caller's scope", async () => {
    expect(names(await get(w.programAdminA, `/account-api/program/${w.programA.uuid}/agencies`))).toEqual([
      'East Agency',
      'North Agency',
    ]);
    expect(names(await get(w.agencyUserA1, `/account-api/program/${w.programA.uuid}/agencies`))).toEqual([
      'North Agency',
    ]);
    expect(names(await get(w.platformAdmin, `/account-api/program/${w.programB.uuid}/agencies`))).toEqual([
      'Bay Agency',
    ]);
  });

  it('answers 404 for a program outside the scope or missing', async () => {
    for (const [token, uuid] of [
      [w.programAdminA, w.programB.uuid],
      [w.agencyUserA1, w.programB.uuid],
      [w.platformAdmin, crypto.randomUUID()],
    ] as const) {
      const res = await get(token, `/account-api/program/${uuid}/agencies`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(AGENCY_LOOKUP_MESSAGES.PROGRAM_NOT_FOUND);
    }
  });
});
