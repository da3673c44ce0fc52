import { and, eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAN_STATUS } from '@ebt/core/enums';
import { todayIn } from '@ebt/core/format';
import { MESSAGES_ES } from '@ebt/core/i18n';
import { MESSAGES } from '@ebt/core/messages';
import { PAN_MESSAGES, PIN_TRIES_PER_DAY } from '@ebt/core/pans';
import { NOTIFICATION_EVENT } from '../../db/reference-data.js';
import {
  auditLog,
  notificationPreferences,
  notifications,
  outbox,
  pans,
  programs,
  recipientAccounts,
  users,
} from '../../db/schema/index.js';
import { pinMatches } from '../../platform/pin.js';
import { useTestApp } from '../../testing/app.js';
import { DEFAULT_PASSWORD } from '../../testing/factories.js';
import { generateFor, makePanWorld, newRecipient, type PanWorld } from '../../testing/pans.js';

// Card PINs (docs/security.md "Card PINs"): the recipient sets and changes the PIN of their own Active card (a change
// needs their password), trivial PINs are refused, staff within the recipient's scope clear it and the recipient is
// told; the PIN and its hash are in no answer, audit row or log line.

/** The app's log lines at debug level: no line may carry a PIN or its hash. */
const lines: string[] = [];
const t = useTestApp({ LOG_LEVEL: 'debug' }, { logLines: lines });
let w: PanWorld;
beforeAll(async () => {
  w = await makePanWorld(t);
  // Room for the cards the cases make.
  await t.database.db
    .update(recipientAccounts)
    .set({ maxPrintedPans: 50 })
    .where(inArray(recipientAccounts.id, [w.accounts.own.id, w.accounts.other.id]));
});

const db = () => t.database.db;
/** Every answer of the file, to prove afterwards that none carried a PIN or a hash. */
const answers: string[] = [];
const PINS_USED = ['5827', '6093', '7351', '0000', '1234', '4321'];
async function send(token: string, options: InjectOptions) {
  const res = await t.injectAs(token, options);
  answers.push(res.body);
  return res;
}
const setPin = (token: string, panId: number, payload: Record<string, unknown>) =>
  send(token, { method: 'PUT', url: `/account-api/pans/currentuser/${panId}/pin`, payload });
const clearPin = (token: string, panId: number) =>
  send(token, { method: 'DELETE', url: `/account-api/pans/${panId}/pin` });
const panRow = async (id: number) => (await db().select().from(pans).where(eq(pans.id, id)))[0]!;
const pinAudits = async (panId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'pan'), eq(auditLog.entityId, String(panId))));
/** A card of the recipient with last four digits no rule refuses as a PIN. */
async function ownCard() {
  const panId = await generateFor(t, w.tokens.programAdminA, w.programs.programA.id, w.accounts.own.uuid);
  await db().update(pans).set({ panLast4: '2468' }).where(eq(pans.id, panId));
  return panId;
}

