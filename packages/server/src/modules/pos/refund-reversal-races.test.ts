import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TRANSACTION_TYPE } from '../../db/reference-data.js';
import { benefits, transactionBenefits, transactions } from '../../db/schema/index.js';
import { hasSqlState } from '../../platform/errors.js';
import { useTestApp } from '../../testing/app.js';
import {
  balanceOf,
  call,
  makePosWorld,
  nextTrace,
  purchaseOf,
  refundOf,
  reversalOf,
  transactionCount,
  callFactsOf,
  moneyVersionOf,
  writeContext,
} from '../../testing/pos-world.js';
import { FUNDS_CHANGED_SQLSTATE, writeCall, type BenefitState } from './call-write.js';
import { baseRecord } from './flow.js';

// Refunds and reversals plan from what they read without a lock and write once, guarded (flow.ts `plannedCall`,
// decision 0102's pattern): parallel calls of one card never move more than they may, a write that finds what it read
// changed writes nothing, and after three such losses the call takes the account's lock and still writes exactly.

const t = useTestApp();

type World = Awaited<ReturnType<typeof makePosWorld>>;

async function rowOf(w: World, uuid: string) {
  const [row] = await w.db.select().from(transactions).where(eq(transactions.uuid, uuid));
  return row!;
}

describe('refunds and reversals racing', () => {
  it('never refunds more than was settled: 10 parallel $3.00 refunds of a $10.00 purchase', async () => {
    const w = await makePosWorld(t);
    const b = await w.giveBenefit('30.00');
    const purchase = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 10));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(t, w.terminal, 'refund', refundOf({ trxUuid: purchase.trxUuid }, 3))),
    );
    const approved = answers.filter((a) => a.responseCode === '00');
    expect(approved).toHaveLength(3);
    expect(answers.filter((a) => a.responseCode === '13')).toHaveLength(7);
    expect(await balanceOf(w.db, b.id)).toBe('29.00');
    // Each approved refund saw the ones before it: the balances step up three dollars at a time.
    expect(approved.map((a) => a.balanceAfter).sort()).toEqual([23, 26, 29]);
    const rows = await w.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.originalId, (await rowOf(w, purchase.trxUuid!)).id), eq(transactions.respCodeId, 1)));
    expect(rows.map((r) => r.settleAmt)).toEqual(['3.00', '3.00', '3.00']);
  });

  it('writes one reversal for 10 parallel copies, answers each the same, and takes the incentive back once', async () => {
    const w = await makePosWorld(t);
    const b = await w.giveBenefit('30.00');
    await w.enrol({ matchRate: '50.00' });
    const body = purchaseOf(w.card.pan, 10);
    const purchase = await call(t, w.terminal, 'purchase', body);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(
          t,
          w.terminal,
          'reversal',
          reversalOf(i % 2 ? { trxUuid: purchase.trxUuid } : { traceNumber: body.traceNumber, date: '2026-11-23' }),
        ),
      ),
    );
    expect(answers[0]).toMatchObject({ responseCode: '00', approvedAmount: 10, incentiveTakenBack: 5 });
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await balanceOf(w.db, b.id)).toBe('30.00');
    const [bonus] = await w.db.select().from(benefits).where(eq(benefits.uuid, purchase.incentives[0]!.benefitUuid));
    expect(bonus!.balance).toBe('0.00');
    const reversals = await w.db
      .select()
      .from(transactions)
      .where(eq(transactions.reversalOfId, (await rowOf(w, purchase.trxUuid!)).id));
    expect(reversals).toHaveLength(1);
  });
});

/**
 * Makes the first `count` writes of refunds and reversals of the account fail as a write whose reads changed does
 * (SQLSTATE 40001), from a trigger: a sequence counts the attempts, as nothing of a failed statement stays.
 */
