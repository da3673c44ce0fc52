import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { POS_MESSAGES } from '@ebt/core/pos';
import { auditLog, outbox, pans, programs, staffNotifications, transactions } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeUser } from '../../testing/factories.js';
import {
  CARD_PIN,
  call,
  inquiryOf,
  makeCard,
  makePosWorld,
  makeTerminal,
  purchaseOf,
  refundOf,
  setPin,
} from '../../testing/pos-world.js';
import { PIN_THROTTLE_TOPIC } from './pin.js';

// The card's PIN at the engine (docs/transaction-engine.md "PIN"): 55 for a wrong or missing PIN, 75 from the day's
// fourth wrong try until midnight in the program's zone, 65 for a terminal that sprays wrong PINs, and the PIN in no
// answer, log line, audit row or transaction row.

const lines: string[] = [];
const t = useTestApp({ LOG_LEVEL: 'debug' }, { logLines: lines });
const answers: string[] = [];
afterEach(() => t.clock.reset());

const WRONG = '8142';

async function send(
  terminal: Parameters<typeof call>[1],
  kind: 'purchase' | 'balance-inquiry',
  body: Record<string, unknown>,
) {
  const answer = await call(t, terminal, kind, body);
  answers.push(JSON.stringify(answer));
  return answer;
}

async function cardRow(panId: number) {
  const [row] = await t.database.db.select().from(pans).where(eq(pans.id, panId));
  return row!;
}

async function rowOf(uuid: string) {
  const [row] = await t.database.db.select().from(transactions).where(eq(transactions.uuid, uuid));
  return row!;
}