describe('PUT /account-api/pans/currentuser/{panId}/pin', () => {
  it('sets the PIN of an own card: kept as its keyed hash, the card answered with pinSet, audited without it', async () => {
    const panId = await ownCard();
    const res = await setPin(w.tokens.recipientUser, panId, { pin: '5827' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: PAN_MESSAGES.PIN_SET,
      card: { panId, pinSet: true, pinSetAt: t.clock.now().toISOString(), pinTriesExceeded: false },
    });
    const row = await panRow(panId);
    expect(pinMatches(row.pinHash, panId, '5827', t.config.pinKeys)).toBe(true);
    expect(row.pinSetAt?.toISOString()).toBe(t.clock.now().toISOString());
    const audits = await pinAudits(panId);
    expect(audits.find((a) => a.action === 'pin-set')).toMatchObject({
      before: { pinSet: false, pinSetAt: null },
      after: { pinSet: true },
    });
    const cards = await send(w.tokens.recipientUser, { method: 'GET', url: '/account-api/pans/currentuser' });
    expect((cards.json() as { panId: number; pinSet: boolean }[]).find((c) => c.panId === panId)).toMatchObject({
      pinSet: true,
    });
  });

  it('changes it only with the right current password; a missing or wrong one changes nothing', async () => {
    const panId = await ownCard();
    expect((await setPin(w.tokens.recipientUser, panId, { pin: '5827' })).statusCode).toBe(200);
    const before = await panRow(panId);

    const missing = await setPin(w.tokens.recipientUser, panId, { pin: '6093' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: PAN_MESSAGES.PIN_CURRENT_PASSWORD_REQUIRED,
      errorMessages: [{ field: 'currentPassword' }],
    });
    const wrong = await setPin(w.tokens.recipientUser, panId, { pin: '6093', currentPassword: 'Wrong#Pass9' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: MESSAGES.CURRENT_PASSWORD_INVALID,
      errorMessages: [{ field: 'currentPassword' }],
    });
    expect(await panRow(panId)).toEqual(before);

    t.clock.advance(60_000);
    const right = await setPin(w.tokens.recipientUser, panId, { pin: '6093', currentPassword: DEFAULT_PASSWORD });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ message: PAN_MESSAGES.PIN_CHANGED, card: { pinSet: true } });
    const row = await panRow(panId);
    expect(pinMatches(row.pinHash, panId, '6093', t.config.pinKeys)).toBe(true);
    expect(pinMatches(row.pinHash, panId, '5827', t.config.pinKeys)).toBe(false);
    expect((await pinAudits(panId)).map((a) => a.action)).toEqual(
      expect.arrayContaining(['pin-set', 'pin-change-failed', 'pin-change']),
    );
    t.clock.reset();
  });

  it.each([
    ['four equal digits', '0000', PAN_MESSAGES.PIN_TRIVIAL],
    ['a run up', '1234', PAN_MESSAGES.PIN_TRIVIAL],
    ['a run down', '4321', PAN_MESSAGES.PIN_TRIVIAL],
    ["the card's last four", '2468', PAN_MESSAGES.PIN_IS_CARD],
    ['three digits', '123', PAN_MESSAGES.PIN_FORMAT],
    ['letters', '12a4', PAN_MESSAGES.PIN_FORMAT],
  ])('refuses %s (%s) on the pin field and writes nothing', async (_name, pin, message) => {
    const panId = await ownCard();
    const res = await setPin(w.tokens.recipientUser, panId, { pin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorMessages: [{ field: 'pin', appErrorMessage: message }] });
    expect((await panRow(panId)).pinHash).toBeNull();
    expect((await pinAudits(panId)).map((a) => a.action)).not.toContain('pin-set');
  });

  it("answers 404 for another recipient's card, 422 for a card not Active, 403 to staff", async () => {
    const other = await generateFor(t, w.tokens.programAdminA, w.programs.programA.id, w.accounts.other.uuid);
    expect((await setPin(w.tokens.recipientUser, other, { pin: '5827' })).statusCode).toBe(404);
    expect((await panRow(other)).pinHash).toBeNull();
    const lost = await ownCard();
    await db().update(pans).set({ panStatusId: PAN_STATUS.LOST }).where(eq(pans.id, lost));
    const refused = await setPin(w.tokens.recipientUser, lost, { pin: '5827' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(PAN_MESSAGES.PIN_CARD_NOT_ACTIVE);
    expect((await setPin(w.tokens.programAdminA, other, { pin: '5827' })).statusCode).toBe(403);
  });
});

