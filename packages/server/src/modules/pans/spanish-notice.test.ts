import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAN_STATUS } from '@ebt/core/enums';
import { MESSAGES_ES } from '@ebt/core/i18n';
import { PAN_MESSAGES } from '@ebt/core/pans';
import { NOTIFICATION_EVENT } from '../../db/reference-data.js';
import { notificationPreferences, notifications, outbox, pans, users } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { generateFor, makePanWorld, type PanWorld } from '../../testing/pans.js';

// The card-status notice of a recipient who chose Spanish is e-mailed and texted in Spanish (docs/i18n.md), with the
// status word agreeing with 'tarjeta'; the inbox row and an English recipient's mail keep the English.

const ES = MESSAGES_ES.PAN_MESSAGES;
const t = useTestApp();
let w: PanWorld;
beforeAll(async () => {
  w = await makePanWorld(t);
});
const db = () => t.database.db;
const last4Of = async (id: number) => (await db().select().from(pans).where(eq(pans.id, id)))[0]!.panLast4;

describe('the card-status notice of a recipient who chose Spanish', () => {
  it('is sent in Spanish for a report and a staff status change; an English recipient keeps the English', async () => {
    await db().update(users).set({ preferredLanguage: 'es' }).where(eq(users.id, w.users.recipientUser.id));
    await db()
      .insert(notificationPreferences)
      .values([
        { accountId: w.accounts.own.id, eventId: NOTIFICATION_EVENT.CARD_STATUS, methodId: 1 },
        { accountId: w.accounts.own.id, eventId: NOTIFICATION_EVENT.CARD_STATUS, methodId: 2 },
        { accountId: w.accounts.other.id, eventId: NOTIFICATION_EVENT.CARD_STATUS, methodId: 1 },
      ]);
    const reported = await generateFor(t, w.tokens.programAdminA, w.programs.programA.id, w.accounts.own.uuid);
    const res = await t.injectAs(w.tokens.recipientUser, {
      method: 'PATCH',
      url: `/account-api/pans/currentuser/${reported}`,
      payload: { action: 'lost' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The API keeps the specification's English.
    expect(res.json()).toMatchObject({ message: PAN_MESSAGES.CARD_REPORTED_LOST });
    const statused = await generateFor(t, w.tokens.programAdminA, w.programs.programA.id, w.accounts.own.uuid);
    const staff = await t.injectAs(w.tokens.programAdminA, {
      method: 'PATCH',
      url: `/benefit-api/pans/${statused}`,
      payload: { panStatusId: PAN_STATUS.INACTIVE },
    });
    expect(staff.statusCode, staff.body).toBe(200);

    const program = w.programs.programA.name;
    const mail = await db().select().from(outbox).where(eq(outbox.to, w.accounts.own.email!));
    expect(mail.map((m) => m.subject)).toEqual([ES.NOTICE_SUBJECT, ES.NOTICE_SUBJECT]);
    const sentences = [
      `Su tarjeta que termina en ${await last4Of(reported)} (${program}) se reportó como perdida y ya no se puede usar. Comuníquese con su programa para obtener una tarjeta nueva.`,
      `Su tarjeta que termina en ${await last4Of(statused)} (${program}) ahora está inactiva.`,
    ];
    // The e-mail frames the sentence (docs/notices.md): greeting, the card's facts with its status in Spanish, the link.
    sentences.forEach((sentence, i) => expect(mail[i]!.body).toContain(`\n\n${sentence}\n\n`));
    expect(mail.map((m) => m.kind)).toEqual(['card-lost', 'card-locked']);
    expect(mail[1]!.body).toContain('Estado: inactiva');
    expect(mail[1]!.html).toContain('<html lang="es">');
    const sms = await db().select().from(outbox).where(eq(outbox.to, w.accounts.own.mobilePhone!));
    // The SMS keeps within two parts: a long sentence is cut at a word, the link stays.
    sentences.forEach((sentence, i) => expect(sms[i]!.body.includes(sentence.slice(0, 60))).toBe(true));
    expect(sms[1]!.body).toMatch(/Detalles: http\S+\/recipient\/home$/);
    const inbox = await db().select().from(notifications).where(eq(notifications.accountId, w.accounts.own.id));
    expect(inbox.map((n) => n.text)).toContain(
      `Your card ending in ${await last4Of(statused)} (${program}) is now inactive.`,
    );

    const other = await generateFor(t, w.tokens.programAdminA, w.programs.programA.id, w.accounts.other.uuid);
    await t.injectAs(w.tokens.otherRecipientUser, {
      method: 'PATCH',
      url: `/account-api/pans/currentuser/${other}`,
      payload: { action: 'stolen' },
    });
    const english = await db().select().from(outbox).where(eq(outbox.to, w.accounts.other.email!));
    expect(english.map((m) => m.subject)).toEqual([PAN_MESSAGES.NOTICE_SUBJECT]);
    expect(english[0]!.body).toContain(`Your card ending in ${await last4Of(other)}`);
  });
});
