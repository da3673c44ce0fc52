import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { benefits, transactionBenefits, transactions } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import {
  balanceOf,
  call,
  makeMerchant,
  makePosWorld,
  makeTerminal,
  pos,
  purchaseOf,
  refundOf,
} from '../../testing/pos-world.js';

const t = useTestApp();

describe('POST /transaction-api/pos/refund', () => {
  it('refunds in part then in full, latest expiring first, never more than each benefit gave', async () => {
    const w = await makePosWorld(t);
    const soon = await w.giveBenefit('5.00', { expirationDate: '2026-11-30' });
    const late = await w.giveBenefit('20.00', { expirationDate: '2026-12-31' });
    const purchase = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 9));
    expect(await balanceOf(w.db, soon.id)).toBe('0.00');
    expect(await balanceOf(w.db, late.id)).toBe('16.00');

    const part = await call(t, w.terminal, 'refund', refundOf({ trxUuid: purchase.trxUuid }, 6));
    expect(part).toMatchObject({ responseCode: '00', approvedAmount: 6, balanceAfter: 22 });
    // The later-expiring benefit gets back what it gave (4.00), the sooner one the rest.
    expect(await balanceOf(w.db, late.id)).toBe('20.00');
    expect(await balanceOf(w.db, soon.id)).toBe('2.00');

    const tooMuch = await call(t, w.terminal, 'refund', refundOf({ trxUuid: purchase.trxUuid }, 3.01));
    expect(tooMuch).toMatchObject({ responseCode: '13', approvedAmount: 0 });
    expect(tooMuch.additionalResponseText).toContain('$3.00');

    const rest = await call(t, w.terminal, 'refund', refundOf({ trxUuid: purchase.trxUuid }, 3));
    expect(rest).toMatchObject({ responseCode: '00', approvedAmount: 3, balanceAfter: 25 });
    expect(await balanceOf(w.db, soon.id)).toBe('5.00');
    const [row] = await w.db.select().from(transactions).where(eq(transactions.uuid, rest.trxUuid!));
    expect(row).toMatchObject({ trxTypeId: 2, settleAmt: '3.00', startBalance: '22.00', endBalance: '25.00' });
  });

  it('finds the purchase by terminal, trace number and day, from another terminal of the same merchant', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('20.00');
    const body = purchaseOf(w.card.pan, 5);
    await call(t, w.terminal, 'purchase', body);
    const second = await makeTerminal(w.db, w.merchant.id);
    const refund = await call(
      t,
      second,
      'refund',
      refundOf({ terminalId: w.terminal.code, traceNumber: body.traceNumber, date: '2026-11-23' }, 5),
    );
    expect(refund.responseCode).toBe('00');
  });

  it('refuses a purchase of another merchant as not found, and changes nothing', async () => {
    const w = await makePosWorld(t);
    const b = await w.giveBenefit('20.00');
    const purchase = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 5));
    const other = await makeMerchant(w.db, { programs: [{ id: w.program.id }] });
    const answer = await call(
      t,
      await makeTerminal(w.db, other.id),
      'refund',
      refundOf({ trxUuid: purchase.trxUuid }, 5),
    );
    expect(answer).toMatchObject({ responseCode: '25', approvedAmount: 0 });
    expect(await balanceOf(w.db, b.id)).toBe('15.00');
  });

  it('credits a new regular benefit of the same funding source when the debited one is no longer Issued', async () => {
    const w = await makePosWorld(t);
    const b = await w.giveBenefit('10.00');
    const purchase = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 4));
    await w.db.update(benefits).set({ statusId: 1 }).where(eq(benefits.id, b.id)); // expired by the job
    const refund = await call(t, w.terminal, 'refund', refundOf({ trxUuid: purchase.trxUuid }, 4));
    expect(refund).toMatchObject({ responseCode: '00', balanceAfter: 4 });
    expect(await balanceOf(w.db, b.id)).toBe('6.00');
    const [line] = await w.db
      .select()
      .from(transactionBenefits)
      .innerJoin(transactions, eq(transactions.id, transactionBenefits.transactionId))
      .where(eq(transactions.uuid, refund.trxUuid!));
    expect(line!.transaction_benefits.originalBenefitId).toBe(b.id);
    const [fresh] = await w.db.select().from(benefits).where(eq(benefits.id, line!.transaction_benefits.benefitId));
    expect(fresh).toMatchObject({
      benefitTypeId: 1,
      fundingSourceId: w.funding.id,
      balance: '4.00',
      availableDate: '2026-11-23',
      expirationDate: '2027-02-20', // 90 days
    });
  });

  it('takes back the incentive in proportion, never below zero, and records what it could not', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('100.00');
    await w.enrol({ matchRate: '50.00' });
    const purchase = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 30));
    expect(purchase.incentiveEarned).toBe(15);
    const bonusUuid = purchase.incentives[0]!.benefitUuid;
    const [bonus] = await w.db.select().from(benefits).where(eq(benefits.uuid, bonusUuid));

    const third = await call(t, w.terminal, 'refund', refundOf({ trxUuid: purchase.trxUuid }, 10));
    expect(third).toMatchObject({ responseCode: '00', incentiveTakenBack: 5, incentiveNotRecovered: 0 });
    expect(await balanceOf(w.db, bonus!.id)).toBe('10.00');

    // The recipient spends the rest of the incentive; the next refund can take back only what is left.
    await w.db.update(benefits).set({ balance: '2.00' }).where(eq(benefits.id, bonus!.id));
    const rest = await call(t, w.terminal, 'refund', refundOf({ trxUuid: purchase.trxUuid }, 20));
    expect(rest).toMatchObject({ incentiveTakenBack: 2, incentiveNotRecovered: 8 });
    expect(await balanceOf(w.db, bonus!.id)).toBe('0.00');
    const [clawback] = await w.db
      .select()
      .from(transactions)
      .where(
        eq(
          transactions.causedById,
          (await w.db.select().from(transactions).where(eq(transactions.uuid, rest.trxUuid!)))[0]!.id,
        ),
      );
    expect(clawback).toMatchObject({ trxTypeId: 7, reqAmt: '10.00', settleAmt: '2.00', unrecoveredAmt: '8.00' });
  });

  it('answers 400 to a refund that names no original, and 401 without credentials', async () => {
    const w = await makePosWorld(t);
    expect((await pos(t, w.terminal, 'refund', refundOf({}, 1))).statusCode).toBe(400);
    expect((await pos(t, w.terminal, 'refund', refundOf({ traceNumber: '1' }, 1))).statusCode).toBe(400);
    expect((await pos(t, null, 'refund', refundOf({ trxUuid: crypto.randomUUID() }, 1))).statusCode).toBe(401);
  });
});
