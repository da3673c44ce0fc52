import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.js';
import { call, inquiryOf, makePosWorld, purchaseOf } from '../../testing/pos-world.js';

// The engine's prepared statements are planned once per connection, not on every call (docs/transaction-engine.md
// "Cost"): PostgreSQL settles on a statement's generic plan after five custom ones unless the generic plan costs more,
// as it does for a parameter that is an array. A purchase re-planned each time spent about a millisecond more of
// database CPU (call.ts `oneHashText`). PostgreSQL only: pg_prepared_statements counts the plans of the session.
// Sequential calls take the pool's most recently released connection back (pg-pool's idle list is a stack), so the
// statements read here are those of the connection that served the calls.

const t = useTestApp();

describe.runIf(process.env.TEST_DATABASE === 'postgres')('the engine statements', () => {
  it('settle on their generic plans after a few calls', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('500.00');
    for (let i = 0; i < 10; i++) {
      await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 1));
      await call(t, w.terminal, 'balance-inquiry', inquiryOf(w.card.pan));
    }
    const { rows } = await t.database.pool!.query<{ name: string; generic_plans: string; custom_plans: string }>(
      `select name, generic_plans, custom_plans from pg_prepared_statements where name like 'pos_%' order by name`,
    );
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['pos_call_facts_funds', 'pos_write_call']));
    for (const row of rows)
      expect({ name: row.name, customPlans: Number(row.custom_plans) }).toEqual({
        name: row.name,
        customPlans: Math.min(5, Number(row.generic_plans) + Number(row.custom_plans)),
      });
  });
});
