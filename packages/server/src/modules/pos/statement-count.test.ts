import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { payCodeSignedText, payCodeText } from '@ebt/core/pans';
import { describe, expect, it } from 'vitest';
import { auditLog, cardDevices, notificationPreferences, outbox, pans, transactions } from '../../db/schema/index.js';
import { CONFIG_VALUES } from '../../platform/config-values.js';
import { useTestApp } from '../../testing/app.js';
import { CARD_PIN, call, makePosWorld, purchaseOf, refundOf, reversalOf } from '../../testing/pos-world.js';

// What an engine call costs in round trips to the database (docs/transaction-engine.md "Cost"; decision 0102): every
// one is a wait each call pays, so this test keeps the count from creeping back. Counted where the app sends them
// (db/client.ts roundTripCount): every statement, and BEGIN, COMMIT and ROLLBACK.

const t = useTestApp();

async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  // The configuration cache's version check, once a second beside some call, is no statement of the call's own.
  await CONFIG_VALUES.checkNow(t.database.db);
  const before = t.database.roundTripCount();
  const result = await work();
  return { result, statements: t.database.roundTripCount() - before };
}

describe('the cost of an engine call', () => {
  it('approves a purchase over two benefits in two round trips, its PIN checked: the facts with the funds, and the write', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('5.00', { expirationDate: '2026-11-30' });
    await w.giveBenefit('50.00');
    await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 1)); // the configuration cache is filled once
    const { result, statements } = await statementsOf(() =>
      call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 7.5)),
    );
    expect(result).toMatchObject({ responseCode: '00', approvedAmount: 7.5, balanceAfter: 46.5 });
    expect(result.benefits.map((b) => b.amount)).toEqual([4, 3.5]);
    const [row] = await w.db.select().from(transactions).where(eq(transactions.uuid, result.trxUuid!));
    expect(row).toMatchObject({ settleAmt: '7.50', endBalance: '46.50' });
    const audit = await w.db.select().from(auditLog).where(eq(auditLog.entityId, result.trxUuid!));
    expect(audit.map((a) => a.action)).toEqual(['pos_purchase']);
    expect(statements).toBe(2);
  });

  it('approves a purchase that earns an incentive and alerts the recipient in two, as one without', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('50.00');
    await w.enrol({ matchRate: '10.00' });
    // E-mail for each purchase (event 5) and for each incentive earned (event 6).
    await w.db.insert(notificationPreferences).values([
      { accountId: w.account.id, eventId: 5, methodId: 1 },
      { accountId: w.account.id, eventId: 6, methodId: 1 },
    ]);
    // The first purchase earns $0.10, an incentive benefit that expires first and pays $0.10 of the next, which earns
    // 10 % of the $19.90 paid from regular money.
    await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 1));
    const queuedBefore = (await w.db.select().from(outbox)).length;
    const { result, statements } = await statementsOf(() =>
      call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 20)),
    );
    expect(result).toMatchObject({
      responseCode: '00',
      approvedAmount: 20,
      incentiveEarned: 1.99,
      balanceAfter: 31.09,
    });
    const accruals = await w.db
      .select()
      .from(transactions)
      .where(eq(transactions.originalId, (await rowId(w.db, result.trxUuid!))!));
    expect(accruals.map((a) => [a.trxTypeId, a.settleAmt])).toEqual([[6, '1.99']]);
    // Two e-mails: the purchase alert and the incentive notice.
    expect((await w.db.select().from(outbox)).length - queuedBefore).toBe(2);
    // The incentive benefit's issuance is journaled by the write's own trigger (decision 0101): no statement more, and
    // no roll-up row shared with other purchases.
    expect(statements).toBe(2);
  });
});

