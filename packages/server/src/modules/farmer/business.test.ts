import { describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import type { FarmerBusiness } from '@ebt/core/farmer';
import { useTestApp } from '../../testing/app.js';
import { makeFarmer } from '../../testing/farmer.js';
import { makeMerchant } from '../../testing/merchants.js';
import { buildWorld } from '../../testing/world.js';

// The merchant's business as its farmer sees it: programs active or not, its addresses, the bank account by its last
// four digits only; another merchant answers 404.

const t = useTestApp();

describe('GET /merchant-api/farmer/merchants/{merchantUuid}/business', () => {
  it('answers the programs, the addresses and the bank account masked', async () => {
    const w = await buildWorld(t, {
      programs: { snap: { name: 'SNAP Match' }, senior: { name: 'Senior Market' } },
      users: { admin: { roleId: ROLE.PROGRAM_ADMIN, programs: ['snap'] } },
    });
    const mine = await makeMerchant(t.database.db, {
      name: 'Green Acres',
      programs: [w.programs.snap, { id: w.programs.senior.id, mappingStatusId: 1 }],
      bank: { accountNumber: '000111222333', routingNumber: '021000021' },
    });
    const other = await makeMerchant(t.database.db, { name: 'Not Mine', programs: [w.programs.snap] });
    const farmer = await makeFarmer(t.database.db, [mine]);
    const token = await t.signIn(farmer.username);
    const res = await t.injectAs(token, { method: 'GET', url: `/merchant-api/farmer/merchants/${mine.uuid}/business` });
    expect(res.statusCode, res.body).toBe(200);
    const business = res.json() as FarmerBusiness;
    expect(business.name).toBe('Green Acres');
    expect(business.programs.map((p) => [p.programName, p.active])).toEqual([
      ['Senior Market', false],
      ['SNAP Match', true],
    ]);
    expect(business.locations.length).toBeGreaterThan(0);
    expect(business.bank).toMatchObject({ accountNumber: '****2333', routingNumber: '****0021' });
    expect(res.body).not.toContain('000111222333');
    expect(res.body).not.toContain('021000021');
    const otherRes = await t.injectAs(token, {
      method: 'GET',
      url: `/merchant-api/farmer/merchants/${other.uuid}/business`,
    });
    expect(otherRes.statusCode).toBe(404);
    const staff = await t.injectAs(w.tokens.admin, {
      method: 'GET',
      url: `/merchant-api/farmer/merchants/${mine.uuid}/business`,
    });
    expect(staff.statusCode).toBe(403);
  });
});
