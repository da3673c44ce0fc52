import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PosAnswer } from '@ebt/core/pos';
import { auditLog, transactionBenefits, transactions } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeRecipient } from '../../testing/factories.js';
import {
  CARD_PIN,
  balanceOf,
  call,
  makeCard,
  makePosWorld,
  nextTrace,
  purchaseOf,
  transactionCount,
} from '../../testing/pos-world.js';

// A trace number names one call (docs/transaction-engine.md "Retries"): a copy of the call that asks exactly what the
// first asked is a retry and gets the first answer; any other call under the same terminal, day and trace number is
// declined 94, recorded, and told nothing of the first call (no balance, no approval code, no card).

const t = useTestApp();

type World = Awaited<ReturnType<typeof makePosWorld>>;

/** A card of another recipient of the same program, with `amount` on it. */
async function otherCard(w: World, amount: string) {
  const account = await makeRecipient(w.db, { program: w.program, agency: w.agency });
  const card = await makeCard(t, w.program, account.id);
  const benefit = await w.giveBenefit(amount, { accountId: account.id });
  return { account, card, benefit };
}

/** The row a call wrote. */
async function rowOf(w: World, answer: PosAnswer) {
  const [row] = await w.db.select().from(transactions).where(eq(transactions.uuid, answer.trxUuid!));
  return row!;
}

/** A 94 that names nothing of `first`: its own row, nothing approved, no balance, no approval code, no benefit. */
function expectDuplicate(answer: PosAnswer, first: PosAnswer) {
  expect(answer).toMatchObject({
    responseCode: '94',
    approvedAmount: 0,
    authNumber: null,
    balanceAfter: null,
    soonestExpiration: null,
    benefits: [],
    incentives: [],
    incentiveEarned: 0,
  });
  expect(answer.trxUuid).not.toBeNull();
  expect(answer.trxUuid).not.toBe(first.trxUuid);
  const text = JSON.stringify(answer);
  expect(text).not.toContain(first.trxUuid!);
  if (first.authNumber) expect(text).not.toContain(first.authNumber);
  for (const b of first.benefits) expect(text).not.toContain(b.benefitUuid);
}

/** Recorded as the engine records declines: its row (94, nothing settled, no money moved) and its audit row. */
async function expectRecordedDuplicate(w: World, answer: PosAnswer, typeId: number, action: string) {
  const row = await rowOf(w, answer);
  expect(row).toMatchObject({
    trxTypeId: typeId,
    respCodeId: 14,
    settleAmt: null,
    authNumber: null,
    terminalId: w.terminal.code,
    traceDay: '2026-11-23',
  });
  expect(await w.db.select().from(transactionBenefits).where(eq(transactionBenefits.transactionId, row.id))).toEqual(
    [],
  );
  const audit = await w.db.select().from(auditLog).where(eq(auditLog.entityId, answer.trxUuid!));
  expect(audit.map((a) => a.action)).toEqual([action]);
  return row;
}