describe('DELETE /account-api/pans/{panId}/pin', () => {
  it('clears the PIN for staff in scope: audited, the recipient told in their inbox and by e-mail', async () => {
    const panId = await ownCard();
    await setPin(w.tokens.recipientUser, panId, { pin: '7351' });
    await db().update(pans).set({ pinWrongDay: '2026-11-23', pinWrongCount: 2 }).where(eq(pans.id, panId));
    await db()
      .insert(notificationPreferences)
      .values({ accountId: w.accounts.own.id, eventId: NOTIFICATION_EVENT.CARD_STATUS, methodId: 1 })
      .onConflictDoNothing();
    const res = await clearPin(w.tokens.agencyUserA1, panId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: PAN_MESSAGES.PIN_CLEARED });
    expect(await panRow(panId)).toMatchObject({ pinHash: null, pinSetAt: null, pinWrongDay: null, pinWrongCount: 0 });
    const audit = (await pinAudits(panId)).find((a) => a.action === 'pin-clear');
    expect(audit).toMatchObject({
      actorUserId: w.users.agencyUserA1.id,
      before: { pinSet: true },
      after: { pinSet: false },
    });
    const text = `The PIN of your card ending in 2468 (${w.programs.programA.name}) was cleared by your program. Set a new PIN in the portal before you pay with the card.`;
    const inbox = await db().select().from(notifications).where(eq(notifications.accountId, w.accounts.own.id));
    expect(inbox.map((n) => n.text)).toContain(text);
    const mail = await db().select().from(outbox).where(eq(outbox.to, w.accounts.own.email!));
    const notice = mail.find((m) => m.body.includes(`\n\n${text}\n\n`));
    expect(notice).toMatchObject({ subject: PAN_MESSAGES.PIN_NOTICE_SUBJECT, kind: 'card-pin-cleared' });
    expect(notice!.body).toContain('Choose a new PIN at your next purchase.');
    // Cleared: nothing more to clear; the recipient sets a new one without a password.
    expect((await clearPin(w.tokens.agencyUserA1, panId)).statusCode).toBe(422);
    expect((await setPin(w.tokens.recipientUser, panId, { pin: '5827' })).json().message).toBe(PAN_MESSAGES.PIN_SET);
  });

  it('tells a recipient who chose Spanish in Spanish', async () => {
    await db().update(users).set({ preferredLanguage: 'es' }).where(eq(users.id, w.users.otherRecipientUser.id));
    await db()
      .insert(notificationPreferences)
      .values({ accountId: w.accounts.other.id, eventId: NOTIFICATION_EVENT.CARD_STATUS, methodId: 1 })
      .onConflictDoNothing();
    const panId = await generateFor(t, w.tokens.programAdminA, w.programs.programA.id, w.accounts.other.uuid);
    await db().update(pans).set({ panLast4: '2468' }).where(eq(pans.id, panId));
    expect((await setPin(w.tokens.otherRecipientUser, panId, { pin: '5827' })).statusCode).toBe(200);
    expect((await clearPin(w.tokens.programAdminA, panId)).statusCode).toBe(200);
    const mail = await db().select().from(outbox).where(eq(outbox.to, w.accounts.other.email!));
    const es = MESSAGES_ES.PAN_MESSAGES;
    expect(mail.map((m) => m.subject)).toContain(es.PIN_NOTICE_SUBJECT);
    expect(
      mail.some((m) =>
        m.body.includes(
          `Su programa borró el PIN de su tarjeta que termina en 2468 (${w.programs.programA.name}). Establezca un PIN nuevo en el portal antes de pagar con la tarjeta.`,
        ),
      ),
    ).toBe(true);
  });

  it('answers 404 to staff outside the recipient scope and 403 to a recipient, clearing nothing', async () => {
    const elsewhere = await newRecipient(t, w, 'b1');
    const inB = await generateFor(t, w.tokens.programAdminAB, w.programs.programB.id, elsewhere.uuid);
    const inA2 = await generateFor(
      t,
      w.tokens.programAdminA,
      w.programs.programA.id,
      (await newRecipient(t, w, 'a2')).uuid,
    );
    await db()
      .update(pans)
      .set({ pinHash: 'set', pinSetAt: t.clock.now() })
      .where(inArray(pans.id, [inB, inA2]));
    expect((await clearPin(w.tokens.programAdminA, inB)).statusCode).toBe(404);
    expect((await clearPin(w.tokens.agencyAdminA1, inA2)).statusCode).toBe(404);
    expect((await clearPin(w.tokens.agencyUserA1, inA2)).statusCode).toBe(404);
    const own = await ownCard();
    await setPin(w.tokens.recipientUser, own, { pin: '5827' });
    expect((await clearPin(w.tokens.recipientUser, own)).statusCode).toBe(403);
    for (const id of [inB, inA2, own]) expect((await panRow(id)).pinHash).not.toBeNull();
    expect((await clearPin(w.tokens.programAdminAB, inB)).statusCode).toBe(200);
  });
});

