import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.js';
import { call, makePosWorld, nextTrace, purchaseOf } from '../../testing/pos-world.js';
import { rebuildDashboardTotals } from '../dashboard/index.js';

// The engine keeps the dashboard's daily roll-ups in step in each call's own transaction (decision 0053): after
// purchases, accruals, refunds with clawbacks and reversals, the running totals equal a rebuild from the records.

const t = useTestApp();

const TABLES = [
  'dashboard_issuance_days',
  'dashboard_redemption_days',
  'dashboard_merchant_days',
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
    const running = await snapshot(w.db);
    expect(running.dashboard_redemption_days!.length).toBeGreaterThan(0);
    await rebuildDashboardTotals(w.db);
    expect(await snapshot(w.db)).toEqual(running);
  });
});
