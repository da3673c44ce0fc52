import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  benefits,
  notificationPreferences,
  notifications,
  outbox,
  transactions,
  users,
} from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { balanceOf, call, makePosWorld, purchaseOf } from '../../testing/pos-world.js';

const t = useTestApp();

// Incentive accrual: rates, rounding, the three caps and 0.00 as none, day and month boundaries in
// the program's time zone with the test clock, incentive money that earns nothing, eligible amounts.

async function incentiveBenefits(w: Awaited<ReturnType<typeof makePosWorld>>) {
  return w.db
    .select()
    .from(benefits)
    .where(and(eq(benefits.accountId, w.account.id), eq(benefits.benefitTypeId, 2)));
}

describe('incentive accrual', () => {
  it('earns at a 100.00 rate an incentive benefit and an accrual transaction linked to the purchase', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('50.00');
    const incentive = await w.enrol({ matchRate: '100.00', accrualFeeRate: '2.00' });
    const answer = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 12.34));
    expect(answer).toMatchObject({ responseCode: '00', approvedAmount: 12.34, incentiveEarned: 12.34 });
    expect(answer.incentives).toEqual([
      { incentiveUuid: incentive.uuid, benefitUuid: expect.any(String), amount: 12.34 },
    ]);
    const [earned] = await incentiveBenefits(w);
    expect(earned).toMatchObject({
      uuid: answer.incentives[0]!.benefitUuid,
      amount: '12.34',
      balance: '12.34',
      incentiveId: incentive.id,
      fundingSourceId: w.funding.id,
      availableDate: '2026-11-23',
      expirationDate: '2026-12-22', // 30 days, the program's incentiveExpirationDays
      statusId: 0,
    });
    expect(earned!.authorizationNumber).toMatch(/^I20261123/);
    const [purchase] = await w.db.select().from(transactions).where(eq(transactions.uuid, answer.trxUuid!));
    const [accrual] = await w.db.select().from(transactions).where(eq(transactions.causedById, purchase!.id));
    expect(accrual).toMatchObject({
      trxTypeId: 6,
      respCodeId: 1,
      settleAmt: '12.34',
      originalId: purchase!.id,
      accrualDay: '2026-11-23',
      accrualFee: '0.25',
      startBalance: '37.66',
      endBalance: '50.00',
    });
    const notices = await w.db.select().from(notifications).where(eq(notifications.accountId, w.account.id));
    expect(notices.map((n) => n.eventId)).toContain(6);
  });

  it('rounds down to the cent at 5.25%', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('50.00');
    await w.enrol({ matchRate: '5.25' });
    expect((await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 12.34))).incentiveEarned).toBe(0.64);
    expect((await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 0.19))).incentiveEarned).toBe(0);
  });

  it('limits by the per-transaction cap, by the day cap and by the month cap; 0.00 means none', async () => {
    const w = await makePosWorld(t);
    // Regular money expiring before the incentive benefits earned here (30 days), so it pays first and earns.
    await w.giveBenefit('500.00', { expirationDate: '2026-11-30' });
    await w.giveBenefit('500.00', { expirationDate: '2026-12-10' });
    await w.enrol({ matchRate: '100.00', accrualMaxTrx: '5.00', accrualMaxDay: '12.00', accrualMaxMonth: '20.00' });
    const earn = async (amount: number, at = '2026-11-23T10:00:00-05:00') =>
      (await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, amount, { terminalDateTime: at }))).incentiveEarned;
    expect(await earn(8)).toBe(5); // per transaction
    expect(await earn(8)).toBe(5);
    expect(await earn(8)).toBe(2); // the day's 12.00
    expect(await earn(8)).toBe(0);
    try {
      // The next day in the program's time zone (America/New_York): 05:00 UTC on the 24th is midnight there.
      t.clock.advance(14 * 3_600_000);
      expect(await earn(8, '2026-11-24T00:30:00-05:00')).toBe(5);
      expect(await earn(8, '2026-11-24T00:31:00-05:00')).toBe(3); // the month's 20.00
      expect(await earn(8, '2026-11-24T00:32:00-05:00')).toBe(0);
      // December is a new month.
      t.clock.advance(7 * 24 * 3_600_000);
      expect(await earn(8, '2026-12-01T10:00:00-05:00')).toBe(5);
    } finally {
      t.clock.reset();
    }
  });

  it('treats 0.00 caps as no maximum', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('900.00', { expirationDate: '2026-12-01' });
    await w.enrol({ matchRate: '100.00', accrualMaxTrx: '0.00', accrualMaxDay: '0.00', accrualMaxMonth: '0.00' });
    expect((await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 400))).incentiveEarned).toBe(400);
    expect((await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 400))).incentiveEarned).toBe(400);
  });

  it('earns nothing on money paid from incentive benefits, and lets them pay only the eligible part', async () => {
    const w = await makePosWorld(t);
    const incentive = await w.enrol({ matchRate: '100.00' });
    const bonus = await w.giveBenefit('10.00', { incentiveId: incentive.id, expirationDate: '2026-11-30' });
    const regular = await w.giveBenefit('30.00');
    // $12 of which $4 eligible: the incentive (expiring first) pays $4, regular $8; nothing eligible paid by regular.
    const first = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 12, { eligibleAmount: 4 }));
    expect(first).toMatchObject({ responseCode: '00', approvedAmount: 12, incentiveEarned: 0 });
    expect(await balanceOf(w.db, bonus.id)).toBe('6.00');
    expect(await balanceOf(w.db, regular.id)).toBe('22.00');
    // $10 all eligible: $6 incentive, $4 regular -> earns $4.
    const second = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 10));
    expect(second.incentiveEarned).toBe(4);
    const [row] = await w.db.select().from(transactions).where(eq(transactions.uuid, first.trxUuid!));
    expect(row).toMatchObject({ eligibleAmt: '4.00', redemptionFee: '0.00' });
  });

  it('records the redemption fee on the part paid from incentive benefits', async () => {
    const w = await makePosWorld(t);
    const incentive = await w.enrol({ matchRate: '0.00', redemptionFeeRate: '10.00' });
    await w.giveBenefit('5.00', { incentiveId: incentive.id, expirationDate: '2026-11-30' });
    await w.giveBenefit('30.00');
    const answer = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 8));
    const [row] = await w.db.select().from(transactions).where(eq(transactions.uuid, answer.trxUuid!));
    expect(row).toMatchObject({ settleAmt: '8.00', redemptionFee: '0.50' });
  });

  it('earns nothing outside the enrolment or the incentive dates', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('50.00');
    await w.enrol({ matchRate: '100.00', endDate: '2026-11-22' });
    expect((await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 5))).incentiveEarned).toBe(0);
    expect(await incentiveBenefits(w)).toHaveLength(0);
  });

  it('tells the recipient of the incentive: the inbox in English, the e-mail in Spanish when they chose it, the SMS', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('50.00');
    await w.enrol({ matchRate: '50.00' });
    await w.db.update(users).set({ preferredLanguage: 'es' }).where(eq(users.id, w.user.id));
    // E-mail and SMS for the incentive earned (event 6); nothing asked for the purchase itself (event 5).
    await w.db.insert(notificationPreferences).values([
      { accountId: w.account.id, eventId: 6, methodId: 1 },
      { accountId: w.account.id, eventId: 6, methodId: 2 },
    ]);
    const answer = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 10));
    expect(answer).toMatchObject({ responseCode: '00', incentiveEarned: 5 });
    const inbox = await w.db.select().from(notifications).where(eq(notifications.accountId, w.account.id));
    expect(inbox.map((n) => [n.eventId, n.text.startsWith('You earned an incentive of $5.00')])).toEqual([[6, true]]);
    const sent = await w.db
      .select()
      .from(outbox)
      .where(inArray(outbox.to, [w.account.email!, w.account.mobilePhone!]))
      .orderBy(outbox.id);
    expect(sent.map((m) => [m.channel, m.to, m.subject])).toEqual([
      ['email', w.account.email, 'Ganó un incentivo'],
      ['sms', w.account.mobilePhone, 'Ganó un incentivo'],
    ]);
    expect(sent[0]!.body).toContain('Ganó un incentivo de $5.00');
  });
});