async function loseRaces(w: World, count: number) {
  await w.db.execute(sql.raw(`create sequence if not exists test_lost_races`));
  await w.db.execute(sql.raw(`select setval('test_lost_races', 1, false)`));
  await w.db.execute(
    sql.raw(`create or replace function test_lose_race() returns trigger language plpgsql as $$
    begin
      if nextval('test_lost_races') <= ${count} then
        raise exception 'lost the race' using errcode = '40001';
      end if;
      return new;
    end $$`),
  );
  await w.db.execute(sql.raw(`drop trigger if exists test_lose_race on transactions`));
  await w.db.execute(
    sql.raw(`create trigger test_lose_race before insert on transactions for each row
      when (new.trx_type_id in (2, 4, 5) and new.account_id = ${w.account.id}) execute function test_lose_race()`),
  );
  return async () => {
    const result = await w.db.execute(sql.raw(`select last_value::int as n from test_lost_races`));
    await w.db.execute(sql.raw(`drop trigger test_lose_race on transactions`));
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
  };
}

describe('a refund or reversal that keeps losing the race', () => {
  it("takes the account's lock after three losses and writes exactly what it would have", async () => {
    const w = await makePosWorld(t);
    const b = await w.giveBenefit('30.00');
    await w.enrol({ matchRate: '50.00' });
    const purchase = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 10));

    let done = await loseRaces(w, 3);
    let before = await moneyVersionOf(w.db, w.account.id);
    const refundBody = refundOf({ trxUuid: purchase.trxUuid }, 4);
    const refund = await call(t, w.terminal, 'refund', refundBody);
    // Three writes lost, the fourth under the lock.
    expect(await done()).toBe(4);
    expect(refund).toMatchObject({ responseCode: '00', approvedAmount: 4, balanceAfter: 27, incentiveTakenBack: 2 });
    // The lock and the write each bump the version; the lost writes left nothing.
    expect(await moneyVersionOf(w.db, w.account.id)).toBe(before + 2);
    expect(await balanceOf(w.db, b.id)).toBe('24.00');
    expect(await call(t, w.terminal, 'refund', refundBody)).toEqual(refund);

    done = await loseRaces(w, 3);
    before = await moneyVersionOf(w.db, w.account.id);
    const reversal = await call(
      t,
      w.terminal,
      'reversal',
      reversalOf({ traceNumber: refundBody.traceNumber, date: '2026-11-23' }),
    );
    expect(await done()).toBe(4);
    expect(reversal).toMatchObject({ responseCode: '00', transactionTypeId: 5, balanceAfter: 25, incentiveEarned: 2 });
    expect(await moneyVersionOf(w.db, w.account.id)).toBe(before + 2);
    expect(await balanceOf(w.db, b.id)).toBe('20.00');
    expect(await call(t, w.terminal, 'reversal', reversalOf({ trxUuid: refund.trxUuid }))).toEqual(reversal);
    const rows = await w.db
      .select()
      .from(transactions)
      .where(eq(transactions.accountId, w.account.id))
      .orderBy(transactions.id);
    // The purchase and its accrual, the refund and its clawback, the reversal and its restoration: nothing twice.
    expect(rows.map((r) => [r.trxTypeId, r.settleAmt])).toEqual([
      [1, '10.00'],
      [6, '5.00'],
      [2, '4.00'],
      [7, '2.00'],
      [5, '4.00'],
      [6, '2.00'],
    ]);
  });

  it('answers a copy racing it with the first answer when the copy won while it was losing', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('30.00');
    const purchase = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 10));
    const body = refundOf({ trxUuid: purchase.trxUuid }, 4);
    const done = await loseRaces(w, 1);
    const answers = await Promise.all([call(t, w.terminal, 'refund', body), call(t, w.terminal, 'refund', body)]);
    await done();
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({ responseCode: '00', approvedAmount: 4 });
    const refunds = await w.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.accountId, w.account.id), eq(transactions.trxTypeId, TRANSACTION_TYPE.REFUND)));
    expect(refunds).toHaveLength(1);
  });
});

const ctx = writeContext('refund-guard-test');

