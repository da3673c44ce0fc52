import { describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import type { IncentiveHeadroomList } from '@ebt/core/incentives';
import { useTestApp } from '../../testing/app.js';
import { makeUser } from '../../testing/factories.js';
import { call, makePosWorld, purchaseOf } from '../../testing/pos-world.js';

const t = useTestApp();
const URL = '/account-api/incentive/recipient-incentive/currentrecipient/headroom';

describe('GET /account-api/incentive/recipient-incentive/currentrecipient/headroom', () => {
  it('answers what each enrolment earned today and this month and what its caps leave', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('100.00', { expirationDate: '2026-11-30' });
    const capped = await w.enrol({
      matchRate: '100.00',
      accrualMaxTrx: '5.00',
      accrualMaxDay: '12.00',
      accrualMaxMonth: '20.00',
    });
    const open = await w.enrol({ matchRate: '5.25' });
    await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 8));
    await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 8));
    const token = await t.signIn(w.user.username);
    const res = await t.injectAs(token, { method: 'GET', url: URL });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as IncentiveHeadroomList;
    const byUuid = new Map(rows.map((r) => [r.incentiveUuid, r]));
    expect(byUuid.get(capped.uuid)).toMatchObject({
      matchRate: 100,
      earnedToday: 10,
      remainingToday: 2,
      earnedThisMonth: 10,
      remainingThisMonth: 10,
      maxPerTransaction: 5,
      programUuid: w.program.uuid,
    });
    // 5.25% of 8.00 is 0.42 each time; no caps: remaining null.
    expect(byUuid.get(open.uuid)).toMatchObject({
      earnedToday: 0.84,
      remainingToday: null,
      remainingThisMonth: null,
      maxPerTransaction: null,
    });
  });

  it('answers only the caller’s own enrolments, and 403 to staff', async () => {
    const w = await makePosWorld(t);
    await w.enrol({ matchRate: '10.00' });
    const stranger = await makeUser(w.db, { roleId: ROLE.RECIPIENT });
    const res = await t.injectAs(await t.signIn(stranger.username), { method: 'GET', url: URL });
    expect(res.json()).toEqual([]);
    const staff = await makeUser(w.db, { roleId: ROLE.PROGRAM_ADMIN });
    expect((await t.injectAs(await t.signIn(staff.username), { method: 'GET', url: URL })).statusCode).toBe(403);
  });
});
