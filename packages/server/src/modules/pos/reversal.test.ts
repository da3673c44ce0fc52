import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { benefits, transactions } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import {
  CARD_PIN,
  balanceOf,
  call,
  makePosWorld,
  makeTerminal,
  nextTrace,
  purchaseOf,
  reversalOf,
  transactionCount,
} from '../../testing/pos-world.js';

const t = useTestApp();

describe('POST /transaction-api/pos/reversal', () => {
  it('undoes a purchase exactly, with its accrual, once', async () => {
    const w = await makePosWorld(t);
    const a = await w.giveBenefit('5.00', { expirationDate: '2026-11-30' });
    const b = await w.giveBenefit('20.00');
    await w.enrol({ matchRate: '10.00' });
    const body = purchaseOf(w.card.pan, 8);
    const purchase = await call(t, w.terminal, 'purchase', body);
    expect(purchase.incentiveEarned).toBe(0.8);
    const reversal = await call(
      t,
      w.terminal,
      'reversal',
      reversalOf({ traceNumber: body.traceNumber, date: '2026-11-23' }),
    );
    expect(reversal).toMatchObject({
      responseCode: '00',
      transactionTypeId: 4,
      approvedAmount: 8,
      incentiveTakenBack: 0.8,
    });
    expect(await balanceOf(w.db, a.id)).toBe('5.00');
    expect(await balanceOf(w.db, b.id)).toBe('20.00');
    const [bonus] = await w.db.select().from(benefits).where(eq(benefits.uuid, purchase.incentives[0]!.benefitUuid));
    expect(bonus!.balance).toBe('0.00');
    const [original] = await w.db.select().from(transactions).where(eq(transactions.uuid, purchase.trxUuid!));
    expect(original!.reversedAt).not.toBeNull();
    const count = await transactionCount(w.db);
    // Idempotent, whether named by trace number or by trxUuid.
    expect(
      await call(t, w.terminal, 'reversal', reversalOf({ traceNumber: body.traceNumber, date: '2026-11-23' })),
    ).toEqual(reversal);
    expect(await call(t, w.terminal, 'reversal', reversalOf({ trxUuid: purchase.trxUuid }))).toEqual(reversal);
    expect(await transactionCount(w.db)).toBe(count);
  });

  it('undoes a refund, taking back its credit and restoring the incentive it took back', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('50.00');
    await w.enrol({ matchRate: '100.00' });
    const purchase = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 10));
    const refundTrace = nextTrace();
    const refund = await call(t, w.terminal, 'refund', {
      amount: 10,
      original: { trxUuid: purchase.trxUuid },
      traceNumber: refundTrace,
      terminalDateTime: '2026-11-23T10:05:00-05:00',
    });
    expect(refund).toMatchObject({ responseCode: '00', balanceAfter: 50, incentiveTakenBack: 10 });
    const reversal = await call(
      t,
      w.terminal,
      'reversal',
      reversalOf({ traceNumber: refundTrace, date: '2026-11-23' }),
    );
    expect(reversal).toMatchObject({
      responseCode: '00',
      transactionTypeId: 5,
      approvedAmount: 10,
      incentiveEarned: 10,
    });
    // Back to the state after the purchase: 40.00 regular and the 10.00 incentive.
    expect(reversal.balanceAfter).toBe(50);
    const [bonus] = await w.db.select().from(benefits).where(eq(benefits.uuid, purchase.incentives[0]!.benefitUuid));
    expect(bonus!.balance).toBe('10.00');
  });

  it('records a reversal whose original is unknown, and declines the original arriving after it', async () => {
    const w = await makePosWorld(t);
    const b = await w.giveBenefit('20.00');
    const body = purchaseOf(w.card.pan, 5);
    const early = await call(
      t,
      w.terminal,
      'reversal',
      reversalOf({ traceNumber: body.traceNumber, date: '2026-11-23' }),
    );
    expect(early).toMatchObject({ responseCode: '25', approvedAmount: 0 });
    expect(early.trxUuid).not.toBeNull();
    const late = await call(t, w.terminal, 'purchase', body);
    expect(late).toMatchObject({ responseCode: '12', approvedAmount: 0 });
    expect(await balanceOf(w.db, b.id)).toBe('20.00');
  });

  it('takes only reversals of the same terminal, within the window', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('20.00');
    const body = purchaseOf(w.card.pan, 5);
    const purchase = await call(t, w.terminal, 'purchase', body);
    const other = await makeTerminal(w.db, w.merchant.id);
    expect((await call(t, other, 'reversal', reversalOf({ trxUuid: purchase.trxUuid }))).responseCode).toBe('25');
    t.clock.advance(25 * 3_600_000);
    try {
      const late = await call(t, w.terminal, 'reversal', reversalOf({ trxUuid: purchase.trxUuid }));
      expect(late).toMatchObject({ responseCode: '05' });
      expect(late.additionalResponseText).toContain('24 hours');
    } finally {
      t.clock.reset();
    }
  });
});

describe('POST /transaction-api/pos/balance-inquiry', () => {
  it('answers the spendable balance and the soonest expiry, records it, and changes nothing', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('5.00', { expirationDate: '2026-12-31' });
    await w.giveBenefit('7.25', { expirationDate: '2026-12-05' });
    await w.giveBenefit('9.00', { expirationDate: '2026-11-01' }); // expired
    const answer = await call(t, w.terminal, 'balance-inquiry', {
      pan: w.card.pan,
      pin: CARD_PIN,
      traceNumber: nextTrace(),
      terminalDateTime: '2026-11-23T10:00:00-05:00',
    });
    expect(answer).toMatchObject({
      responseCode: '00',
      transactionTypeId: 3,
      balanceAfter: 12.25,
      soonestExpiration: '2026-12-05',
      approvedAmount: 0,
      benefits: [],
    });
    const [row] = await w.db.select().from(transactions).where(eq(transactions.uuid, answer.trxUuid!));
    expect(row).toMatchObject({ trxTypeId: 3, startBalance: '12.25', endBalance: '12.25' });
  });
});