describe('the PIN of a purchase and a balance inquiry', () => {
  it('approves the right PIN; declines a wrong one 55 and counts it; a call without the PIN is 55, not counted', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('20.00');
    expect(await send(w.terminal, 'purchase', purchaseOf(w.card.pan, 2))).toMatchObject({ responseCode: '00' });
    expect(await send(w.terminal, 'balance-inquiry', inquiryOf(w.card.pan))).toMatchObject({
      responseCode: '00',
      balanceAfter: 18,
    });

    const wrong = await send(w.terminal, 'purchase', purchaseOf(w.card.pan, 2, { pin: WRONG }));
    expect(wrong).toMatchObject({ responseCode: '55', responseText: 'Incorrect PIN', additionalResponseText: null });
    expect(wrong.approvedAmount).toBe(0);
    expect(await rowOf(wrong.trxUuid!)).toMatchObject({ respCodeId: 20, panId: w.card.panId, settleAmt: null });
    expect(await cardRow(w.card.panId)).toMatchObject({ pinWrongDay: '2026-11-23', pinWrongCount: 1 });

    const none = await send(w.terminal, 'purchase', purchaseOf(w.card.pan, 2, { pin: undefined }));
    expect(none).toMatchObject({ responseCode: '55', additionalResponseText: POS_MESSAGES.PIN_REQUIRED });
    const asked = await send(w.terminal, 'balance-inquiry', inquiryOf(w.card.pan, { pin: WRONG }));
    expect(asked).toMatchObject({ responseCode: '55', balanceAfter: null });
    expect((await cardRow(w.card.panId)).pinWrongCount).toBe(2);
    // Nothing was spent by the declines.
    expect(await send(w.terminal, 'balance-inquiry', inquiryOf(w.card.pan))).toMatchObject({ balanceAfter: 18 });
  });

  it('answers the fourth wrong PIN of the day 75 and refuses the right one until midnight in the program zone', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('20.00');
    const bought = await send(w.terminal, 'purchase', purchaseOf(w.card.pan, 5));
    const codes: string[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await send(w.terminal, 'purchase', purchaseOf(w.card.pan, 1, { pin: WRONG }))).responseCode);
    expect(codes).toEqual(['55', '55', '55', '75']);
    expect((await cardRow(w.card.panId)).pinWrongCount).toBe(4);

    const right = await send(w.terminal, 'purchase', purchaseOf(w.card.pan, 1));
    expect(right).toMatchObject({ responseCode: '75', additionalResponseText: POS_MESSAGES.PIN_LOCKED_TODAY });
    expect(await send(w.terminal, 'balance-inquiry', inquiryOf(w.card.pan))).toMatchObject({ responseCode: '75' });
    // Declines found on the facts are not counted again.
    expect((await cardRow(w.card.panId)).pinWrongCount).toBe(4);
    // A refund needs no PIN.
    expect(await call(t, w.terminal, 'refund', refundOf({ trxUuid: bought.trxUuid }, 1))).toMatchObject({
      responseCode: '00',
    });

    // 23:59 in New York (the program's zone) is still the same day; midnight is the next.
    const [program] = await t.database.db.select().from(programs).where(eq(programs.id, w.program.id));
    expect(program!.timeZone).toBe('America/New_York');
    t.clock.advance(13 * 3600_000 + 59 * 60_000); // 2026-11-23 23:59 EST
    expect((await send(w.terminal, 'purchase', purchaseOf(w.card.pan, 1))).responseCode).toBe('75');
    t.clock.advance(60_000); // 2026-11-24 00:00 EST
    expect(await send(w.terminal, 'purchase', purchaseOf(w.card.pan, 1))).toMatchObject({ responseCode: '00' });
    // A wrong PIN of the new day starts the count again.
    expect((await send(w.terminal, 'purchase', purchaseOf(w.card.pan, 1, { pin: WRONG }))).responseCode).toBe('55');
    expect(await cardRow(w.card.panId)).toMatchObject({ pinWrongDay: '2026-11-24', pinWrongCount: 1 });
  });

  it('declines a card with no PIN (or one hashed under a removed key) 55 without counting it, and spends it once its PIN is set', async () => {
    const w = await makePosWorld(t);
    const card = await makeCard(t, w.program, w.account.id, { pin: null });
    await w.giveBenefit('20.00');
    const answer = await send(w.terminal, 'purchase', purchaseOf(card.pan, 3));
    expect(answer).toMatchObject({ responseCode: '55', additionalResponseText: POS_MESSAGES.PIN_NOT_SET });
    expect((await cardRow(card.panId)).pinWrongCount).toBe(0);
    // A hash made under a key no longer configured is as good as none: not counted, the holder sets a new PIN.
    await t.database.db
      .update(pans)
      .set({ pinHash: `0badc0de:${'ab'.repeat(32)}` })
      .where(eq(pans.id, card.panId));
    const stale = await send(w.terminal, 'purchase', purchaseOf(card.pan, 3, { pin: '6053' }));
    expect(stale).toMatchObject({ responseCode: '55', additionalResponseText: POS_MESSAGES.PIN_NOT_SET });
    expect((await cardRow(card.panId)).pinWrongCount).toBe(0);
    await setPin(t, card.panId, '6053');
    expect(await send(w.terminal, 'purchase', purchaseOf(card.pan, 3, { pin: '6053' }))).toMatchObject({
      responseCode: '00',
      approvedAmount: 3,
    });
  });

  it('asks no PIN in a program that does not require one, and ignores a PIN sent', async () => {
    const w = await makePosWorld(t);
    await t.database.db.update(programs).set({ pinRequired: false }).where(eq(programs.id, w.program.id));
    await w.giveBenefit('20.00');
    const card = await makeCard(t, w.program, w.account.id, { pin: null });
    expect(await send(w.terminal, 'purchase', purchaseOf(card.pan, 2, { pin: undefined }))).toMatchObject({
      responseCode: '00',
    });
    expect(await send(w.terminal, 'purchase', purchaseOf(w.card.pan, 2, { pin: WRONG }))).toMatchObject({
      responseCode: '00',
    });
    expect((await cardRow(w.card.panId)).pinWrongCount).toBe(0);
  });

  it('answers a copy of a wrong-PIN call its first answer without counting again; another PIN under its name is 94', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('20.00');
    const body = purchaseOf(w.card.pan, 2, { pin: WRONG });
    const first = await send(w.terminal, 'purchase', body);
    expect(await send(w.terminal, 'purchase', body)).toEqual(first);
    expect((await cardRow(w.card.panId)).pinWrongCount).toBe(1);
    const other = await send(w.terminal, 'purchase', { ...body, pin: CARD_PIN });
    expect(other).toMatchObject({ responseCode: '94', approvedAmount: 0 });
    const right = purchaseOf(w.card.pan, 2);
    const approved = await send(w.terminal, 'purchase', right);
    expect(await send(w.terminal, 'purchase', right)).toEqual(approved);
  });
});

describe('a terminal that sprays wrong PINs', () => {
  it('is refused 65 for every PIN call after 10 wrong PINs in 15 minutes, staff are alerted once, and it recovers', async () => {
    const w = await makePosWorld(t);
    const admin = await makeUser(t.database.db, { roleId: ROLE.PROGRAM_ADMIN, programs: [w.program] });
    const cards: Awaited<ReturnType<typeof makeCard>>[] = [];
    for (let i = 0; i < 11; i++) cards.push(await makeCard(t, w.program, w.account.id));
    await w.giveBenefit('50.00');
    for (const card of cards.slice(0, 10))
      expect((await send(w.terminal, 'purchase', purchaseOf(card.pan, 1, { pin: WRONG }))).responseCode).toBe('55');

    const refused = await send(w.terminal, 'purchase', purchaseOf(cards[10]!.pan, 1));
    expect(refused).toMatchObject({ responseCode: '65', responseText: 'Activity count limit exceeded' });
    expect(await rowOf(refused.trxUuid!)).toMatchObject({ respCodeId: 22, terminalId: w.terminal.code });
    expect((await send(w.terminal, 'balance-inquiry', inquiryOf(w.card.pan))).responseCode).toBe('65');
    // Another terminal of the merchant is not refused.
    const other = await makeTerminal(t.database.db, w.merchant.id);
    expect((await send(other, 'purchase', purchaseOf(w.card.pan, 1))).responseCode).toBe('00');

    const alerts = await t.database.db
      .select()
      .from(staffNotifications)
      .where(and(eq(staffNotifications.userId, admin.id), eq(staffNotifications.topic, PIN_THROTTLE_TOPIC)));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain(w.terminal.code);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, admin.email));
    expect(mails.map((m) => m.subject)).toEqual([POS_MESSAGES.PIN_THROTTLE_SUBJECT]);
    const logged = lines.filter((l) => l.includes('terminal refused for wrong PINs'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(w.terminal.code);
    for (const card of cards) expect(logged[0]).not.toContain(card.pan.slice(-8));

    // The wrong PINs age out of the window: the terminal's PIN calls go through again.
    t.clock.advance(16 * 60_000);
    expect((await send(w.terminal, 'purchase', purchaseOf(cards[10]!.pan, 1))).responseCode).toBe('00');
  });
});

