import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { merchantPrograms, merchants } from '../../db/schema/index.js';
import { createTestDatabase } from '../../testing/database.js';
import { makeProgram } from '../../testing/factories.js';
import { makeMerchant } from '../../testing/merchants.js';

// merchants.program_ids follows merchant_programs through the triggers of migration 0010 (decision 0026): the staff
// merchant search scopes on it, so a mapping the array missed would hide a merchant from its program's staff.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function programIdsOf(merchantId: number) {
  const [row] = await database.db
    .select({ programIds: merchants.programIds })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return [...(row?.programIds ?? [])].sort((a, b) => a - b);
}

describe('merchants.program_ids', () => {
  it('gains a program when mapped, in one statement for many merchants, and loses it when the mapping goes', async () => {
    const { db } = database;
    const [a, b] = [await makeProgram(db), await makeProgram(db)];
    const one = await makeMerchant(db, { programs: [a] });
    const two = await makeMerchant(db, { programs: [] });
    expect(await programIdsOf(one.id)).toEqual([a.id]);
    expect(await programIdsOf(two.id)).toEqual([]);

    await db.insert(merchantPrograms).values([
      { merchantId: one.id, programId: b.id },
      { merchantId: two.id, programId: a.id },
      { merchantId: two.id, programId: b.id },
    ]);
    expect(await programIdsOf(one.id)).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect(await programIdsOf(two.id)).toEqual([a.id, b.id].sort((x, y) => x - y));

    // A status change (the mapping toggle) keeps the program: staff still see an inactive mapping's merchant.
    await db.update(merchantPrograms).set({ statusId: 1 }).where(eq(merchantPrograms.merchantId, one.id));
    expect(await programIdsOf(one.id)).toEqual([a.id, b.id].sort((x, y) => x - y));

    await db.delete(merchantPrograms).where(eq(merchantPrograms.programId, a.id));
    expect(await programIdsOf(one.id)).toEqual([b.id]);
    expect(await programIdsOf(two.id)).toEqual([b.id]);
  });

  it('follows a mapping moved to another program or merchant', async () => {
    const { db } = database;
    const [a, b] = [await makeProgram(db), await makeProgram(db)];
    const one = await makeMerchant(db, { programs: [a] });
    const two = await makeMerchant(db, { programs: [] });
    await db.update(merchantPrograms).set({ programId: b.id }).where(eq(merchantPrograms.merchantId, one.id));
    expect(await programIdsOf(one.id)).toEqual([b.id]);
    await db.update(merchantPrograms).set({ merchantId: two.id }).where(eq(merchantPrograms.merchantId, one.id));
    expect(await programIdsOf(one.id)).toEqual([]);
    expect(await programIdsOf(two.id)).toEqual([b.id]);
  });

  it('leaves a merchant whose array already holds the program unchanged (the import writes both)', async () => {
    const { db } = database;
    const a = await makeProgram(db);
    const one = await makeMerchant(db, { programs: [], programIds: [a.id] });
    const before = await db.execute(sql`select xmin::text as v from merchants where id = ${one.id}`);
    await db.insert(merchantPrograms).values({ merchantId: one.id, programId: a.id });
    const after = await db.execute(sql`select xmin::text as v from merchants where id = ${one.id}`);
    expect(await programIdsOf(one.id)).toEqual([a.id]);
    // No new row version: the trigger's UPDATE matched nothing.
    expect((after as unknown as { rows: { v: string }[] }).rows[0]!.v).toBe(
      (before as unknown as { rows: { v: string }[] }).rows[0]!.v,
    );
  });

  // Two mappings of one merchant written by two transactions at once: the second trigger waits for the first's row
  // lock, then applies its id to the row as the first left it. Both ids arrive.
  it.skipIf(process.env.TEST_DATABASE !== 'postgres')('keeps both of two mappings written at once', async () => {
    const { db } = database;
    const [a, b] = [await makeProgram(db), await makeProgram(db)];
    const merchant = await makeMerchant(db, { programs: [] });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let mapped!: () => void;
    const firstMapped = new Promise<void>((resolve) => (mapped = resolve));
    const first = db.transaction(async (tx) => {
      await tx.insert(merchantPrograms).values({ merchantId: merchant.id, programId: a.id });
      mapped();
      await released;
    });
    await firstMapped;
    const second = db.transaction(async (tx) => {
      await tx.insert(merchantPrograms).values({ merchantId: merchant.id, programId: b.id });
    });
    // Let the second reach the merchant row and wait on it before the first commits.
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await Promise.all([first, second]);
    expect(await programIdsOf(merchant.id)).toEqual([a.id, b.id].sort((x, y) => x - y));
  });
});