describe('the cost of a purchase by pay code', () => {
  it('approves in three round trips: the facts with the device and the funds, the code spent, and the write', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('50.00');
    await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 1));
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const [device] = await w.db
      .insert(cardDevices)
      .values({
        panId: w.card.panId,
        publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64url'),
        name: 'Phone',
      })
      .returning();
    const signed = payCodeSignedText(
      device!.uuid,
      Math.floor(t.clock.now().getTime() / 1000),
      randomBytes(12).toString('base64url'),
    );
    const payCode = payCodeText(
      signed,
      sign('sha256', Buffer.from(signed), { key: privateKey, dsaEncoding: 'ieee-p1363' }),
    );
    const { pan: _pan, ...body } = purchaseOf(w.card.pan, 5, { posEntryMode: '031' });
    const { result, statements } = await statementsOf(() => call(t, w.terminal, 'purchase', { ...body, payCode }));
    expect(result).toMatchObject({ responseCode: '00', approvedAmount: 5 });
    expect(statements).toBe(3);
  });
});

describe('the cost of a declined purchase', () => {
  it('declines beyond the funds, and a locked card, in two round trips as well', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('5.00');
    await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 1));
    const poor = await statementsOf(() => call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 50)));
    expect(poor.result).toMatchObject({ responseCode: '51', approvedAmount: 0 });
    expect(poor.statements).toBe(2);
    await w.db.update(pans).set({ locked: true }).where(eq(pans.id, w.card.panId));
    const locked = await statementsOf(() => call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 1)));
    expect(locked.result.responseCode).toBe('62'); // Card locked
    expect(locked.statements).toBe(2);
  });
});

async function rowId(db: Awaited<ReturnType<typeof makePosWorld>>['db'], uuid: string) {
  const [row] = await db.select({ id: transactions.id }).from(transactions).where(eq(transactions.uuid, uuid));
  return row?.id;
}

describe('the cost of the other engine calls', () => {
  it('answers a balance inquiry in two round trips, as a purchase', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('5.00', { expirationDate: '2026-11-30' });
    await w.giveBenefit('7.25');
    await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 1));
    const { result, statements } = await statementsOf(() =>
      call(t, w.terminal, 'balance-inquiry', {
        pan: w.card.pan,
        pin: CARD_PIN,
        traceNumber: 'INQ-COUNT',
        terminalDateTime: '2026-11-23T12:00:00Z',
      }),
    );
    expect(result).toMatchObject({ responseCode: '00', balanceAfter: 11.25, soonestExpiration: '2026-11-30' });
    expect(statements).toBe(2);
  });

  it('refunds and reverses in four round trips: the original, the facts with its card, what it plans from, the write', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('50.00');
    await w.enrol({ matchRate: '10.00' });
    await w.db.insert(notificationPreferences).values({ accountId: w.account.id, eventId: 5, methodId: 1 });
    // The configuration cache holds the maximum amount and the reversal window once a call has read each.
    const first = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 1));
    await call(t, w.terminal, 'reversal', reversalOf({ trxUuid: first.trxUuid }));
    const queuedBefore = (await w.db.select().from(outbox)).length;

    const purchase = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 10));
    const refundBody = refundOf({ trxUuid: purchase.trxUuid }, 4);
    const refund = await statementsOf(() => call(t, w.terminal, 'refund', refundBody));
    // With a clawback (10 % of the $4.00 refunded) and the recipient's alert.
    expect(refund.result).toMatchObject({ responseCode: '00', approvedAmount: 4, incentiveTakenBack: 0.4 });
    expect(refund.statements).toBe(4);

    // The refund's reversal, by trace number: its credit and its clawback undone.
    const reversal = await statementsOf(() =>
      call(t, w.terminal, 'reversal', reversalOf({ traceNumber: refundBody.traceNumber, date: '2026-11-23' })),
    );
    expect(reversal.result).toMatchObject({ responseCode: '00', transactionTypeId: 5, incentiveEarned: 0.4 });
    expect(reversal.statements).toBe(4);

    // The purchase's reversal, by trxUuid: its debit and its accrual undone.
    const undone = await statementsOf(() => call(t, w.terminal, 'reversal', reversalOf({ trxUuid: purchase.trxUuid })));
    expect(undone.result).toMatchObject({ responseCode: '00', transactionTypeId: 4, incentiveTakenBack: 1 });
    expect(undone.statements).toBe(4);
    // The purchase's, the refund's and the two reversals' alerts.
    expect((await w.db.select().from(outbox)).length - queuedBefore).toBe(4);
  });
});