describe('pinTriesExceeded', () => {
  it(`shows after ${PIN_TRIES_PER_DAY} wrong PINs on the program's today, not the next day; a new PIN resets it`, async () => {
    const panId = await ownCard();
    await setPin(w.tokens.recipientUser, panId, { pin: '5827' });
    const [program] = await db().select().from(programs).where(eq(programs.id, w.programs.programA.id));
    const today = todayIn(program!.timeZone || t.config.defaultTimeZone, t.clock.now());
    await db().update(pans).set({ pinWrongDay: today, pinWrongCount: PIN_TRIES_PER_DAY }).where(eq(pans.id, panId));
    const own = async () =>
      (
        (await send(w.tokens.recipientUser, { method: 'GET', url: '/account-api/pans/currentuser' })).json() as {
          panId: number;
          pinTriesExceeded: boolean;
        }[]
      ).find((c) => c.panId === panId)!;
    const staffRow = async () =>
      (
        (
          await send(w.tokens.programAdminA, {
            method: 'GET',
            url: `/account-api/pans?programId=${w.programs.programA.id}&accountUuid=${w.accounts.own.uuid}`,
          })
        ).json() as { panId: number; pinSet: boolean; pinTriesExceeded: boolean }[]
      ).find((p) => p.panId === panId)!;
    expect((await own()).pinTriesExceeded).toBe(true);
    expect(await staffRow()).toMatchObject({ pinSet: true, pinTriesExceeded: true });
    await db()
      .update(pans)
      .set({ pinWrongCount: PIN_TRIES_PER_DAY - 1 })
      .where(eq(pans.id, panId));
    expect((await own()).pinTriesExceeded).toBe(false);
    await db().update(pans).set({ pinWrongCount: PIN_TRIES_PER_DAY }).where(eq(pans.id, panId));
    // The next day (the sessions would not live a day on the test's clock: the tries are made a day older instead).
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 24 * 3600_000).toISOString().slice(0, 10);
    await db().update(pans).set({ pinWrongDay: yesterday }).where(eq(pans.id, panId));
    expect((await own()).pinTriesExceeded).toBe(false);
    expect((await staffRow()).pinTriesExceeded).toBe(false);
    await db().update(pans).set({ pinWrongDay: today }).where(eq(pans.id, panId));
    expect((await own()).pinTriesExceeded).toBe(true);
    const changed = await setPin(w.tokens.recipientUser, panId, { pin: '6093', currentPassword: DEFAULT_PASSWORD });
    expect(changed.json()).toMatchObject({ card: { pinTriesExceeded: false } });
    expect(await panRow(panId)).toMatchObject({ pinWrongDay: null, pinWrongCount: 0 });
  });
});

describe('the PIN and its hash', () => {
  it('appear in no answer, audit row or log line of this file', async () => {
    const hashes = (await db().select({ h: pans.pinHash }).from(pans)).flatMap((r) => (r.h ? [r.h] : []));
    expect(hashes.length).toBeGreaterThan(0);
    const digests = hashes.map((h) => h.split(':')[1] ?? h).filter((d) => d.length > 8);
    const audits = JSON.stringify(await db().select().from(auditLog));
    // The PINs of the trivial-PIN cases were refused, so they may be echoed back in nothing either.
    const pinQuoted = (text: string) => PINS_USED.some((pin) => text.includes(`"${pin}"`));
    for (const [name, text] of [
      ['answers', answers.join('\n')],
      ['audit rows', audits],
      ['log lines', lines.join('\n')],
    ] as const) {
      expect(pinQuoted(text), name).toBe(false);
      for (const d of digests) expect(text.includes(d), name).toBe(false);
    }
    expect(lines.length).toBeGreaterThan(0);
  });
});
