import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { todayIn } from '@ebt/core/format';
import { MESSAGES } from '@ebt/core/messages';
import { type ReconciliationAnswer, type ReconciliationFigures, SETTLEMENT_MESSAGES } from '@ebt/core/settlement';
import { benefits, fundingSources } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeUser } from '../../testing/factories.js';
import { call, purchaseOf } from '../../testing/pos-world.js';
import { makeSettlementWorld } from '../../testing/settlement.js';

// Reconciliation (decision 0058): every figure of the answer equals the sum recomputed here from
// the benefits and transactions tables (and the rows they point at), for several ranges, per funding source and in
// total. Today is 2026-11-23 (10:00 in New York) on the test clock.

const t = useTestApp();

const at = (time: string) => `2026-11-23T${time}-05:00`;
const cents = (n: number | string) => Math.round(Number(n) * 100);

async function staff(roleId: number, programs: { id: number }[] = []) {
  const user = await makeUser(t.database.db, { roleId, programs });
  return t.signIn(user.username);
}

const reconcile = (token: string | null, query: Record<string, string>) =>
  t.injectAs(token, { method: 'GET', url: '/settlement-api/reconciliation', query });

type Figures = Record<keyof ReconciliationFigures, number>;
const ZERO = (): Figures => ({
  issuedAmt: 0,
  redeemedSettledAmt: 0,
  redeemedUnsettledAmt: 0,
  feeAmt: 0,
  outstandingAmt: 0,
  expiredAmt: 0,
  expungedAmt: 0,
});

/** The reference: the program's rows of the raw tables, summed here in cents per funding source (key '' for none). */
async function expected(programId: number, startDate: string, endDate: string) {
  const db = t.database.db;
  const [program] = (
    (await db.execute(sql`select time_zone from programs where id = ${programId}`)) as unknown as {
      rows: { time_zone: string }[];
    }
  ).rows;
  const benefitRows = (
    (await db.execute(sql`select funding_source_id, status_id, available_date::text as available,
        expiration_date::text as expiration, amount, balance, expunged_amt
      from benefits where program_id = ${programId}`)) as unknown as {
      rows: {
        funding_source_id: number | null;
        status_id: number;
        available: string;
        expiration: string;
        amount: string;
        balance: string;
        expunged_amt: string | null;
      }[];
    }
  ).rows;
  const money = (
    (await db.execute(sql`select t.trx_type_id, t.resp_code_id, t.trx_datetime, tb.amount, b.funding_source_id,
        b.benefit_type_id, i.redemption_fee_rate,
        exists (select 1 from settlement_entries e where e.transaction_id = t.id) as settled
      from transactions t join transaction_benefits tb on tb.transaction_id = t.id
      join benefits b on b.id = coalesce(tb.original_benefit_id, tb.benefit_id)
      left join incentives i on i.id = b.incentive_id
      where t.program_id = ${programId}`)) as unknown as {
      rows: {
        trx_type_id: number;
        resp_code_id: number;
        trx_datetime: string | Date;
        amount: string;
        funding_source_id: number | null;
        benefit_type_id: number;
        redemption_fee_rate: string | null;
        settled: boolean;
      }[];
    }
  ).rows;

  const bySource = new Map<string, Figures>();
  const of = (source: number | null) => {
    const key = source === null ? '' : String(source);
    if (!bySource.has(key)) bySource.set(key, ZERO());
    return bySource.get(key)!;
  };
  const inRange = (day: string) => day >= startDate && day <= endDate;
  for (const b of benefitRows) {
    const f = of(b.funding_source_id);
    if (b.status_id !== 3 && inRange(b.available)) f.issuedAmt += cents(b.amount);
    if (b.status_id === 0 && inRange(b.available)) f.outstandingAmt += cents(b.balance);
    if (b.status_id === 1 && inRange(b.expiration)) f.expiredAmt += cents(b.balance);
    if (b.status_id === 2 && inRange(b.expiration)) f.expungedAmt += cents(b.expunged_amt ?? 0);
  }
  for (const r of money) {
    if (r.resp_code_id !== 1 || ![1, 2, 4, 5].includes(r.trx_type_id)) continue;
    if (!inRange(todayIn(program!.time_zone, new Date(r.trx_datetime)))) continue;
    const f = of(r.funding_source_id);
    const sign = r.trx_type_id === 1 || r.trx_type_id === 5 ? 1 : -1;
    if (r.settled) f.redeemedSettledAmt += sign * cents(r.amount);
    else f.redeemedUnsettledAmt += sign * cents(r.amount);
    // The fee: the incentive's rate on the incentive-benefit amount, rounded half up to the cent.
    if (r.benefit_type_id === 2)
      f.feeAmt += sign * Math.round((cents(r.amount) * Number(r.redemption_fee_rate ?? 0)) / 100);
  }
  const total = ZERO();
  for (const f of bySource.values()) for (const key of Object.keys(total) as (keyof Figures)[]) total[key] += f[key];
  const dollars = (f: Figures) => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, v / 100])) as Figures;
  return {
    total: dollars(total),
    sources: new Map([...bySource].map(([k, f]) => [k, dollars(f)])),
  };
}

