import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES_ES } from '@ebt/core/i18n';
import {
  auditLog,
  notificationPreferences,
  notifications,
  outbox,
  pans,
  transactionBenefits,
  transactions,
  users,
} from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import {
  balanceOf,
  call,
  makeCard,
  makeMerchant,
  makePosWorld,
  makeTerminal,
  pos,
  purchaseOf,
  transactionCount,
} from '../../testing/pos-world.js';

const t = useTestApp();

describe('POST /transaction-api/pos/purchase', () => {
  it('takes the oldest expiring benefit first, across three benefits, and records the benefits affected', async () => {
    const w = await makePosWorld(t);
    const late = await w.giveBenefit('10.00', { expirationDate: '2026-12-31' });
    const soon = await w.giveBenefit('5.00', { expirationDate: '2026-11-30' });
    const mid = await w.giveBenefit('4.00', { expirationDate: '2026-12-15' });
    const answer = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 12.5));
    expect(answer).toMatchObject({
      responseCode: '00',
      responseText: 'Approved',
      requestedAmount: 12.5,
      approvedAmount: 12.5,
      balanceAfter: 6.5,
      incentiveEarned: 0,
    });
    expect(answer.authNumber).toMatch(/^\d{6}$/);
    expect(answer.benefits.map((b) => [b.benefitUuid, b.amount])).toEqual([
      [late.uuid, 3.5],
      [soon.uuid, 5],
      [mid.uuid, 4],
    ]);
    expect(await balanceOf(w.db, soon.id)).toBe('0.00');
    expect(await balanceOf(w.db, mid.id)).toBe('0.00');
    expect(await balanceOf(w.db, late.id)).toBe('6.50');
    const [row] = await w.db.select().from(transactions).where(eq(transactions.uuid, answer.trxUuid!));
    expect(row).toMatchObject({
      trxTypeId: 1,
      respCodeId: 1,
      reqAmt: '12.50',
      settleAmt: '12.50',
      startBalance: '19.00',
      endBalance: '6.50',
      terminalId: w.terminal.code,
      merchantId: w.merchant.id,
      accountId: w.account.id,
      agencyId: w.agency.id,
      panId: w.card.panId,
      mcc: '5411',
      panEntryMode: '071',
      apiVersion: '1',
      traceDay: '2026-11-23',
    });
    const lines = await w.db.select().from(transactionBenefits).where(eq(transactionBenefits.transactionId, row!.id));
    expect(lines).toHaveLength(3);
    const audit = await w.db.select().from(auditLog).where(eq(auditLog.entityId, answer.trxUuid!));
    expect(audit.map((a) => a.action)).toEqual(['pos_purchase']);
  });

  it('declines what the benefits cannot cover, and approves what is there with allowPartial', async () => {
    const w = await makePosWorld(t);
    const b = await w.giveBenefit('7.00');
    const declined = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 10));
    expect(declined).toMatchObject({ responseCode: '51', approvedAmount: 0, balanceAfter: 7, benefits: [] });
    expect(await balanceOf(w.db, b.id)).toBe('7.00');
    const partial = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 10, { allowPartial: true }));
    expect(partial).toMatchObject({ responseCode: '00', requestedAmount: 10, approvedAmount: 7, balanceAfter: 0 });
    expect(await balanceOf(w.db, b.id)).toBe('0.00');
  });

  it('spends nothing but available, unexpired, Issued benefits', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('5.00', { expirationDate: '2026-11-22' }); // expired yesterday
    await w.giveBenefit('5.00', { availableDate: '2026-11-24' }); // tomorrow
    await w.giveBenefit('5.00', { statusId: 3 }); // voided
    const ok = await w.giveBenefit('2.00');
    const answer = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 3));
    expect(answer).toMatchObject({ responseCode: '51', balanceAfter: 2 });
    expect(await balanceOf(w.db, ok.id)).toBe('2.00');
  });

  it('answers a repeated request with the first answer and changes nothing', async () => {
    const w = await makePosWorld(t);
    const b = await w.giveBenefit('20.00');
    const body = purchaseOf(w.card.pan, 4);
    const first = await call(t, w.terminal, 'purchase', body);
    const count = await transactionCount(w.db);
    const again = await call(t, w.terminal, 'purchase', body);
    expect(again).toEqual(first);
    expect(await transactionCount(w.db)).toBe(count);
    expect(await balanceOf(w.db, b.id)).toBe('16.00');
    // The same trace number on another day is another purchase.
    const nextDay = await call(t, w.terminal, 'purchase', { ...body, terminalDateTime: '2026-11-24T09:00:00-05:00' });
    expect(nextDay.trxUuid).not.toBe(first.trxUuid);
    expect(await balanceOf(w.db, b.id)).toBe('12.00');
  });

  it('declines each refused card or merchant with its own response code, and records the decline', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('50.00');
    const expectCode = async (pan: string, code: string, terminal = w.terminal) => {
      const answer = await call(t, terminal, 'purchase', purchaseOf(pan, 1));
      expect(answer.responseCode, `${code}`).toBe(code);
      expect(answer.approvedAmount).toBe(0);
      return answer;
    };
    // An unknown card whose digits name the program: recorded in the program.
    const unknown = await expectCode(`${w.program.bin}${w.program.seriesNbr}0000000000`, '14');
    expect(unknown.trxUuid).not.toBeNull();
    await w.db.update(pans).set({ locked: true }).where(eq(pans.id, w.card.panId));
    await expectCode(w.card.pan, '62');
    for (const [status, code] of [
      [1, '41'],
      [2, '43'],
      [3, '78'],
      [4, '78'],
    ] as const) {
      await w.db.update(pans).set({ locked: false, panStatusId: status }).where(eq(pans.id, w.card.panId));
      await expectCode(w.card.pan, code);
    }
    await w.db.update(pans).set({ panStatusId: 0, activeDate: null }).where(eq(pans.id, w.card.panId));
    await expectCode(w.card.pan, '78');
    await w.db
      .update(pans)
      .set({ activeDate: '2026-01-01', expirationDate: '2026-11-22' })
      .where(eq(pans.id, w.card.panId));
    await expectCode(w.card.pan, '54');
    await w.db.update(pans).set({ expirationDate: '2030-12-31' }).where(eq(pans.id, w.card.panId));
    await w.db.execute(sql`update recipient_accounts set status_id = 1 where id = ${w.account.id}`);
    await expectCode(w.card.pan, '57');
    await w.db.execute(sql`update recipient_accounts set status_id = 0 where id = ${w.account.id}`);
    await w.db.execute(sql`update programs set status_id = 1 where id = ${w.program.id}`);
    await expectCode(w.card.pan, '91');
    await w.db.execute(sql`update programs set status_id = 0 where id = ${w.program.id}`);
    // A merchant unmapped from the program (mapping inactive), then an inactive merchant.
    await w.db.execute(sql`update merchant_programs set status_id = 1 where merchant_id = ${w.merchant.id}`);
    await expectCode(w.card.pan, '58');
    await w.db.execute(sql`update merchant_programs set status_id = 0 where merchant_id = ${w.merchant.id}`);
    await w.db.execute(sql`update merchants set status_id = 1 where id = ${w.merchant.id}`);
    await expectCode(w.card.pan, '03');
    await w.db.execute(sql`update merchants set status_id = 0 where id = ${w.merchant.id}`);
    // A merchant of another program altogether: its terminal may not take this program's card.
    const stranger = await makeMerchant(w.db, { programs: [] });
    await expectCode(w.card.pan, '58', await makeTerminal(w.db, stranger.id));
    // Over the configured maximum per transaction (default 999.99).
    const over = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 1000));
    expect(over).toMatchObject({ responseCode: '13' });
    // Every decline above was recorded with its card and merchant; no money moved.
    const declines = await w.db.select().from(transactions).where(eq(transactions.accountId, w.account.id));
    expect(declines.every((d) => d.respCodeId !== 1 && d.settleAmt === null)).toBe(true);
  });

  it('refuses a revoked terminal, a wrong secret and no credentials with 401, writing nothing', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('10.00');
    const count = await transactionCount(w.db);
    expect((await pos(t, null, 'purchase', purchaseOf(w.card.pan, 1))).statusCode).toBe(401);
    expect((await pos(t, { ...w.terminal, secret: 'wrong' }, 'purchase', purchaseOf(w.card.pan, 1))).statusCode).toBe(
      401,
    );
    await w.db.execute(sql`update merchant_terminals set revoked_at = now() where terminal_code = ${w.terminal.code}`);
    const revoked = await pos(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 1));
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toMatchObject({ message: 'The terminal credentials are not valid.' });
    expect(await transactionCount(w.db)).toBe(count);
  });

  it('answers 400 to malformed amounts, card numbers and trace numbers, and changes nothing', async () => {
    const w = await makePosWorld(t);
    const b = await w.giveBenefit('10.00');
    const count = await transactionCount(w.db);
    const bad: Record<string, unknown>[] = [
      { amount: 0 },
      { amount: -1 },
      { amount: 0.001 },
      { amount: 1e12 },
      { amount: '1e3' },
      { pan: w.card.pan.slice(1) },
      { traceNumber: undefined },
      { traceNumber: 'a\u0000b' },
      { terminalDateTime: '2026-11-23 10:00' },
      { eligibleAmount: 5, amount: 4 },
      { mcc: '54' },
      { location: { latitude: 91, longitude: 0 } },
      { unexpected: true },
    ];
    for (const change of bad) {
      const res = await pos(t, w.terminal, 'purchase', { ...purchaseOf(w.card.pan, 1), ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
    }
    expect(await transactionCount(w.db)).toBe(count);
    expect(await balanceOf(w.db, b.id)).toBe('10.00');
  });

  it('records the location and alerts a recipient who chose per-transaction alerts', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('10.00');
    await w.db.insert(notificationPreferences).values({ accountId: w.account.id, eventId: 5, methodId: 1 });
    const answer = await call(
      t,
      w.terminal,
      'purchase',
      purchaseOf(w.card.pan, 2.25, {
        location: { latitude: 41.7658, longitude: -72.6734, address: 'Hartford Market, stall 3' },
      }),
    );
    const [row] = await w.db.select().from(transactions).where(eq(transactions.uuid, answer.trxUuid!));
    expect(row).toMatchObject({
      latitude: '41.765800',
      longitude: '-72.673400',
      locationAddress: 'Hartford Market, stall 3',
    });
    const mail = await w.db.select().from(outbox).where(eq(outbox.to, w.account.email!));
    expect(mail.at(-1)?.body).toContain('A purchase of $2.25 was made with your card ending');
    expect(mail.at(-1)?.body).not.toContain(w.card.pan);
  });

  it('alerts a recipient who chose Spanish in Spanish; the inbox keeps the English', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('1500.00');
    await w.db.update(users).set({ preferredLanguage: 'es' }).where(eq(users.id, w.user.id));
    await w.db.insert(notificationPreferences).values({ accountId: w.account.id, eventId: 5, methodId: 1 });
    expect((await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 2.25))).responseCode).toBe('00');
    const mail = await w.db.select().from(outbox).where(eq(outbox.to, w.account.email!));
    expect(mail.at(-1)).toMatchObject({ subject: MESSAGES_ES.POS_NOTICES.SUBJECT });
    expect(mail.at(-1)?.body).toBe(
      `Se hizo una compra de $2.25 con su tarjeta que termina en ${w.card.pan.slice(-4)} en ${w.merchant.name}. ` +
        `Su saldo de ${w.program.name} es $1,497.75.`,
    );
    const inbox = await w.db.select().from(notifications).where(eq(notifications.accountId, w.account.id));
    expect(inbox.at(-1)?.text).toContain('A purchase of $2.25 was made with your card ending');
  });

  it('takes a second card of the account, and refuses a card of another account nothing', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('10.00');
    const second = await makeCard(t, w.program, w.account.id);
    expect((await call(t, w.terminal, 'purchase', purchaseOf(second.pan, 1))).responseCode).toBe('00');
  });
});
