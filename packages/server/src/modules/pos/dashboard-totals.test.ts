import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { foldAllIssuanceJournal } from '../../platform/issuance-totals.js';
import { useTestApp } from '../../testing/app.js';
import { call, makePosWorld, nextTrace, purchaseOf } from '../../testing/pos-world.js';
import { foldAllPendingTotals, foldPendingTotals, rebuildDashboardTotals } from '../dashboard/index.js';

// The engine queues each call's rows for the dashboard's daily roll-ups in the call's own transaction and the fold
// job adds them (decisions 0053, 0066): after purchases, accruals, refunds with clawbacks and reversals, and a fold,
// the running totals equal a rebuild from the records, and each transaction was added once.

const t = useTestApp();

const TABLES = [
  'dashboard_issuance_days',
  'dashboard_redemption_days',
  'dashboard_merchant_days',
  'dashboard_merchant_months',
  'dashboard_program_merchant_months',
  'dashboard_program_merchant_days',
  'dashboard_agency_merchant_days',
  'dashboard_agency_merchant_months',
  'dashboard_recipient_days',
];

async function snapshot(db: ReturnType<typeof useTestApp>['database']['db']) {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const result = await db.execute(sql.raw(`select * from ${table}`));
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => {
      const { id: _id, updated_at: _u, ...rest } = r;
      return JSON.stringify(rest);
    });
    out[table] = rows.sort();
  }
  return out;
}

async function pendingCount(db: ReturnType<typeof useTestApp>['database']['db']) {
  const result = await db.execute(sql`select count(*)::int as n from dashboard_pending_transactions`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe('the engine and the dashboard roll-ups', () => {
  it('leaves running totals equal to a rebuild after purchases, accruals, refunds and reversals', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('200.00', { expirationDate: '2026-11-30' });
    await w.enrol({ matchRate: '20.00' });
    const first = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 25));
    const second = purchaseOf(w.card.pan, 10);
    await call(t, w.terminal, 'purchase', second);
    await call(t, w.terminal, 'refund', {
      amount: 5,
      original: { trxUuid: first.trxUuid },
      traceNumber: nextTrace(),
      terminalDateTime: '2026-11-23T11:00:00-05:00',
    });
    await call(t, w.terminal, 'reversal', {
      original: { traceNumber: second.traceNumber, date: '2026-11-23' },
      terminalDateTime: '2026-11-23T11:00:00-05:00',
    });
    await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 9999)); // declined
    // Nothing is added before the fold: the calls only queued their rows (every row of every call, declines too).
    expect((await snapshot(w.db)).dashboard_redemption_days).toEqual([]);
    const queued = await pendingCount(w.db);
    expect(queued).toBeGreaterThanOrEqual(5);
    expect(await foldAllPendingTotals(w.db)).toBe(queued);
    expect(await pendingCount(w.db)).toBe(0);
    expect(await foldAllPendingTotals(w.db)).toBe(0); // a second fold adds nothing
    const running = await snapshot(w.db);
    expect(running.dashboard_redemption_days!.length).toBeGreaterThan(0);
    await rebuildDashboardTotals(w.db);
    expect(await snapshot(w.db)).toEqual(running);
  });

  it.skipIf(process.env.TEST_DATABASE !== 'postgres')(
    'folds each queued transaction once when several folds run at once (PostgreSQL)',
    async () => {
      const w = await makePosWorld(t);
      await w.giveBenefit('500.00', { expirationDate: '2026-11-30' });
      for (let i = 0; i < 12; i++) await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 1));
      const queued = await pendingCount(w.db);
      // Six folds of two rows at a time, racing: SKIP LOCKED hands each row to one of them.
      const counts = await Promise.all(
        Array.from({ length: 6 }, async () => {
          let n = 0;
          for (;;) {
            const took = await foldPendingTotals(w.db, 2);
            if (took === 0) return n;
            n += took;
          }
        }),
      );
      expect(counts.reduce((a, b) => a + b, 0)).toBe(queued);
      // The benefit given above reaches the issuance roll-up through its journal (decision 0101).
      await foldAllIssuanceJournal(w.db);
      const running = await snapshot(w.db);
      await rebuildDashboardTotals(w.db);
      expect(await snapshot(w.db)).toEqual(running);
    },
  );
});
