import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client.js';
import { foldAllIssuanceJournal } from '../../platform/issuance-totals.js';
import { useTestApp } from '../../testing/app.js';
import { call, makePosWorld, purchaseOf } from '../../testing/pos-world.js';
import { foldAllPendingTotals, rebuildDashboardTotals } from '../dashboard/index.js';

// The roll-ups the dashboard and the funding checks read are never a row every purchase waits on (decision 0101):
// purchases that earn incentives in three programs race while folds run beside them, and once folded the roll-ups
// equal a recount from the benefits and transactions to the cent. On PGlite and, in the server-postgres project, on
// PostgreSQL with a pool of real connections racing each other.

const t = useTestApp();

const rows = async (db: DbOrTx, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** Every issuance and redemption roll-up row, in a fixed order. */
const rollups = (db: DbOrTx) =>
  rows(
    db,
    sql`select 'total' as kind, program_id, funding_source_id, agency_id, null as day, issued_amount::text as amount,
          issued_count as n from benefit_issuance_totals where issued_count <> 0 or issued_amount <> 0
        union all
        select 'day', program_id, funding_source_id, agency_id, day::text, issued_amount::text, issued_count
          from dashboard_issuance_days where issued_count <> 0 or issued_amount <> 0
        union all
        select 'redeemed', program_id, funding_source_id, agency_id, day::text, redeemed_amount::text, 0
          from dashboard_redemption_days
        order by 1, 2, 3, 4, 5`,
  );

describe('purchases that earn incentives, racing across programs', () => {
  it('share no roll-up row: 200 parallel purchases on 20 cards of 3 programs fold to the recount, to the cent', async () => {
    const db = t.database.db;
    const worlds = await Promise.all([makePosWorld(t), makePosWorld(t), makePosWorld(t)]);
    const cards: { terminal: (typeof worlds)[number]['terminal']; pan: string }[] = [];
    for (const [i, w] of worlds.entries()) {
      const incentive = await w.enrol({ matchRate: '50.00' });
      for (let c = 0; c < (i === 0 ? 8 : 6); c++)
        cards.push({ terminal: w.terminal, pan: await w.earningCard(incentive) });
    }
    expect(cards).toHaveLength(20);
    // The issuance of the benefits given above, folded before the race: what follows is the engine's alone.
    await foldAllIssuanceJournal(db);

    let racing = true;
    const folds = (async () => {
      let folded = 0;
      while (racing) {
        folded += await foldAllPendingTotals(db);
        // A timer between folds, as the job's schedule has: PGlite answers within microtasks, and a loop of them alone
        // would never let the purchases' requests run.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return folded;
    })();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const card = cards[i % cards.length]!;
        return call(t, card.terminal, 'purchase', purchaseOf(card.pan, Number((1 + (i % 7) * 0.37).toFixed(2))));
      }),
    ).finally(() => (racing = false));
    await folds;
    expect(answers.every((a) => a.responseCode === '00')).toBe(true);
    expect(answers.every((a) => a.incentiveEarned > 0)).toBe(true);
    await foldAllPendingTotals(db);

    // Nothing left to fold, no balance below zero.
    expect(await rows(db, sql`select count(*)::int as n from issuance_journal`)).toEqual([{ n: 0 }]);
    expect(await rows(db, sql`select count(*)::int as n from dashboard_pending_transactions`)).toEqual([{ n: 0 }]);
    expect(await rows(db, sql`select count(*)::int as n from benefits where balance < 0`)).toEqual([{ n: 0 }]);

    // The incentives issued equal the accruals written, to the cent, per program.
    const programIds = worlds.map((w) => w.program.id);
    const issuedVsAccrued = await rows(
      db,
      sql`select p.id,
            (select coalesce(sum(amount), 0)::text from benefits b
              where b.program_id = p.id and b.benefit_type_id = 2) as incentives,
            (select coalesce(sum(settle_amt), 0)::text from transactions x
              where x.program_id = p.id and x.trx_type_id = 6 and x.resp_code_id = 1) as accrued,
            (select coalesce(sum(issued_amount), 0)::text from benefit_issuance_totals s where s.program_id = p.id)
              as rolled_up,
            (select coalesce(sum(amount), 0)::text from benefits b where b.program_id = p.id and b.status_id <> 3)
              as issued
          from programs p where p.id = any(${`{${programIds.join(',')}}`}::int[]) order by p.id`,
    );
    const earned = Math.round(answers.reduce((sum, a) => sum + a.incentiveEarned * 100, 0));
    const incentiveCents = issuedVsAccrued.reduce((sum, r) => sum + Math.round(Number(r.incentives) * 100), 0);
    expect(incentiveCents).toBe(earned);
    for (const r of issuedVsAccrued) {
      expect(r.incentives).toBe(r.accrued);
      expect(r.rolled_up).toBe(r.issued);
    }

    // Every roll-up equals a recount from the benefits and transactions.
    const running = await rollups(db);
    await rebuildDashboardTotals(db);
    expect(await rollups(db)).toEqual(running);
  });
});