describe('a trace number used again', () => {
  it('declines another card under a used trace number 94: no money moved, nothing of the first call told', async () => {
    const w = await makePosWorld(t);
    const mine = await w.giveBenefit('20.00');
    const other = await otherCard(w, '30.00');
    const body = purchaseOf(w.card.pan, 4);
    const first = await call(t, w.terminal, 'purchase', body);
    expect(first).toMatchObject({ responseCode: '00', balanceAfter: 16 });
    const count = await transactionCount(w.db);

    const answer = await call(t, w.terminal, 'purchase', { ...body, pan: other.card.pan });
    expectDuplicate(answer, first);
    expect(answer).toMatchObject({ transactionTypeId: 1, requestedAmount: 4 });
    // No money moved on either card.
    expect(await balanceOf(w.db, mine.id)).toBe('16.00');
    expect(await balanceOf(w.db, other.benefit.id)).toBe('30.00');
    // Recorded on the card that was sent, under the trace number it was sent with.
    const row = await expectRecordedDuplicate(w, answer, 1, 'pos_purchase');
    expect(row).toMatchObject({
      panId: other.card.panId,
      accountId: other.account.id,
      reqAmt: '4.00',
      traceNumber: body.traceNumber,
    });
    expect(await transactionCount(w.db)).toBe(count + 1);
    // Each row keeps a keyed digest of what its call asked, never a card number.
    const held = await rowOf(w, first);
    expect(held.requestDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(row.requestDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(row.requestDigest).not.toBe(held.requestDigest);
    // The first call still owns its trace number: its copy gets its answer, the other card's copy another 94.
    expect(await call(t, w.terminal, 'purchase', body)).toEqual(first);
    expectDuplicate(await call(t, w.terminal, 'purchase', { ...body, pan: other.card.pan }), first);
    expect(await balanceOf(w.db, mine.id)).toBe('16.00');
    expect(await balanceOf(w.db, other.benefit.id)).toBe('30.00');
  });

  it('declines another amount, eligible amount or allowPartial under a used trace number 94', async () => {
    const w = await makePosWorld(t);
    const b = await w.giveBenefit('20.00');
    const body = purchaseOf(w.card.pan, 4, { eligibleAmount: 2 });
    const first = await call(t, w.terminal, 'purchase', body);
    expect(first.responseCode).toBe('00');
    for (const changed of [
      { amount: 5 },
      { amount: 4.01 },
      { eligibleAmount: 3 },
      { eligibleAmount: undefined },
      { allowPartial: true },
    ]) {
      const answer = await call(t, w.terminal, 'purchase', { ...body, ...changed });
      expectDuplicate(answer, first);
      await expectRecordedDuplicate(w, answer, 1, 'pos_purchase');
    }
    expect(await balanceOf(w.db, b.id)).toBe('16.00');
    const approved = await w.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.accountId, w.account.id), eq(transactions.respCodeId, 1)));
    expect(approved).toHaveLength(1);
  });

  it('declines another kind of call under a used trace number 94: no balance told, no money moved', async () => {
    const w = await makePosWorld(t);
    const b = await w.giveBenefit('20.00');
    const trace = nextTrace();
    const at = '2026-11-23T10:00:00-05:00';
    const inquiry = await call(t, w.terminal, 'balance-inquiry', {
      pan: w.card.pan,
      pin: CARD_PIN,
      traceNumber: trace,
      terminalDateTime: at,
    });
    expect(inquiry).toMatchObject({ responseCode: '00', balanceAfter: 20 });
    // A purchase under the inquiry's trace number.
    const bought = await call(t, w.terminal, 'purchase', { ...purchaseOf(w.card.pan, 4), traceNumber: trace });
    expectDuplicate(bought, inquiry);
    await expectRecordedDuplicate(w, bought, 1, 'pos_purchase');
    expect(await balanceOf(w.db, b.id)).toBe('20.00');

    // A refund under a purchase's trace number, naming that very purchase.
    const body = purchaseOf(w.card.pan, 5);
    const purchase = await call(t, w.terminal, 'purchase', body);
    expect(purchase).toMatchObject({ responseCode: '00', balanceAfter: 15 });
    const refund = await call(t, w.terminal, 'refund', {
      amount: 5,
      original: { trxUuid: purchase.trxUuid },
      traceNumber: body.traceNumber,
      terminalDateTime: at,
    });
    expectDuplicate(refund, purchase);
    await expectRecordedDuplicate(w, refund, 2, 'pos_refund');
    expect(await balanceOf(w.db, b.id)).toBe('15.00');
    // And a balance inquiry under it: no balance.
    const asked = await call(t, w.terminal, 'balance-inquiry', {
      pan: w.card.pan,
      pin: CARD_PIN,
      traceNumber: body.traceNumber,
      terminalDateTime: at,
    });
    expectDuplicate(asked, purchase);
    expect(asked.transactionTypeId).toBe(3);
  });

  it('declines a refund of another purchase or amount under a used trace number 94, and refunds once', async () => {
    const w = await makePosWorld(t);
    const b = await w.giveBenefit('50.00');
    const one = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 10));
    const twoBody = purchaseOf(w.card.pan, 7);
    const two = await call(t, w.terminal, 'purchase', twoBody);
    expect(await balanceOf(w.db, b.id)).toBe('33.00');
    const body = {
      amount: 3,
      original: { trxUuid: one.trxUuid },
      traceNumber: nextTrace(),
      terminalDateTime: '2026-11-23T11:00:00-05:00',
    };
    const refund = await call(t, w.terminal, 'refund', body);
    expect(refund).toMatchObject({ responseCode: '00', balanceAfter: 36 });

    for (const changed of [
      { original: { trxUuid: two.trxUuid } },
      { original: { traceNumber: twoBody.traceNumber, date: '2026-11-23' } },
      { amount: 2 },
    ]) {
      const answer = await call(t, w.terminal, 'refund', { ...body, ...changed });
      expectDuplicate(answer, refund);
      await expectRecordedDuplicate(w, answer, 2, 'pos_refund');
    }
    // The identical copy is the retry.
    expect(await call(t, w.terminal, 'refund', body)).toEqual(refund);
    expect(await balanceOf(w.db, b.id)).toBe('36.00');
    const refunds = await w.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.accountId, w.account.id), eq(transactions.trxTypeId, 2)));
    expect(refunds.filter((r) => r.respCodeId === 1)).toHaveLength(1);
    // The second purchase was refunded nothing: all of it can still be refunded.
    const rest = await call(t, w.terminal, 'refund', {
      ...body,
      traceNumber: nextTrace(),
      original: { trxUuid: two.trxUuid },
      amount: 7,
    });
    expect(rest).toMatchObject({ responseCode: '00', balanceAfter: 43 });
  });

  it('reverses the call that owns a trace number, never the 94 recorded under it', async () => {
    const w = await makePosWorld(t);
    const mine = await w.giveBenefit('20.00');
    const other = await otherCard(w, '30.00');
    const body = purchaseOf(w.card.pan, 6);
    const first = await call(t, w.terminal, 'purchase', body);
    expectDuplicate(await call(t, w.terminal, 'purchase', { ...body, pan: other.card.pan }), first);
    const reversalOf = (original: Record<string, unknown>) => ({
      original,
      terminalDateTime: '2026-11-23T10:01:00-05:00',
    });
    const reversal = await call(
      t,
      w.terminal,
      'reversal',
      reversalOf({ traceNumber: body.traceNumber, date: '2026-11-23' }),
    );
    expect(reversal).toMatchObject({ responseCode: '00', transactionTypeId: 4, approvedAmount: 6, balanceAfter: 20 });
    expect((await rowOf(w, reversal)).reversalOfId).toBe((await rowOf(w, first)).id);
    expect(await balanceOf(w.db, mine.id)).toBe('20.00');
    expect(await balanceOf(w.db, other.benefit.id)).toBe('30.00');
    // A reversal names its original by the original's trace number: whether by trace or by trxUuid, it is the retry.
    expect(await call(t, w.terminal, 'reversal', reversalOf({ trxUuid: first.trxUuid }))).toEqual(reversal);
    expect(
      await call(t, w.terminal, 'reversal', reversalOf({ traceNumber: body.traceNumber, date: '2026-11-23' })),
    ).toEqual(reversal);
    expect(await balanceOf(w.db, mine.id)).toBe('20.00');
  });

  it('answers an identical copy with the first answer and moves the money once, approved or declined', async () => {
    const w = await makePosWorld(t);
    const b = await w.giveBenefit('20.00');
    const body = purchaseOf(w.card.pan, 4, { eligibleAmount: 4 });
    const first = await call(t, w.terminal, 'purchase', body);
    const count = await transactionCount(w.db);
    // The same call: the fields that describe how it was sent (the time, the entry mode, the place) are not what it
    // asks, and a terminal may stamp them afresh when it sends again; eligibleAmount equal to the amount is no
    // eligibleAmount.
    for (const copy of [
      body,
      { ...body, terminalDateTime: '2026-11-23T10:00:07-05:00' },
      { ...body, posEntryMode: '010', location: { latitude: 41.76, longitude: -72.67 } },
      { ...body, eligibleAmount: undefined, allowPartial: false },
    ])
      expect(await call(t, w.terminal, 'purchase', copy)).toEqual(first);
    expect(await transactionCount(w.db)).toBe(count);
    expect(await balanceOf(w.db, b.id)).toBe('16.00');

    // A decline is answered again as it was: no second row, even once the money is there.
    const short = purchaseOf(w.card.pan, 30);
    const declined = await call(t, w.terminal, 'purchase', short);
    expect(declined).toMatchObject({ responseCode: '51', balanceAfter: 16 });
    await w.giveBenefit('20.00');
    expect(await call(t, w.terminal, 'purchase', short)).toEqual(declined);
    expect(await transactionCount(w.db)).toBe(count + 1);

    // A balance inquiry's copy too.
    const inquiry = {
      pan: w.card.pan,
      pin: CARD_PIN,
      traceNumber: nextTrace(),
      terminalDateTime: '2026-11-23T10:00:00-05:00',
    };
    const told = await call(t, w.terminal, 'balance-inquiry', inquiry);
    expect(await call(t, w.terminal, 'balance-inquiry', inquiry)).toEqual(told);
  });
});

