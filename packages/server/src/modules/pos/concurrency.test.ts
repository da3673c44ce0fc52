import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { benefits, transactions } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { call, makePosWorld, nextTrace, purchaseOf } from '../../testing/pos-world.js';

// Never overdraw, never pass a cap, never write a call twice ("Done when": concurrency), on PGlite
// and, in the server-postgres project, on PostgreSQL with a pool of real connections racing each other.

const t = useTestApp();

describe('the engine under parallel calls', () => {
  it('approves exactly 20 of 50 parallel $1.00 purchases on $20.00 and never goes below zero', async () => {
    const w = await makePosWorld(t);
    const a = await w.giveBenefit('12.00', { expirationDate: '2026-12-01' });
    const b = await w.giveBenefit('8.00', { expirationDate: '2026-12-31' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 1))),
    );
    const codes = answers.map((x) => x.responseCode);
    expect(codes.filter((c) => c === '00')).toHaveLength(20);
    expect(codes.filter((c) => c === '51')).toHaveLength(30);
    const rows = await w.db.select().from(benefits).where(eq(benefits.accountId, w.account.id));
    expect(rows.map((r) => r.balance)).toEqual(['0.00', '0.00']);
    expect([a.id, b.id].sort()).toEqual(rows.map((r) => r.id).sort());
    // Every balance the engine answered was between 0 and 20, and the approved ones step down one dollar at a time.
    const after = answers.filter((x) => x.responseCode === '00').map((x) => x.balanceAfter!);
    expect([...after].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('earns exactly the $10.00 daily cap over 50 parallel purchases', async () => {
    const w = await makePosWorld(t);
    // Regular money expiring before the incentive benefits, so it pays every purchase and each one earns.
    await w.giveBenefit('100.00', { expirationDate: '2026-11-30' });
    await w.enrol({ matchRate: '100.00', accrualMaxDay: '10.00' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 1.5))),
    );
    expect(answers.every((x) => x.responseCode === '00')).toBe(true);
    const earned = answers.reduce((sum, x) => sum + Math.round(x.incentiveEarned * 100), 0);
    expect(earned).toBe(1000);
    const result = await w.db.execute(
      sql`select coalesce(sum(amount), 0)::text as total from benefits where account_id = ${w.account.id} and benefit_type_id = 2`,
    );
    expect((result as unknown as { rows: { total: string }[] }).rows[0]!.total).toBe('10.00');
  });

  it('writes one transaction for 10 parallel copies of one request, and answers each the same', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('20.00');
    const body = purchaseOf(w.card.pan, 3);
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(t, w.terminal, 'purchase', body)));
    expect(new Set(answers.map((x) => JSON.stringify(x))).size).toBe(1);
    const rows = await w.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.accountId, w.account.id), eq(transactions.trxTypeId, 1)));
    expect(rows).toHaveLength(1);
    const [benefit] = await w.db.select().from(benefits).where(eq(benefits.accountId, w.account.id));
    expect(benefit!.balance).toBe('17.00');
  });

  it('lets only one of a refund and a reversal of the same purchase through when they race', async () => {
    const w = await makePosWorld(t);
    const b = await w.giveBenefit('30.00');
    for (let round = 0; round < 5; round++) {
      const body = purchaseOf(w.card.pan, 10);
      const bought = await call(t, w.terminal, 'purchase', body);
      const [refund, reversal] = await Promise.all([
        call(t, w.terminal, 'refund', {
          amount: 10,
          original: { trxUuid: bought.trxUuid },
          traceNumber: nextTrace(),
          terminalDateTime: '2026-11-23T10:00:00-05:00',
        }),
        call(t, w.terminal, 'reversal', {
          original: { traceNumber: body.traceNumber, date: '2026-11-23' },
          terminalDateTime: '2026-11-23T10:00:00-05:00',
        }),
      ]);
      expect([refund.responseCode, reversal.responseCode].filter((c) => c === '00')).toHaveLength(1);
      const [row] = await w.db.select().from(benefits).where(eq(benefits.id, b.id));
      expect(row!.balance).toBe('30.00');
    }
  });
});
