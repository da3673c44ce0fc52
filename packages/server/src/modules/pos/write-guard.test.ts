import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client.js';
import { TRANSACTION_TYPE } from '../../db/reference-data.js';
import { benefits } from '../../db/schema/index.js';
import { hasSqlState } from '../../platform/errors.js';
import { useTestApp } from '../../testing/app.js';
import {
  balanceOf,
  callFactsOf,
  makePosWorld,
  moneyVersionOf,
  nextTrace,
  transactionCount,
  writeContext,
} from '../../testing/pos-world.js';
import { FUNDS_CHANGED_SQLSTATE, writeCall, type MoneyGuard } from './call-write.js';
import { baseRecord } from './flow.js';

// The write of a purchase planned from funds read without a lock (decision 0102): it commits only if the account's
// money version and each debited benefit are still as read; otherwise nothing of it is written and the engine is told
// to read again (SQLSTATE 40001). The parallel calls of concurrency.test.ts race through it end to end.

const t = useTestApp();
const ctx = writeContext('guard-test');

/** The transaction that last wrote the account's own row (its xmin). */
async function rowVersionOf(db: DbOrTx, accountId: number) {
  const result = await db.execute(sql`select xmin::text as x from recipient_accounts where id = ${accountId}`);
  return (result as unknown as { rows: { x: string }[] }).rows[0]!.x;
}

/** Another engine call of the account moving money meanwhile, as lockFunds bumps the version. */
const bump = (db: DbOrTx, accountId: number, by = 1) =>
  db.execute(sql`insert into account_money_versions as v (account_id, version) values (${accountId}, ${by})
    on conflict (account_id) do update set version = v.version + ${by}`);

async function setUp() {
  const w = await makePosWorld(t);
  const benefit = await w.giveBenefit('10.00');
  const facts = callFactsOf(w);
  const read = await moneyVersionOf(w.db, w.account.id);
  /** A $3.00 purchase planned from the $10.00 read, written under `guard`. */
  const write = (guard: MoneyGuard) => {
    const own = {
      ...baseRecord(
        facts,
        { traceNumber: nextTrace(), traceDay: '2026-11-23' },
        new Date(),
        TRANSACTION_TYPE.PURCHASE,
        300,
      ),
      settleCents: 300,
      startBalanceCents: 1000,
      endBalanceCents: 700,
    };
    return writeCall(w.db, ctx, {
      guard,
      records: [own],
      moves: [
        {
          trxUuid: own.uuid,
          benefitId: benefit.id,
          deltaCents: -300,
          amountCents: 300,
          expected: { balanceCents: 1000, day: '2026-11-23' },
        },
      ],
      newBenefits: [],
      audit: { action: 'pos_purchase', entity: 'transaction', entityId: own.uuid },
      notices: [],
    });
  };
  return { w, benefit, read, write };
}

async function refused(write: Promise<unknown>) {
  const error = await write.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).not.toBeNull();
  expect(hasSqlState(error, FUNDS_CHANGED_SQLSTATE)).toBe(true);
}

describe("a purchase's write planned from funds read before it", () => {
  it('debits and bumps the money version when nothing changed since the read', async () => {
    const { w, benefit, read, write } = await setUp();
    const before = await transactionCount(w.db);
    await write({ accountId: w.account.id, moneyVersion: read });
    expect(await balanceOf(w.db, benefit.id)).toBe('7.00');
    expect(await moneyVersionOf(w.db, w.account.id)).toBe(read + 1);
    expect(await transactionCount(w.db)).toBe(before + 1);
  });

  it("makes the account's version row with its first money move, and refuses a second write planned before it", async () => {
    const { w, benefit, read, write } = await setUp();
    expect(read).toBe(0);
    const accountBefore = await rowVersionOf(w.db, w.account.id);
    await write({ accountId: w.account.id, moneyVersion: 0 });
    expect(await moneyVersionOf(w.db, w.account.id)).toBe(1);
    await refused(write({ accountId: w.account.id, moneyVersion: 0 }));
    expect(await balanceOf(w.db, benefit.id)).toBe('7.00');
    // The bump is the version row's alone: the account's own row is not written.
    expect(await rowVersionOf(w.db, w.account.id)).toBe(accountBefore);
  });

  it('writes nothing when another call of the account moved money after the read', async () => {
    const { w, benefit, read, write } = await setUp();
    await bump(w.db, w.account.id);
    const before = await transactionCount(w.db);
    await refused(write({ accountId: w.account.id, moneyVersion: read }));
    expect(await balanceOf(w.db, benefit.id)).toBe('10.00');
    expect(await moneyVersionOf(w.db, w.account.id)).toBe(read + 1);
    expect(await transactionCount(w.db)).toBe(before);
  });

  it('writes nothing when staff changed a debited benefit after the read: its balance, its status or its dates', async () => {
    for (const change of [{ balance: '9.00' }, { statusId: 3 }, { expirationDate: '2026-11-22' }] as const) {
      const { w, benefit, read, write } = await setUp();
      await w.db.update(benefits).set(change).where(eq(benefits.id, benefit.id));
      const before = await transactionCount(w.db);
      await refused(write({ accountId: w.account.id, moneyVersion: read }));
      const [row] = await w.db.select().from(benefits).where(eq(benefits.id, benefit.id));
      expect(row!.balance).toBe(change.balance ?? '10.00');
      expect(await moneyVersionOf(w.db, w.account.id)).toBe(read);
      expect(await transactionCount(w.db)).toBe(before);
    }
  });

  it('without an expected version (the locked path) writes and bumps the version whatever it was', async () => {
    const { w, benefit, read, write } = await setUp();
    await bump(w.db, w.account.id, 5);
    await write({ accountId: w.account.id, moneyVersion: null });
    expect(await balanceOf(w.db, benefit.id)).toBe('7.00');
    expect(await moneyVersionOf(w.db, w.account.id)).toBe(read + 6);
  });
});
