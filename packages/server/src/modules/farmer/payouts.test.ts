import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import type { FarmerPayouts, FarmerToday } from '@ebt/core/farmer';
import { merchantBankAccounts } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeUser } from '../../testing/factories.js';
import { makeFarmer } from '../../testing/farmer.js';
import { pdfText } from '../../testing/pdf-text.js';
import { call, purchaseOf, refundOf } from '../../testing/pos-world.js';
import { makeSettlementWorld } from '../../testing/settlement.js';

// The merchant's payouts and statements (docs/farmer-app.md "Getting paid"): the batches that paid it with its share,
// the statement PDF settlement prints, the money held now with the reason, and another merchant's answering 404.

const t = useTestApp();

/** A closed batch: the first merchant sold $30.00, the second $15.00 less a $5.00 refund; the third is held. */
async function paidWorld() {
  const w = await makeSettlementWorld(t);
  await w.giveBenefit('100.00');
  await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 30));
  const sale = await call(t, w.terminals.second, 'purchase', purchaseOf(w.card.pan, 15));
  await call(t, w.terminals.second, 'refund', refundOf({ trxUuid: sale.trxUuid }, 5));
  // The third merchant has no bank information: its sale waits, held.
  await w.db.delete(merchantBankAccounts).where(eq(merchantBankAccounts.merchantId, w.merchants.third.id));
  await call(t, w.terminals.third, 'purchase', purchaseOf(w.card.pan, 8));
  const admin = await makeUser(w.db, { roleId: ROLE.PROGRAM_ADMIN, programs: [w.program] });
  const adminToken = await t.signIn(admin.username);
  const closed = await t.injectAs(adminToken, {
    method: 'POST',
    url: '/settlement-api/batches/close',
    payload: { programUuid: w.program.uuid },
  });
  expect(closed.statusCode, closed.body).toBe(200);
  const batchUuid = (closed.json() as { batch: { batchUuid: string } }).batch.batchUuid;
  const farmer = await makeFarmer(w.db, [w.merchants.first, w.merchants.third]);
  const token = await t.signIn(farmer.username);
  return { w, batchUuid, token, adminToken };
}

const payoutsUrl = (merchantUuid: string) => `/merchant-api/farmer/merchants/${merchantUuid}/payouts`;
const statementUrl = (merchantUuid: string, batchUuid: string) =>
  `/merchant-api/farmer/merchants/${merchantUuid}/payouts/${batchUuid}/statement.pdf`;

describe('GET /merchant-api/farmer/merchants/{merchantUuid}/payouts', () => {
  it("answers the merchant's share of each batch, and the last payout on the home", async () => {
    const { w, batchUuid, token } = await paidWorld();
    const res = await t.injectAs(token, { method: 'GET', url: payoutsUrl(w.merchants.first.uuid) });
    expect(res.statusCode, res.body).toBe(200);
    const payouts = res.json() as FarmerPayouts;
    expect(payouts.countCapped).toBe(false);
    expect(payouts.holds).toEqual([]);
    expect(payouts.data).toHaveLength(1);
    expect(payouts.data[0]).toMatchObject({
      batchUuid,
      programName: w.program.name,
      status: 'Closed',
      paidAt: null,
      periodStart: null,
      transactionCount: 1,
      grossAmt: 30,
      netAmt: 30,
    });
    const today = (
      await t.injectAs(token, { method: 'GET', url: `/merchant-api/farmer/merchants/${w.merchants.first.uuid}/today` })
    ).json() as FarmerToday;
    expect(today.lastPayout?.batchUuid).toBe(batchUuid);
  });

  it('answers the money held with its reason for a merchant without bank information', async () => {
    const { w, token } = await paidWorld();
    const res = await t.injectAs(token, { method: 'GET', url: payoutsUrl(w.merchants.third.uuid) });
    expect(res.statusCode, res.body).toBe(200);
    const payouts = res.json() as FarmerPayouts;
    expect(payouts.data).toEqual([]);
    expect(payouts.holds).toEqual([
      expect.objectContaining({
        programUuid: w.program.uuid,
        reasonId: 2,
        reason: 'No bank information',
        transactionCount: 1,
        heldAmt: 8,
      }),
    ]);
    const today = (
      await t.injectAs(token, { method: 'GET', url: `/merchant-api/farmer/merchants/${w.merchants.third.uuid}/today` })
    ).json() as FarmerToday;
    expect(today.holds.map((h) => h.reasonId)).toEqual([2]);
  });

  it("answers 404 for another merchant's payouts and 403 to staff", async () => {
    const { w, token, adminToken } = await paidWorld();
    expect((await t.injectAs(token, { method: 'GET', url: payoutsUrl(w.merchants.second.uuid) })).statusCode).toBe(404);
    expect((await t.injectAs(adminToken, { method: 'GET', url: payoutsUrl(w.merchants.first.uuid) })).statusCode).toBe(
      403,
    );
  });
});

describe('GET /merchant-api/farmer/merchants/{merchantUuid}/payouts/{batchUuid}/statement.pdf', () => {
  it("answers settlement's statement of the batch for the caller's merchant", async () => {
    const { w, batchUuid, token } = await paidWorld();
    const res = await t.injectAs(token, { method: 'GET', url: statementUrl(w.merchants.first.uuid, batchUuid) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="statement-.+\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain(w.merchants.first.name);
    expect(text).toContain(`Merchant ID ${w.merchants.first.merchantIdentifier}`);
    expect(text).toContain(`*${w.card.pan.slice(-4)}`);
    expect(text).not.toContain(w.merchants.second.name);
  });

  it("answers 404 for another merchant's statement, a batch that paid the merchant nothing, and a missing batch", async () => {
    const { w, batchUuid, token, adminToken } = await paidWorld();
    const other = await t.injectAs(token, { method: 'GET', url: statementUrl(w.merchants.second.uuid, batchUuid) });
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).not.toContain('pdf');
    // The third merchant is the caller's, but the batch held it: no line of it, no statement.
    const held = await t.injectAs(token, { method: 'GET', url: statementUrl(w.merchants.third.uuid, batchUuid) });
    expect(held.statusCode).toBe(404);
    const missing = await t.injectAs(token, {
      method: 'GET',
      url: statementUrl(w.merchants.first.uuid, '00000000-0000-4000-8000-000000000000'),
    });
    expect(missing.statusCode).toBe(404);
    const staff = await t.injectAs(adminToken, { method: 'GET', url: statementUrl(w.merchants.first.uuid, batchUuid) });
    expect(staff.statusCode).toBe(403);
    const recipient = await t.injectAs(await t.signIn(w.user.username), {
      method: 'GET',
      url: statementUrl(w.merchants.first.uuid, batchUuid),
    });
    expect(recipient.statusCode).toBe(403);
  });
});
