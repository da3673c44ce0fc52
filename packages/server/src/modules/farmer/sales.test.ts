import { describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import type { FarmerSalesPage, FarmerToday } from '@ebt/core/farmer';
import { useTestApp } from '../../testing/app.js';
import {
  columnOf,
  expectDates,
  expectMoney,
  expectText,
  readCsvExport,
  readXlsxExport,
} from '../../testing/export-files.js';
import { makeUser } from '../../testing/factories.js';
import { makeFarmer } from '../../testing/farmer.js';
import { call, nextTrace, pos, purchaseOf, refundOf } from '../../testing/pos-world.js';
import { makeSettlementWorld } from '../../testing/settlement.js';

// The merchant's sales and its day (docs/farmer-app.md): only the caller's merchants, the range in the program's
// zone, the filters, the totals, what each purchase still allows (refund, void), the export, and the refusals.

const t = useTestApp();

/** The first merchant sold $30.00 and $12.00 (refunded $5.00), a PIN was wrong once; the second sold $15.00. */
async function salesWorld() {
  const w = await makeSettlementWorld(t);
  await w.giveBenefit('100.00');
  const first = await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 30));
  const second = await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 12));
  await call(t, w.terminals.first, 'refund', refundOf({ trxUuid: second.trxUuid }, 5));
  const wrong = await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 3, { pin: '0000' }));
  expect(wrong.responseCode).not.toBe('00');
  await call(t, w.terminals.second, 'purchase', purchaseOf(w.card.pan, 15));
  const farmer = await makeFarmer(w.db, [w.merchants.first]);
  const token = await t.signIn(farmer.username);
  const url = (merchantUuid: string, query = '') =>
    `/merchant-api/farmer/merchants/${merchantUuid}/sales${query ? `?${query}` : ''}`;
  return { w, first, second, farmer, token, url };
}

