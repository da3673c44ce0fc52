import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { HOLD_REASON, type HeldMerchantList } from '@ebt/core/settlement';
import { merchants } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeUser } from '../../testing/factories.js';
import { call, makeMerchant, makeTerminal, purchaseOf } from '../../testing/pos-world.js';
import { makeSettlementWorld } from '../../testing/settlement.js';

// GET /settlement-api/holds: the merchants on hold now, with what they are owed, so staff see them without a batch
// (docs/settlement.md "Holds").

const t = useTestApp();

async function adminOf(programs: { id: number }[]) {
  const user = await makeUser(t.database.db, { roleId: ROLE.PROGRAM_ADMIN, programs });
  return t.signIn(user.username);
}

async function holdsOf(token: string, programUuid?: string) {
  const res = await t.injectAs(token, {
    method: 'GET',
    url: programUuid ? `/settlement-api/holds?programUuid=${programUuid}` : '/settlement-api/holds',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HeldMerchantList;
}

describe('merchants on hold', () => {
  it('answers the held merchants of the program with the amount they are owed, the paid ones not', async () => {
    const w = await makeSettlementWorld(t);
    await w.giveBenefit('80.00');
    const unbanked = await makeMerchant(w.db, { programs: [{ id: w.program.id }], bank: null });
    const unbankedTerminal = await makeTerminal(w.db, unbanked.id);
    // Owed 7.00 + 5.00 - 2.00 (a refund) by the unbanked merchant; 4.00 by the inactive one; 3.00 waits to be paid.
    await call(t, unbankedTerminal, 'purchase', purchaseOf(w.card.pan, 7));
    const second = await call(t, unbankedTerminal, 'purchase', purchaseOf(w.card.pan, 5));
    const refund = await call(t, unbankedTerminal, 'refund', {
      amount: 2,
      original: { trxUuid: second.trxUuid },
      traceNumber: String(Math.floor(Math.random() * 1e9)),
      terminalDateTime: '2026-11-23T11:00:00-05:00',
    });
    expect(refund.responseCode).toBe('00');
    await call(t, w.terminals.second, 'purchase', purchaseOf(w.card.pan, 4));
    await w.db.update(merchants).set({ statusId: 1 }).where(eq(merchants.id, w.merchants.second.id));
    await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 3));

    const token = await adminOf([w.program]);
    const held = await holdsOf(token, w.program.uuid);
    expect(held.countCapped).toBe(false);
    expect(held.totalCount).toBe(2);
    expect(held.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          programUuid: w.program.uuid,
          programName: w.program.name,
          merchantUuid: unbanked.uuid,
          reasonId: HOLD_REASON.NO_BANK_INFO,
          reason: 'No bank information',
          transactionCount: 3,
          heldAmt: 10,
        }),
        expect.objectContaining({
          merchantUuid: w.merchants.second.uuid,
          reasonId: HOLD_REASON.MERCHANT_INACTIVE,
          reason: 'Merchant inactive',
          transactionCount: 1,
          heldAmt: 4,
        }),
      ]),
    );
    expect(held.data.map((h) => h.merchantUuid)).not.toContain(w.merchants.first.uuid);
    expect(Number.isNaN(Date.parse(held.data[0]!.waitingSince))).toBe(false);
    // Without a program: every program of the caller, the same rows here.
    expect((await holdsOf(token)).data).toHaveLength(2);

    // A close pays the first merchant and leaves the held ones held: the read answers them still, unchanged.
    const close = await t.injectAs(token, {
      method: 'POST',
      url: '/settlement-api/batches/close',
      payload: { programUuid: w.program.uuid },
    });
    expect(close.statusCode).toBe(200);
    expect((await holdsOf(token, w.program.uuid)).data).toEqual(held.data);

    // Active again: the inactive merchant is no longer held (its money waits to be paid).
    await w.db.update(merchants).set({ statusId: 0 }).where(eq(merchants.id, w.merchants.second.id));
    expect((await holdsOf(token, w.program.uuid)).data.map((h) => h.merchantUuid)).toEqual([unbanked.uuid]);
  });

  it("answers nothing of another administrator's program, and refuses callers without settlement access", async () => {
    const w = await makeSettlementWorld(t);
    await w.giveBenefit('20.00');
    const unbanked = await makeMerchant(w.db, { programs: [{ id: w.program.id }], bank: null });
    await call(t, await makeTerminal(w.db, unbanked.id), 'purchase', purchaseOf(w.card.pan, 2));
    const other = await makeSettlementWorld(t);
    const theirs = await adminOf([other.program]);
    expect((await holdsOf(theirs, w.program.uuid)).data).toEqual([]);
    expect((await holdsOf(theirs)).data.map((h) => h.programUuid)).not.toContain(w.program.uuid);
    expect((await holdsOf(await adminOf([w.program]), w.program.uuid)).data).toHaveLength(1);

    const agencyUser = await makeUser(t.database.db, { roleId: ROLE.AGENCY_USER });
    const refused = await t.injectAs(await t.signIn(agencyUser.username), {
      method: 'GET',
      url: '/settlement-api/holds',
    });
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.injectAs(null, { method: 'GET', url: '/settlement-api/holds' });
    expect(anonymous.statusCode).toBe(401);
  });
});
