import { describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { type BatchDetail, type BatchTransactionsPage, SETTLEMENT_MESSAGES } from '@ebt/core/settlement';
import { useTestApp } from '../../testing/app.js';
import { makeProgram, makeUser } from '../../testing/factories.js';
import { call, purchaseOf } from '../../testing/pos-world.js';
import { makeSettlementWorld } from '../../testing/settlement.js';

// A merchant's transactions of a batch (decision 0068): what a batch page's merchant line opens.
// Paged in time order; each transaction's money per benefit adds up to the merchant's lines of the batch.

const t = useTestApp();

const cents = (n: number) => Math.round(n * 100);

describe('GET /settlement-api/batches/{batchUuid}/merchants/{merchantUuid}/transactions', () => {
  it("pages the merchant's transactions in time order, their money adding up to its lines", async () => {
    const w = await makeSettlementWorld(t);
    await w.giveIncentive('20.00');
    await w.giveBenefit('100.00');
    // Three sales at the first merchant ($30.00 draws the incentive first), a refund of the last.
    await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 30));
    await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 7));
    const last = await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 4));
    await call(t, w.terminals.first, 'refund', {
      amount: 1.5,
      original: { trxUuid: last.trxUuid },
      traceNumber: String(Math.floor(Math.random() * 1e9)),
      terminalDateTime: '2026-11-23T15:00:00-05:00',
    });
    await call(t, w.terminals.second, 'purchase', purchaseOf(w.card.pan, 2));
    const admin = await makeUser(w.db, { roleId: ROLE.PROGRAM_ADMIN, programs: [w.program] });
    const token = await t.signIn(admin.username);
    const closed = await t.injectAs(token, {
      method: 'POST',
      url: '/settlement-api/batches/close',
      payload: { programUuid: w.program.uuid },
    });
    const batchUuid = (closed.json() as { batch: { batchUuid: string } }).batch.batchUuid;
    const url = `/settlement-api/batches/${batchUuid}/merchants/${w.merchants.first.uuid}/transactions`;

    const first = await t.injectAs(token, { method: 'GET', url: `${url}?pageSize=3` });
    expect(first.statusCode, first.body).toBe(200);
    const page0 = first.json() as BatchTransactionsPage;
    expect(page0).toMatchObject({
      page: 0,
      totalCount: 4,
      totalPages: 2,
      countCapped: false,
      merchantName: w.merchants.first.name,
      programName: w.program.name,
    });
    expect(page0.data).toHaveLength(3);
    const page1 = (
      await t.injectAs(token, { method: 'GET', url: `${url}?pageSize=3&page=1` })
    ).json() as BatchTransactionsPage;
    expect(page1.data).toHaveLength(1);
    const all = [...page0.data, ...page1.data];
    expect(all.map((x) => x.trxType)).toEqual(['Purchase', 'Purchase', 'Purchase', 'Refund']);
    const times = all.map((x) => x.trxDatetime);
    expect([...times].sort()).toEqual(times);
    expect(all[0]!.pan).toBe(`*${w.card.pan.slice(-4)}`);
    expect(all[0]!.parts.map((p) => [p.benefitType, p.amount, p.feeAmt])).toEqual([
      ['Incentive', 20, 0.5],
      ['Regular', 10, 0],
    ]);
    expect(all[3]).toMatchObject({ amount: -1.5, feeAmt: 0, netAmt: -1.5 });
    // No full card number on the wire.
    expect(first.body).not.toContain(w.card.pan);

    // The transactions add up to the merchant's lines, per kind of benefit and in all.
    const detail = (
      await t.injectAs(token, { method: 'GET', url: `/settlement-api/batches/${batchUuid}` })
    ).json() as BatchDetail;
    const lines = detail.lines.filter((l) => l.merchantUuid === w.merchants.first.uuid);
    for (const kind of [1, 2]) {
      const parts = all.flatMap((x) => x.parts).filter((p) => p.benefitTypeId === kind);
      const line = lines.find((l) => l.benefitTypeId === kind)!;
      expect(parts.reduce((s, p) => s + cents(p.amount), 0)).toBe(
        cents(line.grossAmt) - cents(line.refundAmt) - cents(line.reversalAmt),
      );
      expect(parts.reduce((s, p) => s + cents(p.feeAmt), 0)).toBe(cents(line.feeAmt));
    }
    expect(all.reduce((s, x) => s + cents(x.netAmt), 0)).toBe(lines.reduce((s, l) => s + cents(l.netAmt), 0));

    // Past the last page: no rows. A page size past the cap: 400.
    const beyond = (
      await t.injectAs(token, { method: 'GET', url: `${url}?pageSize=3&page=9` })
    ).json() as BatchTransactionsPage;
    expect(beyond.data).toEqual([]);
    expect((await t.injectAs(token, { method: 'GET', url: `${url}?pageSize=201` })).statusCode).toBe(400);
    expect((await t.injectAs(token, { method: 'GET', url: `${url}?page=-1` })).statusCode).toBe(400);

    // Refusals: a merchant the batch did not pay, an unknown merchant, another program's admin, an agency admin.
    const third = await t.injectAs(token, {
      method: 'GET',
      url: `/settlement-api/batches/${batchUuid}/merchants/${w.merchants.third.uuid}/transactions`,
    });
    expect(third.statusCode).toBe(404);
    expect(third.json()).toMatchObject({ message: SETTLEMENT_MESSAGES.MERCHANT_NOT_IN_BATCH });
    const unknown = await t.injectAs(token, {
      method: 'GET',
      url: `/settlement-api/batches/${batchUuid}/merchants/00000000-0000-4000-8000-000000000000/transactions`,
    });
    expect(unknown.statusCode).toBe(404);
    const other = await makeProgram(w.db);
    const stranger = await makeUser(w.db, { roleId: ROLE.PROGRAM_ADMIN, programs: [other] });
    expect((await t.injectAs(await t.signIn(stranger.username), { method: 'GET', url })).statusCode).toBe(404);
    const agencyAdmin = await makeUser(w.db, { roleId: ROLE.AGENCY_ADMIN, agencies: [w.agency] });
    expect((await t.injectAs(await t.signIn(agencyAdmin.username), { method: 'GET', url })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