function expectAnswerToMatch(answer: ReconciliationAnswer, want: Awaited<ReturnType<typeof expected>>) {
  expect(answer.total).toEqual(want.total);
  for (const row of answer.sources) {
    const key = row.fundingSourceId === null ? '' : String(row.fundingSourceId);
    const { fundingSourceId: _id, fundingSourceName: _name, ...figures } = row;
    expect(figures, `funding source ${key}`).toEqual(want.sources.get(key) ?? ZERO());
  }
  // A source with any figure has its row.
  for (const [key, figures] of want.sources)
    if (Object.values(figures).some((v) => v !== 0))
      expect(answer.sources.map((r) => String(r.fundingSourceId ?? ''))).toContain(key);
}

describe('reconciliation', () => {
  it('answers every figure equal to the sums of the benefits and transactions, per funding source and in total', async () => {
    const w = await makeSettlementWorld(t);
    const db = w.db;
    const [second] = await db
      .insert(fundingSources)
      .values({ programId: w.program.id, name: `Second fund ${Date.now()}` })
      .returning();
    // Benefits: an incentive (fee 2.50%) and a regular one of the first source; one of the second source that
    // expires sooner (spent before the regular one), a voided one, an expired one and an expunged one.
    await w.giveIncentive('20.00');
    await w.giveBenefit('100.00', { availableDate: '2026-11-02' });
    const [fromSecond] = await db
      .insert(benefits)
      .values({
        programId: w.program.id,
        accountId: w.account.id,
        agencyId: w.agency.id,
        fundingSourceId: second!.id,
        authorizationNumber: `R${Date.now()}`,
        availableDate: '2026-11-20',
        expirationDate: '2026-12-10',
        amount: '40.00',
        balance: '40.00',
      })
      .returning();
    await w.giveBenefit('9.00', { statusId: 3, availableDate: '2026-11-05' });
    const expired = await w.giveBenefit('7.00', { availableDate: '2026-10-01', expirationDate: '2026-11-10' });
    await db.update(benefits).set({ statusId: 1 }).where(eq(benefits.id, expired.id));
    const expunged = await w.giveBenefit('6.00', { availableDate: '2026-06-01', expirationDate: '2026-08-01' });
    await db
      .update(benefits)
      .set({ statusId: 2, balance: '0.00', expungedAmt: '4.25' })
      .where(eq(benefits.id, expunged.id));

    // A settled day: $30.00 (incentive 20.00 with its fee, then 10.00 from the second source), $15.00 refunded $5.00,
    // $12.00 reversed.
    await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 30));
    const second15 = await call(t, w.terminals.second, 'purchase', purchaseOf(w.card.pan, 15));
    await call(t, w.terminals.second, 'refund', {
      amount: 5,
      original: { trxUuid: second15.trxUuid },
      traceNumber: String(Math.floor(Math.random() * 1e9)),
      terminalDateTime: at('11:00:00'),
    });
    const third = purchaseOf(w.card.pan, 12);
    await call(t, w.terminals.third, 'purchase', third);
    await call(t, w.terminals.third, 'reversal', {
      original: { traceNumber: third.traceNumber, date: '2026-11-23' },
      terminalDateTime: at('12:00:00'),
    });
    const admin = await staff(ROLE.PROGRAM_ADMIN, [w.program]);
    const closed = await t.injectAs(admin, {
      method: 'POST',
      url: '/settlement-api/batches/close',
      payload: { programUuid: w.program.uuid },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    // After the close: $22.00 across both regular sources (not yet settled), a declined purchase (too much).
    t.clock.advance(60_000);
    await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 22));
    expect((await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 5000))).responseCode).not.toBe('00');
    // Another program's money never counts.
    const other = await makeSettlementWorld(t);
    await other.giveBenefit('50.00', { availableDate: '2026-11-23' });
    await call(t, other.terminals.first, 'purchase', purchaseOf(other.card.pan, 9));

    const ranges: [string, string][] = [
      ['2026-01-01', '2026-12-31'],
      ['2026-11-23', '2026-11-23'],
      ['2026-11-01', '2026-11-22'],
      ['2026-11-24', '2026-11-30'],
      ['2026-07-01', '2026-08-31'],
    ];
    const platform = await staff(ROLE.PLATFORM_ADMIN);
    for (const [startDate, endDate] of ranges) {
      for (const token of [admin, platform]) {
        const res = await reconcile(token, { programUuid: w.program.uuid, startDate, endDate });
        expect(res.statusCode, res.body).toBe(200);
        const answer = res.json() as ReconciliationAnswer;
        expect(answer).toMatchObject({ programUuid: w.program.uuid, programName: w.program.name, startDate, endDate });
        expectAnswerToMatch(answer, await expected(w.program.id, startDate, endDate));
      }
    }

    // The worked figures of the whole year, so the reference cannot be wrong the same way as the answer.
    const year = (
      await reconcile(admin, { programUuid: w.program.uuid, startDate: '2026-01-01', endDate: '2026-12-31' })
    ).json() as ReconciliationAnswer;
    expect(year.total).toEqual({
      issuedAmt: 173, // 20 + 100 + 40 + 7 (expired) + 6 (expunged, issued in June); the voided 9 not
      redeemedSettledAmt: 40, // 30 + 15 - 5 + 12 - 12
      redeemedUnsettledAmt: 22,
      feeAmt: 0.5,
      outstandingAmt: 98, // Issued benefits' balances: 20 + 100 + 40 less 30 + 15 - 5 + 22 spent
      expiredAmt: 7,
      expungedAmt: 4.25,
    });
    const secondRow = year.sources.find((s) => s.fundingSourceId === second!.id);
    expect(secondRow?.fundingSourceName).toBe(second!.name);
    expect(fromSecond).toBeDefined();
    t.clock.reset();
  });

  it('refuses other programs (404 like a missing one), a reversed range and callers without the access', async () => {
    const w = await makeSettlementWorld(t);
    const other = await makeSettlementWorld(t);
    const admin = await staff(ROLE.PROGRAM_ADMIN, [w.program]);
    const query = { programUuid: other.program.uuid, startDate: '2026-11-01', endDate: '2026-11-30' };
    const outside = await reconcile(admin, query);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ message: SETTLEMENT_MESSAGES.PROGRAM_NOT_FOUND });
    const missing = await reconcile(admin, { ...query, programUuid: '00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(outside.body).toBe(missing.body);

    const reversed = await reconcile(admin, { ...query, programUuid: w.program.uuid, startDate: '2026-12-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain(SETTLEMENT_MESSAGES.RANGE_REVERSED);
    const tooLong = await reconcile(admin, { ...query, programUuid: w.program.uuid, startDate: '2025-01-01' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain(SETTLEMENT_MESSAGES.RANGE_TOO_LONG);
    const badDate = await reconcile(admin, { ...query, programUuid: w.program.uuid, endDate: '2026-13-45' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.body).toContain(MESSAGES.INVALID_DATE);

    const agency = await staff(ROLE.AGENCY_ADMIN, [w.program]);
    expect((await reconcile(agency, { ...query, programUuid: w.program.uuid })).statusCode).toBe(403);
    expect((await reconcile(null, { ...query, programUuid: w.program.uuid })).statusCode).toBe(401);
  });
});
