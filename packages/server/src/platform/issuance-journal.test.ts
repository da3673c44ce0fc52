import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { benefits } from '../db/schema/index.js';
import { useTestApp } from '../testing/app.js';
import { makePosWorld } from '../testing/pos-world.js';
import { makeAgency } from '../testing/factories.js';

// What the triggers on benefits append to issuance_journal when a benefit changes (decision 0101): the old issuance
// leaves and the new one comes when its program, day, agency, funding source, amount or voided state changes, and
// nothing at all when only its balance does (every purchase's debit).

const t = useTestApp();

async function journalOf(programId: number) {
  const result = await t.database.db.execute(sql`
    select agency_id, day::text as day, amount::text as amount, count from issuance_journal
    where program_id = ${programId} order by id`);
  return (result as unknown as { rows: { agency_id: number; day: string; amount: string; count: number }[] }).rows.map(
    (r) => [Number(r.agency_id), r.day, r.amount, Number(r.count)],
  );
}

describe('the issuance journal on a benefit update', () => {
  it('journals an issuance, a change of amount or agency and a void, and nothing for a debit', async () => {
    const w = await makePosWorld(t);
    const db = t.database.db;
    const benefit = await w.giveBenefit('20.00', { availableDate: '2026-11-01' });
    const a = w.agency.id;
    expect(await journalOf(w.program.id)).toEqual([[a, '2026-11-01', '20.00', 1]]);

    // A debit and a credit, as the engine writes them: balance and updated_at only.
    await db.update(benefits).set({ balance: '12.50', updatedAt: new Date() }).where(eq(benefits.id, benefit.id));
    await db.update(benefits).set({ balance: '13.00' }).where(eq(benefits.id, benefit.id));
    // The same amount written again, as a form that saves every field does.
    await db.update(benefits).set({ amount: '20.00', statusId: 0 }).where(eq(benefits.id, benefit.id));
    expect(await journalOf(w.program.id)).toHaveLength(1);

    await db.update(benefits).set({ amount: '25.00' }).where(eq(benefits.id, benefit.id));
    const other = await makeAgency(db, w.program);
    await db.update(benefits).set({ agencyId: other.id }).where(eq(benefits.id, benefit.id));
    await db.update(benefits).set({ statusId: 3 }).where(eq(benefits.id, benefit.id));
    expect((await journalOf(w.program.id)).slice(1)).toEqual([
      [a, '2026-11-01', '-20.00', -1],
      [a, '2026-11-01', '25.00', 1],
      [a, '2026-11-01', '-25.00', -1],
      [other.id, '2026-11-01', '25.00', 1],
      [other.id, '2026-11-01', '-25.00', -1],
    ]);
    // Summed, what stays issued: nothing (voided).
    const [sum] = (
      (await db.execute(
        sql`select coalesce(sum(amount), 0)::text as amount, coalesce(sum(count), 0)::int as n from issuance_journal where program_id = ${w.program.id}`,
      )) as unknown as { rows: { amount: string; n: number }[] }
    ).rows;
    expect(sum).toEqual({ amount: '0.00', n: 0 });
  });
});