describe('GET /merchant-api/farmer/merchants/{merchantUuid}/sales', () => {
  it("answers today's sales of the caller's merchant, newest first, with the totals and what each allows", async () => {
    const { w, first, second, token, url } = await salesWorld();
    const res = await t.injectAs(token, { method: 'GET', url: url(w.merchants.first.uuid) });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as FarmerSalesPage;
    expect(page.from).toBe('2026-11-23');
    expect(page.to).toBe('2026-11-23');
    expect(page.totalCount).toBe(4);
    expect(page.data.map((s) => [s.trxType, s.approved, s.approvedAmt])).toEqual([
      ['Purchase', false, 0],
      ['Refund', true, 5],
      ['Purchase', true, 12],
      ['Purchase', true, 30],
    ]);
    expect(page.totals).toEqual({
      salesCount: 2,
      salesAmt: 42,
      refundsCount: 1,
      refundsAmt: 5,
      voidsCount: 0,
      netAmt: 37,
      declinedCount: 1,
    });
    const byUuid = new Map(page.data.map((s) => [s.trxUuid, s]));
    // The refunded purchase keeps $7.00 refundable and cannot be voided (it has a refund); the first is not the
    // terminal's last sale.
    expect(byUuid.get(second.trxUuid!)).toMatchObject({ refundable: 7, voidable: false });
    expect(byUuid.get(first.trxUuid!)).toMatchObject({ refundable: 30, voidable: false });
    // The card by its last four only, the time zone of the program for the row's time.
    for (const sale of page.data) {
      expect(sale.cardLast4).toBe(w.card.pan.slice(-4));
      expect(sale.timeZone).toBe(w.program.timeZone);
      expect(JSON.stringify(sale)).not.toContain(w.card.pan);
    }
    expect(res.body).not.toContain(w.card.pan);
  });

  it("marks the terminal's last sale voidable, and a void through the engine shows in the list", async () => {
    const { w, token, url } = await salesWorld();
    const last = await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 4));
    const before = (
      await t.injectAs(token, { method: 'GET', url: url(w.merchants.first.uuid) })
    ).json() as FarmerSalesPage;
    expect(before.data.filter((s) => s.voidable).map((s) => s.trxUuid)).toEqual([last.trxUuid]);
    const voided = await call(t, w.terminals.first, 'reversal', {
      original: { trxUuid: last.trxUuid },
      terminalDateTime: '2026-11-23T10:05:00-05:00',
    });
    expect(voided.responseCode).toBe('00');
    const after = (
      await t.injectAs(token, { method: 'GET', url: url(w.merchants.first.uuid) })
    ).json() as FarmerSalesPage;
    expect(after.data.find((s) => s.trxUuid === last.trxUuid)).toMatchObject({
      reversed: true,
      voidable: false,
      refundable: 0,
    });
    expect(after.totals).toMatchObject({ salesCount: 3, salesAmt: 46, voidsCount: 1, netAmt: 37 });
  });

  it('filters by kind, outcome, program and range', async () => {
    const { w, token, url } = await salesWorld();
    const get = async (query: string) =>
      (await t.injectAs(token, { method: 'GET', url: url(w.merchants.first.uuid, query) })).json() as FarmerSalesPage;
    expect((await get('kind=refund')).data.map((s) => s.trxType)).toEqual(['Refund']);
    expect((await get('kind=purchase&outcome=approved')).totalCount).toBe(2);
    expect((await get('outcome=declined')).totalCount).toBe(1);
    expect((await get(`programUuid=${w.program.uuid}`)).totalCount).toBe(4);
    expect((await get('programUuid=00000000-0000-4000-8000-000000000000')).totalCount).toBe(0);
    const earlier = await get('from=2026-11-01&to=2026-11-22');
    expect(earlier.totalCount).toBe(0);
    expect(earlier.totals.salesCount).toBe(0);
    expect((await get('from=2026-11-22&to=2026-11-24')).totalCount).toBe(4);
    const backwards = await t.injectAs(token, {
      method: 'GET',
      url: url(w.merchants.first.uuid, 'from=2026-11-24&to=2026-11-01'),
    });
    expect(backwards.statusCode).toBe(400);
    const tooLong = await t.injectAs(token, {
      method: 'GET',
      url: url(w.merchants.first.uuid, 'from=2025-01-01&to=2026-11-24'),
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it("answers 404 for another merchant's sales, 403 to staff and recipients, 401 without a session", async () => {
    const { w, token, url } = await salesWorld();
    const other = await t.injectAs(token, { method: 'GET', url: url(w.merchants.second.uuid) });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('15');
    const admin = await makeUser(w.db, { roleId: ROLE.PROGRAM_ADMIN, programs: [w.program] });
    const staff = await t.injectAs(await t.signIn(admin.username), { method: 'GET', url: url(w.merchants.first.uuid) });
    expect(staff.statusCode).toBe(403);
    const recipient = await t.injectAs(await t.signIn(w.user.username), {
      method: 'GET',
      url: url(w.merchants.first.uuid),
    });
    expect(recipient.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: url(w.merchants.first.uuid) });
    expect(anonymous.statusCode).toBe(401);
    // A link revoked: the merchant is no longer theirs.
    const revoked = await makeFarmer(w.db, [], { revoked: [w.merchants.first] });
    const gone = await t.injectAs(await t.signIn(revoked.username), {
      method: 'GET',
      url: url(w.merchants.first.uuid),
    });
    expect(gone.statusCode).toBe(404);
  });
});

describe('GET /merchant-api/farmer/merchants/{merchantUuid}/sales/export', () => {
  it('writes the range as CSV with the card by its last four, and XLSX on asking; 404 for another merchant', async () => {
    const { w, token } = await salesWorld();
    const base = `/merchant-api/farmer/merchants/${w.merchants.first.uuid}/sales/export`;
    const csv = await t.injectAs(token, { method: 'GET', url: `${base}?kind=purchase` });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = readCsvExport(csv.body).map((record) => record.join(','));
    expect(lines[0]).toBe(
      'Date,Time,Program,Type,Amount,Approved Amount,Response Code,Response,Card,Terminal,Trace Number',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`*${w.card.pan.slice(-4)}`);
    expect(lines[1]).toMatch(/^2026-11-23,10:00:00,/);
    expect(csv.body).not.toContain(w.card.pan);
    const xlsx = await t.injectAs(token, { method: 'GET', url: `${base}?exportType=xlsx` });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // Read by an independent reader: the day a date cell, amounts numbers with two decimals, ids text.
    const book = await readXlsxExport(xlsx.rawPayload);
    expect(book.rows.length).toBeGreaterThan(1);
    expectDates(columnOf(book, 'Date'));
    expect(columnOf(book, 'Date')[0]!.value).toBe('2026-11-23T00:00:00');
    expectMoney(columnOf(book, 'Amount'));
    expectMoney(columnOf(book, 'Approved Amount'));
    for (const header of ['Time', 'Card', 'Terminal', 'Trace Number', 'Response Code'])
      expectText(columnOf(book, header));
    const other = await t.injectAs(token, {
      method: 'GET',
      url: `/merchant-api/farmer/merchants/${w.merchants.second.uuid}/sales/export`,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('GET /merchant-api/farmer/merchants/{merchantUuid}/today', () => {
  it("counts today's approved sales in the program's day, with no payout yet", async () => {
    const { w, farmer, token } = await salesWorld();
    const res = await t.injectAs(token, {
      method: 'GET',
      url: `/merchant-api/farmer/merchants/${w.merchants.first.uuid}/today`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const today = res.json() as FarmerToday;
    expect(today).toMatchObject({
      today: '2026-11-23',
      salesCount: 2,
      salesAmt: 42,
      netAmt: 37,
      lastPayout: null,
      holds: [],
    });
    // A sale past the program's midnight counts on the next day.
    t.clock.advance(24 * 3_600_000);
    const res2 = await pos(
      t,
      w.terminals.first,
      'purchase',
      purchaseOf(w.card.pan, 1, { traceNumber: nextTrace(), terminalDateTime: '2026-11-24T10:00:00-05:00' }),
    );
    expect(res2.statusCode).toBe(200);
    // The session idled out over the day: a new one.
    const later = await t.signIn(farmer.username);
    const next = (
      await t.injectAs(later, { method: 'GET', url: `/merchant-api/farmer/merchants/${w.merchants.first.uuid}/today` })
    ).json() as FarmerToday;
    expect(next).toMatchObject({ today: '2026-11-24', salesCount: 1, salesAmt: 1 });
    const other = await t.injectAs(later, {
      method: 'GET',
      url: `/merchant-api/farmer/merchants/${w.merchants.second.uuid}/today`,
    });
    expect(other.statusCode).toBe(404);
  });
});