/** A refund's write as the engine makes it, planned from `read`: $3.00 back to `benefitId`. */
async function setUp() {
  const w = await makePosWorld(t);
  const benefit = await w.giveBenefit('10.00');
  const facts = callFactsOf(w);
  const read: BenefitState = {
    balanceCents: 1000,
    statusId: 0,
    availableDate: '2026-01-01',
    expirationDate: '2026-12-31',
  };
  const own = () => ({
    ...baseRecord(
      facts,
      { traceNumber: nextTrace(), traceDay: '2026-11-23' },
      new Date(),
      TRANSACTION_TYPE.REFUND,
      300,
    ),
    settleCents: 300,
    startBalanceCents: 1000,
    endBalanceCents: 1300,
  });
  /** The write, guarded by the money version as it is now: only what the test changes can refuse it. */
  const write = async (options: { reverses?: number; moves?: false } = {}) => {
    const row = own();
    return writeCall(w.db, ctx, {
      guard: { accountId: w.account.id, moneyVersion: await moneyVersionOf(w.db, w.account.id) },
      records: [row],
      moves:
        options.moves === false
          ? []
          : [{ trxUuid: row.uuid, benefitId: benefit.id, deltaCents: 300, amountCents: 300, unchanged: read }],
      newBenefits: [],
      audit: { action: 'pos_refund', entity: 'transaction', entityId: row.uuid },
      notices: [],
      reverses: options.reverses,
    });
  };
  return { w, benefit, write };
}

async function refused(write: Promise<unknown>) {
  const error = await write.then(
    () => null,
    (e: unknown) => e,
  );
  expect(hasSqlState(error, FUNDS_CHANGED_SQLSTATE)).toBe(true);
}

describe("a refund's or reversal's write planned from what it read", () => {
  it('credits when the benefit is as read', async () => {
    const { w, benefit, write } = await setUp();
    await write();
    expect(await balanceOf(w.db, benefit.id)).toBe('13.00');
  });

  it('writes nothing when staff changed a benefit it moves: its balance, status or dates', async () => {
    for (const change of [
      { balance: '9.00' },
      { statusId: 1 },
      { expirationDate: '2026-12-30' },
      { availableDate: '2026-01-02' },
    ] as const) {
      const { w, benefit, write } = await setUp();
      await w.db.update(benefits).set(change).where(eq(benefits.id, benefit.id));
      const before = await transactionCount(w.db);
      await refused(write());
      expect(await transactionCount(w.db)).toBe(before);
      expect(await balanceOf(w.db, benefit.id)).toBe(change.balance ?? '10.00');
    }
  });

  it('marks the original of a reversal, and writes nothing when it was reversed meanwhile', async () => {
    const { w, write } = await setUp();
    const purchase = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 1));
    const original = await rowOf(w, purchase.trxUuid!);
    await write({ reverses: original.id, moves: false });
    expect((await rowOf(w, purchase.trxUuid!)).reversedAt).not.toBeNull();
    const before = await transactionCount(w.db);
    await refused(write({ reverses: original.id, moves: false }));
    expect(await transactionCount(w.db)).toBe(before);
  });

  it('issues a replacement benefit holding its part, named by its uuid', async () => {
    const { w, benefit } = await setUp();
    const purchase = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 4));
    await w.db.update(benefits).set({ statusId: 3 }).where(eq(benefits.id, benefit.id)); // voided
    const refund = await call(t, w.terminal, 'refund', refundOf({ trxUuid: purchase.trxUuid }, 4));
    expect(refund).toMatchObject({ responseCode: '00', balanceAfter: 4 });
    const [line] = await w.db
      .select()
      .from(transactionBenefits)
      .where(eq(transactionBenefits.transactionId, (await rowOf(w, refund.trxUuid!)).id));
    expect(line).toMatchObject({ amount: '4.00', originalBenefitId: benefit.id });
    const [fresh] = await w.db.select().from(benefits).where(eq(benefits.id, line!.benefitId));
    expect(fresh).toMatchObject({ amount: '4.00', balance: '4.00', statusId: 0, creationChannel: 'POS' });
    expect(refund.benefits).toEqual([
      { benefitUuid: fresh!.uuid, authorizationNumber: fresh!.authorizationNumber, benefitTypeId: 1, amount: 4 },
    ]);
  });
});
