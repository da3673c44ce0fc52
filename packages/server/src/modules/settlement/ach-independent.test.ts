import { describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { useTestApp } from '../../testing/app.js';
import { makeUser } from '../../testing/factories.js';
import { readNachaFile } from '../../testing/nacha-reader.js';
import { call, purchaseOf } from '../../testing/pos-world.js';
import { makeSettlementWorld, setConfig } from '../../testing/settlement.js';

// Each ACH file the server answers, read back by an independent reader (testing/nacha-reader.ts: written from the
// NACHA record layouts, no code shared with the writer in @ebt/core/settlement) through the real download
// (docs/settlement.md "ACH file"): 94-character records blocked by ten with 9-filled records,
// record types in order, batch and file controls (entry/addenda count, entry hash, debit and credit totals) equal to
// what the entries add up to and to the purchases made, and the file's identity and dates as a bank reads them. The
// expected dates are written out from the calendar here, not computed with the product's banking-day rule.

const t = useTestApp();

type World = Awaited<ReturnType<typeof makeSettlementWorld>>;

/** Sets the test clock to an instant (the clock is reset after each story). */
const setClock = (iso: string) => t.clock.advance(Date.parse(iso) - t.clock.now().getTime());

async function world() {
  const w = await makeSettlementWorld(t);
  await w.giveIncentive('20.00');
  await w.giveBenefit('100.00');
  await w.giveSettlementAccount('011000015', '5550001111');
  const admin = await makeUser(t.database.db, { roleId: ROLE.PROGRAM_ADMIN, programs: [w.program] });
  return { w, token: await t.signIn(admin.username) };
}

async function close(w: World, token: string): Promise<{ batchUuid: string; netAmt: number }> {
  const res = await t.injectAs(token, {
    method: 'POST',
    url: '/settlement-api/batches/close',
    payload: { programUuid: w.program.uuid },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { batch: { batchUuid: string; netAmt: number } }).batch;
}

async function download(token: string, batchUuid: string) {
  const res = await t.injectAs(token, { method: 'GET', url: `/settlement-api/batches/${batchUuid}/ach` });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** Reads the file and checks every layout rule and total the reader knows: none may be broken. */
function readClean(text: string) {
  const file = readNachaFile(text);
  expect(file.violations).toEqual([]);
  expect(file.records.every((r) => r.length === 94)).toBe(true);
  expect(file.records.length % 10).toBe(0);
  expect(file.control.blockCount).toBe(file.records.length / 10);
  expect(file.typeSequence).toMatch(/^15(67?)+89F*$/);
  for (const r of file.records.slice(file.typeSequence.indexOf('9') + 1)) expect(r).toBe('9'.repeat(94));
  expect(file.batches).toHaveLength(1);
  return file;
}

/** The entry hash of the given routing numbers as NACHA defines it: the sum of their first 8 digits, last 10 digits. */
const entryHashOf = (routings: string[]) =>
  String(routings.reduce((sum, r) => sum + Number(r.slice(0, 8)), 0) % 1e10).padStart(10, '0');

describe('ACH files read by an independent NACHA reader', () => {
  it('a batch of two merchants: layout, blocking, record order, controls, totals and identity', async () => {
    try {
      const { w, token } = await world();
      await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 30)); // 20 incentive (fee 0.50) + 10
      await call(t, w.terminals.second, 'purchase', purchaseOf(w.card.pan, 15));
      const batch = await close(w, token);
      const file = readClean(await download(token, batch.batchUuid));

      // Monday 23 November 2026, 10:00 in New York (15:00 UTC): the day's first file, effective Tuesday.
      expect(file.header).toMatchObject({
        immediateDestination: ' 011000015',
        immediateOrigin: '1000000000',
        creationDate: '2026-11-23',
        creationTime: '1000',
        fileIdModifier: 'A',
      });
      const [b] = file.batches;
      expect(b).toMatchObject({ serviceClass: '200', sec: 'CCD', effectiveDate: '2026-11-24', odfi: '01100001' });
      const entries = b!.entries.map((e) => [e.transactionCode, e.rdfi + e.checkDigit, e.account, e.amountCents]);
      expect(entries).toEqual(
        expect.arrayContaining([
          ['22', '021000021', w.accounts.first, 2950],
          ['32', '011000015', w.accounts.second, 1500],
        ]),
      );
      // The offset to the program's settlement account balances the file, last.
      expect(entries.at(-1)).toEqual(['27', '011000015', '5550001111', 4450]);
      expect(b!.entries.filter((e) => e.credit).every((e) => e.addenda.length === 1)).toBe(true);
      const hash = entryHashOf(['021000021', '011000015', '011000015']);
      const totals = { entryAddendaCount: 5, entryHash: hash, debitCents: 4450, creditCents: 4450 };
      expect(b!.control).toMatchObject(totals);
      expect(file.control).toMatchObject({ ...totals, batchCount: 1 });
      // The credits are the batch's net, as the batch page shows it.
      expect(b!.control.creditCents).toBe(Math.round(batch.netAmt * 100));
    } finally {
      t.clock.reset();
    }
  });

  it('two closes of one program on a Friday before a Monday holiday: files A then B, local time, effective Tuesday', async () => {
    try {
      // Friday 4 September 2026, 21:30 in New York: 01:30 on Saturday in UTC. Monday 7 September is Labor Day.
      setClock('2026-09-05T01:30:00Z');
      const { w, token } = await world();
      await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 12));
      const first = await close(w, token);
      const firstText = await download(token, first.batchUuid);
      const a = readClean(firstText);
      expect(a.header).toMatchObject({ creationDate: '2026-09-04', creationTime: '2130', fileIdModifier: 'A' });
      expect(a.batches[0]!.effectiveDate).toBe('2026-09-08');

      t.clock.advance(10 * 60_000);
      await call(t, w.terminals.second, 'purchase', purchaseOf(w.card.pan, 7));
      const second = await close(w, token);
      const b = readClean(await download(token, second.batchUuid));
      expect(b.header).toMatchObject({ creationDate: '2026-09-04', creationTime: '2140', fileIdModifier: 'B' });
      expect(b.batches[0]!.effectiveDate).toBe('2026-09-08');
      expect(b.batches[0]!.control).toMatchObject({
        entryAddendaCount: 3,
        entryHash: entryHashOf(['011000015', '011000015']),
        // 7.00 of incentive money less its 2.5 % fee (0.18): the batch's net.
        creditCents: 682,
        debitCents: 682,
      });
      expect(Math.round(second.netAmt * 100)).toBe(682);
      // A re-download of the first is the same file.
      expect(await download(token, first.batchUuid)).toBe(firstText);
    } finally {
      t.clock.reset();
    }
  });

  it("a program's own lead days: two banking days after a Friday before Columbus Day is Wednesday", async () => {
    try {
      // Friday 9 October 2026, 19:00 in New York; Monday 12 October is Columbus Day.
      setClock('2026-10-09T23:00:00Z');
      const { w, token } = await world();
      await setConfig(t.database.db, `settlement.ach.leadDays.${w.program.shortName}`, '2');
      await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 9));
      const file = readClean(await download(token, (await close(w, token)).batchUuid));
      expect(file.header).toMatchObject({ creationDate: '2026-10-09', creationTime: '1900' });
      expect(file.batches[0]!.effectiveDate).toBe('2026-10-14');
    } finally {
      t.clock.reset();
    }
  });

  it('the reader is not lenient: a changed total, a short record or a missing filler is reported', async () => {
    const { w, token } = await world();
    await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 5));
    const text = await download(token, (await close(w, token)).batchUuid);
    const records = text.split('\n').filter(Boolean);
    const at = (type: string) => records.findIndex((r) => r[0] === type);

    const creditTotal = [...records];
    const control = creditTotal[at('8')]!;
    creditTotal[at('8')] =
      control.slice(0, 32) + String(Number(control.slice(32, 44)) + 1).padStart(12, '0') + control.slice(44);
    expect(readNachaFile(creditTotal.join('\n') + '\n').violations.join(' ')).toMatch(/credit total/);

    const short = [...records];
    short[at('6')] = short[at('6')]!.slice(0, 93);
    expect(readNachaFile(short.join('\n') + '\n').violations.join(' ')).toMatch(/93 characters/);

    expect(readNachaFile(records.slice(0, -1).join('\n') + '\n').violations.join(' ')).toMatch(/blocks of 10/);

    const hash = [...records];
    const entry = hash[at('6')]!;
    hash[at('6')] = entry.slice(0, 3) + '09100001' + '9' + entry.slice(12);
    expect(readNachaFile(hash.join('\n') + '\n').violations.join(' ')).toMatch(/entry hash/);
  });
});
