import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { fundingSources, incentives } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { buildWorld } from '../../testing/world.js';

// GET /account-api/incentive: the incentive choices of the benefit issue form, scoped to the caller's programs.
const t = useTestApp();

let w: Awaited<ReturnType<typeof makeWorld>>;
async function makeWorld() {
  const { db } = t.database;
  const world = await buildWorld(t, {
    programs: { programA: { name: 'Alpha Program' }, programB: { name: 'Beta Program' } },
    agencies: { agencyA: { program: 'programA' } },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      agencyUserA: { roleId: ROLE.AGENCY_USER, agencies: ['agencyA'] },
      recipient: { roleId: ROLE.RECIPIENT },
    },
  });
  const { programA, programB } = world.programs;
  const [fundA] = await db.insert(fundingSources).values({ programId: programA.id, name: 'State Funds' }).returning();
  const [fundB] = await db.insert(fundingSources).values({ programId: programB.id, name: 'Federal' }).returning();
  await db.insert(incentives).values([
    {
      programId: programA.id,
      fundingSourceId: fundA!.id,
      name: 'Fresh Match',
      startDate: '2026-01-01',
      matchRate: '1.50',
    },
    {
      programId: programA.id,
      fundingSourceId: fundA!.id,
      name: 'Bonus Bucks',
      startDate: '2026-02-01',
      endDate: '2026-12-31',
    },
    { programId: programB.id, fundingSourceId: fundB!.id, name: 'Beta Only', startDate: '2026-01-01' },
  ]);
  return { programA, programB, ...world.tokens };
}
beforeAll(async () => {
  w = await makeWorld();
});

const get = (token: string, url: string) => t.injectAs(token, { method: 'GET', url });
const names = (res: { json(): { name: string }[] }) => res.json().map((i) => i.name);

describe('GET /account-api/incentive', () => {
  it('answers the fields of part 2 §3 with the program and funding, sorted by name', async () => {
    const res = await get(w.programAdminA, `/account-api/incentive?programUuid=${w.programA.uuid}`);
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['Bonus Bucks', 'Fresh Match']);
    expect(res.json()[1]).toMatchObject({
      name: 'Fresh Match',
      startDate: '2026-01-01',
      endDate: null,
      matchRate: 1.5,
      accrualMaxDay: 0,
      program: { programId: w.programA.id, programName: 'Alpha Program', programUuid: w.programA.uuid },
      funding: { name: 'State Funds' },
    });
  });

  it("limits program and agency staff to their programs' incentives", async () => {
    expect(names(await get(w.programAdminA, '/account-api/incentive'))).toEqual(['Bonus Bucks', 'Fresh Match']);
    expect(names(await get(w.agencyUserA, '/account-api/incentive'))).toEqual(['Bonus Bucks', 'Fresh Match']);
    expect(names(await get(w.programAdminA, `/account-api/incentive?programUuid=${w.programB.uuid}`))).toEqual([]);
  });

  it('shows platform admins every program', async () => {
    expect(names(await get(w.platformAdmin, `/account-api/incentive?programUuid=${w.programB.uuid}`))).toEqual([
      'Beta Only',
    ]);
    expect(names(await get(w.platformAdmin, '/account-api/incentive'))).toHaveLength(3);
  });

  it('answers a page of the admin list with page and pageSize, by name', async () => {
    const res = await get(w.platformAdmin, '/account-api/incentive?page=0&pageSize=2');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ page: 0, totalCount: 3, totalPages: 2, countCapped: false });
    expect((res.json().data as { name: string }[]).map((i) => i.name)).toEqual(['Beta Only', 'Bonus Bucks']);
    const second = await get(w.platformAdmin, `/account-api/incentive?page=1&pageSize=2&programUuid=`);
    expect((second.json().data as { name: string }[]).map((i) => i.name)).toEqual(['Fresh Match']);
    const scoped = await get(w.programAdminA, `/account-api/incentive?page=0&programUuid=${w.programB.uuid}`);
    expect(scoped.json()).toMatchObject({ data: [], totalCount: 0 });
  });

  it('refuses recipients and callers without a session, and a malformed programUuid', async () => {
    expect((await get(w.recipient, '/account-api/incentive')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/account-api/incentive' })).statusCode).toBe(401);
    expect((await get(w.programAdminA, '/account-api/incentive?programUuid=nope')).statusCode).toBe(400);
  });
});