describe('a terminal refused by several calls at once', () => {
  it('alerts staff once, however many refusals race to be the first of the window', async () => {
    const w = await makePosWorld(t);
    const admin = await makeUser(t.database.db, { roleId: ROLE.PROGRAM_ADMIN, programs: [w.program] });
    const cards: Awaited<ReturnType<typeof makeCard>>[] = [];
    for (let i = 0; i < 10; i++) cards.push(await makeCard(t, w.program, w.account.id));
    await w.giveBenefit('50.00');
    for (const card of cards)
      expect((await send(w.terminal, 'purchase', purchaseOf(card.pan, 1, { pin: WRONG }))).responseCode).toBe('55');
    // Each of these reads that no alert was written yet before any of them writes one.
    const refused = await Promise.all(
      Array.from({ length: 8 }, () => send(w.terminal, 'purchase', purchaseOf(w.card.pan, 1))),
    );
    expect(refused.map((a) => a.responseCode)).toEqual(Array(8).fill('65'));
    const alerts = await t.database.db
      .select()
      .from(staffNotifications)
      .where(and(eq(staffNotifications.userId, admin.id), eq(staffNotifications.topic, PIN_THROTTLE_TOPIC)));
    expect(alerts).toHaveLength(1);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, admin.email))).toHaveLength(1);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'pos_pin_throttle'), eq(auditLog.entityId, w.terminal.code)));
    expect(audits).toHaveLength(1);
  });
});

describe('parallel guesses', () => {
  it('judges no more than the day’s tries: 20 parallel wrong PINs and the right one, on one card', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('50.00');
    const bodies = [
      ...Array.from({ length: 20 }, () => purchaseOf(w.card.pan, 1, { pin: WRONG })),
      purchaseOf(w.card.pan, 1),
    ];
    // Spread over terminals of the merchant, so the terminal throttle does not answer first.
    const terminals: Awaited<ReturnType<typeof makeTerminal>>[] = [];
    for (let i = 0; i < 7; i++) terminals.push(await makeTerminal(t.database.db, w.merchant.id));
    const got = await Promise.all(bodies.map((b, i) => send(terminals[i % 7]!, 'purchase', b)));
    const wrong = got.slice(0, 20).map((a) => a.responseCode);
    const right = got[20]!;
    // Every wrong PIN counted gets its own count under the card's lock: the first three are 55, every other 75.
    expect(wrong.filter((c) => c === '55')).toHaveLength(3);
    expect(wrong.filter((c) => c === '75')).toHaveLength(17);
    // The right PIN is judged only while fewer than four wrong ones were counted, else refused 75.
    expect(['00', '75']).toContain(right.responseCode);
    const card = await cardRow(w.card.panId);
    expect(card.pinWrongCount).toBeGreaterThanOrEqual(4);
    const approved = await t.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.panId, w.card.panId), eq(transactions.respCodeId, 1)));
    expect(approved).toHaveLength(right.responseCode === '00' ? 1 : 0);
    // After the race the card is refused the rest of the day, right PIN or not.
    expect((await send(w.terminal, 'purchase', purchaseOf(w.card.pan, 1))).responseCode).toBe('75');
  });
});

describe('the PIN in clear', () => {
  it('is in no answer, log line, audit row or transaction row', async () => {
    const quoted = [CARD_PIN, WRONG, '6053'].map((p) => `"${p}"`);
    const hashes = (await t.database.db.select({ h: pans.pinHash }).from(pans)).map((r) => r.h!).filter(Boolean);
    const audit = (await t.database.db.select().from(auditLog)).map((r) => JSON.stringify(r));
    const rows = (await t.database.db.select().from(transactions)).map((r) => JSON.stringify(r));
    expect(answers.length).toBeGreaterThan(30);
    expect(lines.length).toBeGreaterThan(30);
    expect(rows.length).toBeGreaterThan(30);
    for (const text of [...answers, ...lines, ...audit, ...rows]) {
      for (const pin of quoted) expect(text).not.toContain(pin);
      expect(text).not.toMatch(/"pin"\s*:/i);
      for (const hash of hashes) expect(text).not.toContain(hash.split(':')[1]);
    }
  });
});
