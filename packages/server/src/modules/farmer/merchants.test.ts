import { describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { makeFarmer } from '../../testing/farmer.js';
import { useTestApp } from '../../testing/app.js';
import { makeMerchant } from '../../testing/merchants.js';
import { buildWorld } from '../../testing/world.js';

const t = useTestApp();

describe('GET /merchant-api/farmer/merchants', () => {
  it('answers the merchants the farmer user sells for, with their programs, and nothing else', async () => {
    const w = await buildWorld(t, {
      programs: { snap: { name: 'SNAP Match' }, senior: { name: 'Senior Market' } },
      users: { admin: { roleId: ROLE.PROGRAM_ADMIN, programs: ['snap'] } },
    });
    const mine = await makeMerchant(t.database.db, { name: 'Green Acres', programs: [w.programs.snap] });
    const second = await makeMerchant(t.database.db, {
      name: 'Blue Hill',
      programs: [w.programs.snap, { id: w.programs.senior.id, mappingStatusId: 1 }],
    });
    const other = await makeMerchant(t.database.db, { name: 'Not Mine', programs: [w.programs.snap] });
    const ended = await makeMerchant(t.database.db, { name: 'Used To', programs: [w.programs.snap] });
    const farmer = await makeFarmer(t.database.db, [mine, second], { revoked: [ended] });

    const res = await t.injectAs(await t.signIn(farmer.username), {
      method: 'GET',
      url: '/merchant-api/farmer/merchants',
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as {
      merchantUuid: string;
      name: string;
      programs: { programName: string; active: boolean }[];
    }[];
    expect(answer.map((m) => m.name)).toEqual(['Blue Hill', 'Green Acres']);
    expect(answer.map((m) => m.merchantUuid)).not.toContain(other.uuid);
    expect(answer[0]!.programs).toEqual([
      expect.objectContaining({ programName: 'Senior Market', active: false, pinRequired: expect.any(Boolean) }),
      expect.objectContaining({ programName: 'SNAP Match', active: true, hasIncentives: false }),
    ]);

    // Staff have no farmer route.
    const staff = await t.injectAs(w.tokens.admin, { method: 'GET', url: '/merchant-api/farmer/merchants' });
    expect(staff.statusCode).toBe(403);
  });

  it('answers an empty list when every link of the farmer user was revoked', async () => {
    const merchant = await makeMerchant(t.database.db);
    const farmer = await makeFarmer(t.database.db, [], { revoked: [merchant] });
    const res = await t.injectAs(await t.signIn(farmer.username), {
      method: 'GET',
      url: '/merchant-api/farmer/merchants',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
