import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { type BatchDetail, HOLD_REASON, SETTLEMENT_MESSAGES } from '@ebt/core/settlement';
import { merchantBankAccounts, merchants, outbox, settlementLines } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeUser } from '../../testing/factories.js';
import { makeFarmer } from '../../testing/farmer.js';
import { call, makeMerchant, makeTerminal, purchaseOf } from '../../testing/pos-world.js';
import { closeDueBatches } from './close.js';
import { makeSettlementWorld, setConfig, settledCounts } from '../../testing/settlement.js';

// Settlement batches (decision 0056).

const t = useTestApp();

const at = (time: string) => `2026-11-23T${time}-05:00`;
const refundOf = (trxUuid: string, amount: number) => ({
  amount,
  original: { trxUuid },
  traceNumber: String(Math.floor(Math.random() * 1e9)),
  terminalDateTime: at('11:00:00'),
});
const reversalOf = (purchase: Record<string, unknown>) => ({
  original: { traceNumber: purchase.traceNumber, date: '2026-11-23' },
  terminalDateTime: at('12:00:00'),
});

async function adminOf(programs: { id: number }[]) {
  const user = await makeUser(t.database.db, { roleId: ROLE.PROGRAM_ADMIN, programs });
  return t.signIn(user.username);
}

async function closeNow(token: string, programUuid: string) {
  const res = await t.injectAs(token, {
    method: 'POST',
    url: '/settlement-api/batches/close',
    payload: { programUuid },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { batch: { batchUuid: string } | null; message: string };
}

async function detail(token: string, batchUuid: string) {
  const res = await t.injectAs(token, { method: 'GET', url: `/settlement-api/batches/${batchUuid}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BatchDetail;
}

const cents = (n: number) => Math.round(n * 100);

describe('settlement batches', () => {
  it('settles a day of purchases, refunds and reversals across three merchants with the right gross, fees and net', async () => {
    const w = await makeSettlementWorld(t);
    await w.giveIncentive('20.00');
    await w.giveBenefit('100.00');
    // First merchant: $30.00, the incentive's $20.00 first (it expires sooner), then $10.00 regular; fee 2.50% of 20.
    await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 30));
    // Second: $15.00 and a $5.00 refund of it.
    const second = await call(t, w.terminals.second, 'purchase', purchaseOf(w.card.pan, 15));
    await call(t, w.terminals.second, 'refund', refundOf(second.trxUuid!, 5));
    // Third: $12.00 reversed the same day.
    const third = purchaseOf(w.card.pan, 12);
    await call(t, w.terminals.third, 'purchase', third);
    const reversal = await call(t, w.terminals.third, 'reversal', reversalOf(third));
    expect(reversal.responseCode).toBe('00');

    const token = await adminOf([w.program]);
    const closed = await closeNow(token, w.program.uuid);
    expect(closed.message).toBe(SETTLEMENT_MESSAGES.BATCH_CLOSED);
    const batch = await detail(token, closed.batch!.batchUuid);
    expect(batch).toMatchObject({
      merchantCount: 3,
      transactionCount: 5,
      grossAmt: 57,
      refundAmt: 5,
      reversalAmt: 12,
      feeAmt: 0.5,
      netAmt: 39.5,
      heldAmt: 0,
      status: 'Closed',
    });
    const lineOf = (merchantUuid: string, benefitTypeId: number) =>
      batch.lines.find((l) => l.merchantUuid === merchantUuid && l.benefitTypeId === benefitTypeId);
    expect(lineOf(w.merchants.first.uuid, 2)).toMatchObject({
      fundingSourceName: w.funding.name,
      grossAmt: 20,
      feeAmt: 0.5,
      netAmt: 19.5,
    });
    expect(lineOf(w.merchants.first.uuid, 1)).toMatchObject({ grossAmt: 10, feeAmt: 0, netAmt: 10 });
    expect(lineOf(w.merchants.second.uuid, 1)).toMatchObject({
      grossAmt: 15,
      refundAmt: 5,
      netAmt: 10,
      transactionCount: 2,
    });
    expect(lineOf(w.merchants.third.uuid, 1)).toMatchObject({ grossAmt: 12, reversalAmt: 12, netAmt: 0 });
    // The lines add up to the batch, and every approved merchant transaction is in it once.
    expect(cents(batch.lines.reduce((s, l) => s + l.netAmt, 0))).toBe(cents(batch.netAmt));
    expect((await settledCounts(w.db, w.program.id)).every((r) => r.settlement_batch_id !== null)).toBe(true);

    // Nothing left: a second close writes no batch.
    expect(await closeNow(token, w.program.uuid)).toEqual({
      batch: null,
      message: SETTLEMENT_MESSAGES.NOTHING_TO_SETTLE,
    });
    // Closed lines never change.
    await expect(
      w.db
        .update(settlementLines)
        .set({ feeAmt: '0' })
        .where(sql`true`),
    ).rejects.toThrow();
  });

  it('carries a reversal after settlement into the next batch as a negative line', async () => {
    const w = await makeSettlementWorld(t);
    await w.giveBenefit('50.00');
    const purchase = purchaseOf(w.card.pan, 12);
    await call(t, w.terminals.first, 'purchase', purchase);
    const token = await adminOf([w.program]);
    const first = await closeNow(token, w.program.uuid);
    expect((await detail(token, first.batch!.batchUuid)).netAmt).toBe(12);

    t.clock.advance(60_000);
    expect((await call(t, w.terminals.first, 'reversal', reversalOf(purchase))).responseCode).toBe('00');
    const next = await detail(token, (await closeNow(token, w.program.uuid)).batch!.batchUuid);
    expect(next).toMatchObject({ grossAmt: 0, reversalAmt: 12, netAmt: -12, transactionCount: 1 });
    expect(next.lines).toEqual([expect.objectContaining({ merchantUuid: w.merchants.first.uuid, netAmt: -12 })]);
    t.clock.reset();
  });

  it('holds a merchant without bank information or inactive, with the reason, and pays it once fixed', async () => {
    const w = await makeSettlementWorld(t);
    await w.giveBenefit('50.00');
    const unbanked = await makeMerchant(w.db, { programs: [{ id: w.program.id }], bank: null });
    const unbankedTerminal = await makeTerminal(w.db, unbanked.id);
    await call(t, unbankedTerminal, 'purchase', purchaseOf(w.card.pan, 7));
    await call(t, w.terminals.second, 'purchase', purchaseOf(w.card.pan, 4));
    await w.db.update(merchants).set({ statusId: 1 }).where(eq(merchants.id, w.merchants.second.id));
    await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 3));

    const token = await adminOf([w.program]);
    const held = await detail(token, (await closeNow(token, w.program.uuid)).batch!.batchUuid);
    expect(held).toMatchObject({ netAmt: 3, heldAmt: 11, heldMerchantCount: 2, merchantCount: 1 });
    expect(held.holds).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ merchantUuid: unbanked.uuid, reasonId: HOLD_REASON.NO_BANK_INFO, heldAmt: 7 }),
        expect.objectContaining({
          merchantUuid: w.merchants.second.uuid,
          reasonId: HOLD_REASON.MERCHANT_INACTIVE,
          heldAmt: 4,
        }),
      ]),
    );

    // Fixed: bank information for the first, active again for the second. The next batch pays both, once.
    const [bank] = await w.db
      .select()
      .from(merchantBankAccounts)
      .where(eq(merchantBankAccounts.merchantId, w.merchants.first.id));
    const { id: _id, uuid: _uuid, merchantId: _m, ...copy } = bank!;
    await w.db.insert(merchantBankAccounts).values({ ...copy, merchantId: unbanked.id });
    await w.db.update(merchants).set({ statusId: 0 }).where(eq(merchants.id, w.merchants.second.id));
    t.clock.advance(60_000);
    const paid = await detail(token, (await closeNow(token, w.program.uuid)).batch!.batchUuid);
    expect(paid).toMatchObject({ netAmt: 11, heldAmt: 0, merchantCount: 2, holds: [] });
    t.clock.reset();
  });

  it('the job closes one batch per enabled program at its cut-off, and only once', async () => {
    const a = await makeSettlementWorld(t);
    const b = await makeSettlementWorld(t);
    await a.giveBenefit('50.00');
    await b.giveBenefit('50.00');
    await call(t, a.terminals.first, 'purchase', purchaseOf(a.card.pan, 5));
    await call(t, b.terminals.first, 'purchase', purchaseOf(b.card.pan, 6));
    await setConfig(t.database.db, 'settlement.enabled', 'off');
    await setConfig(t.database.db, `settlement.enabled.${a.program.shortName}`, 'on');
    await setConfig(t.database.db, `settlement.enabled.${b.program.shortName}`, 'on');
    await setConfig(t.database.db, 'settlement.cutoff', '18:00');

    // Before the cut-off (17:59 in New York) nothing closes; after it, one batch each, and a second run adds none.
    const batchesOf = async (programId: number) =>
      (
        (await t.database.db.execute(
          sql`select net_amt from settlement_batches where program_id = ${programId}`,
        )) as unknown as { rows: { net_amt: string }[] }
      ).rows;
    await closeDueBatches(t.database.db, new Date('2026-11-23T22:59:00Z'));
    // (yesterday's cut-off is due then: it closes what came before it, which is nothing)
    expect(await batchesOf(a.program.id)).toEqual([]);
    await closeDueBatches(t.database.db, new Date('2026-11-23T23:01:00Z'));
    await closeDueBatches(t.database.db, new Date('2026-11-23T23:02:00Z'));
    expect(await batchesOf(a.program.id)).toEqual([{ net_amt: '5.00' }]);
    expect(await batchesOf(b.program.id)).toEqual([{ net_amt: '6.00' }]);
    await setConfig(t.database.db, `settlement.enabled.${a.program.shortName}`, 'off');
    await setConfig(t.database.db, `settlement.enabled.${b.program.shortName}`, 'off');
  });

  it.skipIf(process.env.TEST_DATABASE !== 'postgres')(
    'two instances running the job at once settle each transaction once (PostgreSQL)',
    async () => {
      const w = await makeSettlementWorld(t);
      await w.giveBenefit('500.00');
      for (let i = 0; i < 20; i++)
        await call(
          t,
          w.terminals[(['first', 'second', 'third'] as const)[i % 3]!],
          'purchase',
          purchaseOf(w.card.pan, 1),
        );
      await setConfig(t.database.db, `settlement.enabled.${w.program.shortName}`, 'on');
      const now = new Date('2026-11-24T00:00:00Z');
      const runs = await Promise.all(Array.from({ length: 4 }, () => closeDueBatches(t.database.db, now)));
      const batches = (
        (await t.database.db.execute(
          sql`select id, net_amt, transaction_count from settlement_batches where program_id = ${w.program.id}`,
        )) as unknown as { rows: { net_amt: string; transaction_count: number }[] }
      ).rows;
      expect(batches).toHaveLength(1);
      expect(batches[0]).toMatchObject({ net_amt: '20.00', transaction_count: 20 });
      expect(runs.filter((n) => n >= 1)).toHaveLength(1);
      const counts = await settledCounts(w.db, w.program.id);
      expect(counts).toHaveLength(20);
      expect(new Set(counts.map((r) => String(r.settlement_batch_id))).size).toBe(1);
      await setConfig(t.database.db, `settlement.enabled.${w.program.shortName}`, 'off');
    },
  );
});

// A close with nothing to pay writes nothing (docs/settlement.md "Cut-off and the close"): no batch row, no lines, no
// holds, no ACH file, however often it is tried; the administrator is told why and the audit says a close was tried.
describe('a close with nothing to pay', () => {
  /** The settlement rows of the program: batches, their lines and holds, what waits in the queue. */
  async function rowsOfProgram(programId: number) {
    const result = (await t.database.db.execute(sql`select
        (select count(*) from settlement_batches where program_id = ${programId}) as batches,
        (select count(*) from settlement_lines l join settlement_batches s on s.id = l.batch_id
          where s.program_id = ${programId}) as lines,
        (select count(*) from settlement_holds h join settlement_batches s on s.id = h.batch_id
          where s.program_id = ${programId}) as holds,
        (select count(*) from settlement_queue where program_id = ${programId}) as queued`)) as unknown as {
      rows: Record<'batches' | 'lines' | 'holds' | 'queued', string | number>[];
    };
    const row = result.rows[0]!;
    return {
      batches: Number(row.batches),
      lines: Number(row.lines),
      holds: Number(row.holds),
      queued: Number(row.queued),
    };
  }

  /** The audit rows of the administrator's closes of the program. */
  async function closeAudits(programUuid: string) {
    const result = (await t.database.db.execute(
      sql`select entity_id, after from audit_log where action = 'settlement_close' and after->>'programUuid' = ${programUuid} order by id`,
    )) as unknown as { rows: { entity_id: string | null; after: Record<string, unknown> }[] };
    return result.rows;
  }

  /** A program whose only unpaid merchants are held: one without bank information, one inactive. */
  async function heldOnlyWorld() {
    const w = await makeSettlementWorld(t);
    await w.giveBenefit('50.00');
    const unbanked = await makeMerchant(w.db, { programs: [{ id: w.program.id }], bank: null });
    await call(t, await makeTerminal(w.db, unbanked.id), 'purchase', purchaseOf(w.card.pan, 7));
    await call(t, w.terminals.second, 'purchase', purchaseOf(w.card.pan, 4));
    await w.db.update(merchants).set({ statusId: 1 }).where(eq(merchants.id, w.merchants.second.id));
    return { ...w, unbanked };
  }

  it('writes no batch, three times in a row, when only held merchants wait; says so and audits each try', async () => {
    const w = await heldOnlyWorld();
    const token = await adminOf([w.program]);
    expect(await rowsOfProgram(w.program.id)).toEqual({ batches: 0, lines: 0, holds: 0, queued: 2 });

    for (let i = 0; i < 3; i++) {
      expect(await closeNow(token, w.program.uuid)).toEqual({
        batch: null,
        message: SETTLEMENT_MESSAGES.NOTHING_TO_PAY_HELD,
      });
      t.clock.advance(60_000);
    }
    t.clock.reset();
    // Nothing written, nothing repeated; the held money still waits for the first batch after the fix.
    expect(await rowsOfProgram(w.program.id)).toEqual({ batches: 0, lines: 0, holds: 0, queued: 2 });
    const list = await t.injectAs(token, {
      method: 'GET',
      url: `/settlement-api/batches?programUuid=${w.program.uuid}`,
    });
    expect((list.json() as { data: unknown[] }).data).toEqual([]); // so no ACH file to download either
    const audits = await closeAudits(w.program.uuid);
    expect(audits).toHaveLength(3);
    expect(audits[0]).toMatchObject({
      entity_id: null,
      after: { programUuid: w.program.uuid, batchUuid: null, heldMerchantCount: 2, heldAmt: 11 },
    });

    // The job writes none either, run after run.
    await setConfig(t.database.db, `settlement.enabled.${w.program.shortName}`, 'on');
    expect(await closeDueBatches(t.database.db, new Date('2026-11-24T23:01:00Z'))).toBe(0);
    expect(await closeDueBatches(t.database.db, new Date('2026-11-24T23:02:00Z'))).toBe(0);
    await setConfig(t.database.db, `settlement.enabled.${w.program.shortName}`, 'off');
    expect(await rowsOfProgram(w.program.id)).toEqual({ batches: 0, lines: 0, holds: 0, queued: 2 });

    // Once a merchant can be paid, the close writes a batch that pays it and records the other's hold.
    await w.db.update(merchants).set({ statusId: 0 }).where(eq(merchants.id, w.merchants.second.id));
    const closed = await closeNow(token, w.program.uuid);
    expect(closed.message).toBe(SETTLEMENT_MESSAGES.BATCH_CLOSED);
    expect(await detail(token, closed.batch!.batchUuid)).toMatchObject({
      netAmt: 4,
      merchantCount: 1,
      heldAmt: 7,
      heldMerchantCount: 1,
      holds: [expect.objectContaining({ merchantUuid: w.unbanked.uuid, reasonId: HOLD_REASON.NO_BANK_INFO })],
    });
    expect(await rowsOfProgram(w.program.id)).toEqual({ batches: 1, lines: 1, holds: 1, queued: 1 });
  });

  it('writes no batch when nothing waits at all, with the same answer shape, and audits the try', async () => {
    const w = await makeSettlementWorld(t);
    const token = await adminOf([w.program]);
    expect(await closeNow(token, w.program.uuid)).toEqual({
      batch: null,
      message: SETTLEMENT_MESSAGES.NOTHING_TO_SETTLE,
    });
    expect(await rowsOfProgram(w.program.id)).toEqual({ batches: 0, lines: 0, holds: 0, queued: 0 });
    expect(await closeAudits(w.program.uuid)).toEqual([
      expect.objectContaining({ entity_id: null, after: expect.objectContaining({ batchUuid: null, heldAmt: 0 }) }),
    ]);
  });

  it('writes no batch when what waits nets to zero (a purchase reversed), and pays it with the next money', async () => {
    const w = await makeSettlementWorld(t);
    await w.giveBenefit('50.00');
    const purchase = purchaseOf(w.card.pan, 12);
    await call(t, w.terminals.third, 'purchase', purchase);
    expect((await call(t, w.terminals.third, 'reversal', reversalOf(purchase))).responseCode).toBe('00');
    const token = await adminOf([w.program]);
    expect(await closeNow(token, w.program.uuid)).toEqual({
      batch: null,
      message: SETTLEMENT_MESSAGES.NOTHING_TO_SETTLE,
    });
    expect(await rowsOfProgram(w.program.id)).toEqual({ batches: 0, lines: 0, holds: 0, queued: 2 });

    await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 3));
    t.clock.advance(60_000);
    const closed = await closeNow(token, w.program.uuid);
    t.clock.reset();
    expect(await detail(token, closed.batch!.batchUuid)).toMatchObject({
      merchantCount: 2,
      transactionCount: 3,
      grossAmt: 15,
      reversalAmt: 12,
      netAmt: 3,
    });
    expect(await rowsOfProgram(w.program.id)).toEqual({ batches: 1, lines: 2, holds: 0, queued: 0 });
  });
});

describe('settlement access', () => {
  it("program admins see only their programs' batches; another program's batch is 404; others are refused", async () => {
    const w = await makeSettlementWorld(t);
    await w.giveBenefit('50.00');
    await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 5));
    const mine = await adminOf([w.program]);
    const closed = await closeNow(mine, w.program.uuid);
    const other = await makeSettlementWorld(t);
    const theirs = await adminOf([other.program]);

    const list = await t.injectAs(theirs, { method: 'GET', url: '/settlement-api/batches' });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { data: { batchUuid: string }[] }).data.map((b) => b.batchUuid)).not.toContain(
      closed.batch!.batchUuid,
    );
    const read = await t.injectAs(theirs, { method: 'GET', url: `/settlement-api/batches/${closed.batch!.batchUuid}` });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ message: SETTLEMENT_MESSAGES.BATCH_NOT_FOUND });
    const close = await t.injectAs(theirs, {
      method: 'POST',
      url: '/settlement-api/batches/close',
      payload: { programUuid: w.program.uuid },
    });
    expect(close.statusCode).toBe(404);
    const paid = await t.injectAs(theirs, {
      method: 'POST',
      url: `/settlement-api/batches/${closed.batch!.batchUuid}/paid`,
      payload: { bankReference: 'X1' },
    });
    expect(paid.statusCode).toBe(404);

    const agencyUser = await makeUser(t.database.db, { roleId: ROLE.AGENCY_USER });
    const refused = await t.injectAs(await t.signIn(agencyUser.username), {
      method: 'GET',
      url: '/settlement-api/batches',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('marks a batch paid with the bank reference, once', async () => {
    const w = await makeSettlementWorld(t);
    await w.giveBenefit('50.00');
    await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 5));
    const token = await adminOf([w.program]);
    const { batch } = await closeNow(token, w.program.uuid);
    const url = `/settlement-api/batches/${batch!.batchUuid}/paid`;
    const empty = await t.injectAs(token, { method: 'POST', url, payload: { bankReference: ' ' } });
    expect(empty.statusCode).toBe(400);
    const paid = await t.injectAs(token, { method: 'POST', url, payload: { bankReference: 'FED-20261124-001' } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      message: SETTLEMENT_MESSAGES.BATCH_MARKED_PAID,
      batch: { status: 'Marked paid', bankReference: 'FED-20261124-001' },
    });
    const again = await t.injectAs(token, { method: 'POST', url, payload: { bankReference: 'X' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: SETTLEMENT_MESSAGES.ALREADY_PAID });
  });

  it('tells the people who sell for each merchant paid, in their language, and nobody else', async () => {
    const w = await makeSettlementWorld(t);
    await w.giveBenefit('50.00');
    await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 5));
    const rosa = await makeFarmer(t.database.db, [w.merchant], { email: 'rosa-payout@example.com' });
    const luis = await makeFarmer(t.database.db, [w.merchant], {
      email: 'luis-payout@example.com',
      preferredLanguage: 'es',
    });
    const gone = await makeFarmer(t.database.db, [], { email: 'gone-payout@example.com', revoked: [w.merchant] });
    const token = await adminOf([w.program]);
    const { batch } = await closeNow(token, w.program.uuid);
    const paid = await t.injectAs(token, {
      method: 'POST',
      url: `/settlement-api/batches/${batch!.batchUuid}/paid`,
      payload: { bankReference: 'FED-1' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const sent = await t.database.db
      .select({ to: outbox.to, subject: outbox.subject, body: outbox.body, html: outbox.html, kind: outbox.kind })
      .from(outbox)
      .where(inArray(outbox.to, [rosa.email, luis.email, gone.email]));
    expect(sent.map((m) => m.to).sort()).toEqual([luis.email, rosa.email]);
    const english = sent.find((m) => m.to === rosa.email)!;
    expect(english.subject).toBe(`Payout sent: $5.00 for ${w.merchant.name}`);
    expect(english.body).toContain('/merchant/payouts');
    expect(english.kind).toBe('payout-sent');
    expect(english.html).toContain('<html lang="en">');
    const spanish = sent.find((m) => m.to === luis.email)!;
    expect(spanish.subject).toBe(`Pago enviado: $5.00 para ${w.merchant.name}`);
    expect(spanish).toMatchObject({ kind: 'payout-sent' });
    expect(spanish.body).toContain('Vea el detalle y el estado de cuenta');
    expect(spanish.html).toContain('<html lang="es">');
  });
});
