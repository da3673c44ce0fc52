import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client.js';
import { useTestApp } from '../../testing/app.js';
import { call, makePosWorld, purchaseOf, refundOf, reversalOf } from '../../testing/pos-world.js';

// A purchase, refund or reversal touches only rows of its own card, benefits, enrolment and the transactions it writes
// (decision 0123). Every purchase of a market names the same program, agency, merchant, incentive, funding source, type
// and response code; a foreign key's check would lock each of them FOR KEY SHARE, which writes the row's xmax (a
// MultiXact once two purchases hold it). So their xmax is read before and after parallel calls that earn incentives,
// and must not have moved. On PGlite and, in the server-postgres project, on PostgreSQL with racing connections.

const t = useTestApp();

const rows = async (db: DbOrTx, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** The xmax of every row the calls below name but do not own, each labelled by its table and id. */
function sharedRowLocks(db: DbOrTx, ids: { program: number; agency: number; merchant: number; funding: number }) {
  return rows(
    db,
    sql`select 'program ' || id as row, xmax::text from programs where id = ${ids.program}
        union all select 'agency ' || id, xmax::text from agencies where id = ${ids.agency}
        union all select 'merchant ' || id, xmax::text from merchants where id = ${ids.merchant}
        union all select 'funding source ' || id, xmax::text from funding_sources where id = ${ids.funding}
        union all select 'incentive ' || id, xmax::text from incentives where program_id = ${ids.program}
        union all select 'type ' || id, xmax::text from transaction_types
        union all select 'response code ' || id, xmax::text from response_codes
        order by 1`,
  );
}

describe('the rows every purchase of a market names', () => {
  it('are not locked by parallel purchases, refunds and reversals that earn incentives', async () => {
    const db = t.database.db;
    const w = await makePosWorld(t);
    const incentive = await w.enrol({ matchRate: '50.00' });
    const cards: string[] = [];
    for (let c = 0; c < 6; c++) cards.push(await w.earningCard(incentive));
    const ids = { program: w.program.id, agency: w.agency.id, merchant: w.merchant.id, funding: w.funding.id };
    const before = await sharedRowLocks(db, ids);
    expect(before.length).toBeGreaterThan(20);

    const purchases = await Promise.all(
      Array.from({ length: 24 }, (_, i) => call(t, w.terminal, 'purchase', purchaseOf(cards[i % cards.length]!, 2))),
    );
    expect(purchases.every((p) => p.responseCode === '00' && p.incentiveEarned > 0)).toBe(true);
    const undone = await Promise.all([
      ...purchases.slice(0, 4).map((p) => call(t, w.terminal, 'refund', refundOf({ trxUuid: p.trxUuid }, 1))),
      ...purchases.slice(4, 8).map((p) => call(t, w.terminal, 'reversal', reversalOf({ trxUuid: p.trxUuid }))),
    ]);
    expect(undone.every((a) => a.responseCode === '00')).toBe(true);

    expect(await sharedRowLocks(db, ids)).toEqual(before);
    // The calls did write: their transactions name those rows (purchases, accruals, refunds, reversals, clawbacks).
    const [written] = await rows(
      db,
      sql`select count(*)::int as n from transactions
          where program_id = ${w.program.id} and merchant_id = ${w.merchant.id} and agency_id = ${w.agency.id}`,
    );
    expect(written!.n).toBeGreaterThanOrEqual(24 * 2 + 8);
  });
});