describe('copies and impostors racing under one trace number', () => {
  it('gives 20 identical parallel copies one effect and one answer', async () => {
    const w = await makePosWorld(t);
    const b = await w.giveBenefit('20.00');
    const body = purchaseOf(w.card.pan, 3);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(t, w.terminal, 'purchase', body)));
    expect(answers[0]!.responseCode).toBe('00');
    expect(new Set(answers.map((x) => JSON.stringify(x))).size).toBe(1);
    const rows = await w.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.terminalId, w.terminal.code), eq(transactions.traceNumber, body.traceNumber)));
    expect(rows).toHaveLength(1);
    expect(await balanceOf(w.db, b.id)).toBe('17.00');
  });

  it('lets one of two different calls racing under one trace number through once, the other 94 each time', async () => {
    const w = await makePosWorld(t);
    const mine = await w.giveBenefit('20.00');
    const other = await otherCard(w, '30.00');
    const body = purchaseOf(w.card.pan, 3);
    const impostor = { ...body, pan: other.card.pan, amount: 5 };
    const sent = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? body : impostor));
    const answers = await Promise.all(sent.map((payload) => call(t, w.terminal, 'purchase', payload)));
    const mineAnswers = answers.filter((_, i) => sent[i] === body);
    const otherAnswers = answers.filter((_, i) => sent[i] === impostor);
    // Whichever body reached the trace number first owns it: all its copies have its one answer, the other's all 94.
    const [winners, losers] =
      mineAnswers[0]!.responseCode === '00' ? [mineAnswers, otherAnswers] : [otherAnswers, mineAnswers];
    expect(winners[0]!.responseCode).toBe('00');
    expect(new Set(winners.map((x) => JSON.stringify(x))).size).toBe(1);
    for (const loser of losers) expectDuplicate(loser, winners[0]!);
    const mineWon = winners === mineAnswers;
    expect(await balanceOf(w.db, mine.id)).toBe(mineWon ? '17.00' : '20.00');
    expect(await balanceOf(w.db, other.benefit.id)).toBe(mineWon ? '30.00' : '25.00');
    const rows = await w.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.terminalId, w.terminal.code), eq(transactions.traceNumber, body.traceNumber)));
    expect(rows.filter((r) => r.respCodeId === 1)).toHaveLength(1);
    expect(rows.filter((r) => r.respCodeId === 14)).toHaveLength(10);
  });
});
