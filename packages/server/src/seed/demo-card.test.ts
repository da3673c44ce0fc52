import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_CARD_PIN, DEMO_TERMINAL } from './model.js';
import { useDemoApp } from '../testing/demo-app.js';

// The demo card at the demo terminal (README "Demo", docs/transaction-engine.md "The command-line client"): its
// program asks for the PIN, recipient01's documented PIN pays, and the demo history, replayed through the engine's
// rules with each card's own PIN (decision 0079), holds no PIN decline.

const demo = useDemoApp();
const DEMO_PAN = '9001000021000000013';

const inquiry = (pin: string | undefined, traceNumber: string) =>
  demo.app.inject({
    method: 'POST',
    url: '/transaction-api/pos/balance-inquiry',
    headers: {
      authorization: `Basic ${Buffer.from(`${DEMO_TERMINAL.terminalId}:${DEMO_TERMINAL.secret}`).toString('base64')}`,
    },
    payload: { pan: DEMO_PAN, pin, traceNumber, terminalDateTime: new Date().toISOString() },
  });

describe('the demo card', () => {
  it('asks for its PIN, takes the documented one, and the demo history holds no PIN decline', async () => {
    const trace = `DEMO-${Date.now().toString(36)}`;
    expect((await inquiry(undefined, `${trace}-A`)).json()).toMatchObject({ responseCode: '55' });
    expect((await inquiry(DEMO_CARD_PIN, `${trace}-B`)).json()).toMatchObject({ responseCode: '00' });
    const result = (await demo.database.db.execute(sql`
      select (select count(*)::int from transactions where resp_code_id in (20, 21, 22)) as pin_declines,
        (select count(*)::int from pans where pin_hash is null) as without_pin`)) as unknown as {
      rows: { pin_declines: number; without_pin: number }[];
    };
    // The two calls above: the one without its PIN.
    expect(result.rows[0]).toEqual({ pin_declines: 1, without_pin: 0 });
  });
});
