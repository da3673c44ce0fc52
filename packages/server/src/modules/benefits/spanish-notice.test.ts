import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BENEFIT_MESSAGES } from '@ebt/core/benefits';
import { MESSAGES_ES } from '@ebt/core/i18n';
import { MESSAGES } from '@ebt/core/messages';
import { SMS_MAX_SEGMENTS, smsSize } from '@ebt/core/outbox';
import { NOTIFICATION_EVENT } from '../../db/reference-data.js';
import { auditLog, notificationPreferences, outbox, users } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { type BenefitWorld, makeBenefitWorld } from '../../testing/benefits.js';

// A recipient who chose Spanish (PUT /user-api/user/current/language, docs/i18n.md) receives the benefit-issued
// e-mail (text and HTML parts, kind 'benefit-issued') and SMS in Spanish; the API and the inbox row keep the
// specification's English.

const t = useTestApp();
let w: BenefitWorld;
beforeAll(async () => {
  w = await makeBenefitWorld(t);
});

const issueTo = (recipientIdentifier: string, authNumber: string) =>
  t.injectAs(w.tokens.programAdminA, {
    method: 'POST',
    url: '/benefit-api/benefit',
    payload: {
      benefitRecipientAccountIdentifier: recipientIdentifier,
      benefitAuthorizationNumber: authNumber,
      benefitAvailableDate: '2026-11-23',
      benefitExpirationDate: '2027-02-28',
      benefitAmount: '1234.50',
      programUuid: w.programA.uuid,
      fundingId: w.fundA.id,
      benefitTypeId: 1,
      incentiveUuid: '',
      creationChannel: 'WEB',
      agencyUuid: '',
      note: '',
      benefitOptionId: '',
    },
  });

describe('PUT /user-api/user/current/language', () => {
  it("keeps the caller's language, answers it with the current user and audits the change", async () => {
    const before = await t.injectAs(w.tokens.recipient, { method: 'GET', url: '/user-api/user/current' });
    expect(before.json()).toMatchObject({ preferredLanguage: null });
    const res = await t.injectAs(w.tokens.recipient, {
      method: 'PUT',
      url: '/user-api/user/current/language',
      payload: { language: 'es' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.PREFERENCES_UPDATED });
    const after = await t.injectAs(w.tokens.recipient, { method: 'GET', url: '/user-api/user/current' });
    expect(after.json()).toMatchObject({ preferredLanguage: 'es' });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'update-language'), eq(auditLog.actorUserId, w.users.recipient.id)));
    expect(audit).toHaveLength(1);
  });

  it('refuses a language the portal does not speak and answers 401 without a session', async () => {
    const bad = await t.injectAs(w.tokens.recipient, {
      method: 'PUT',
      url: '/user-api/user/current/language',
      payload: { language: 'fr' },
    });
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.injectAs(null, {
      method: 'PUT',
      url: '/user-api/user/current/language',
      payload: { language: 'es' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the benefit-issued notice of a recipient who chose Spanish', () => {
  it('is e-mailed and texted in Spanish, its dates day first as es-US writes them; an English recipient still gets English', async () => {
    const { db } = t.database;
    await db.update(users).set({ preferredLanguage: 'es' }).where(eq(users.id, w.users.recipient.id));
    await db.insert(notificationPreferences).values([
      { accountId: w.accounts.a1.id, eventId: NOTIFICATION_EVENT.BENEFIT_ISSUED, methodId: 1 },
      { accountId: w.accounts.a1.id, eventId: NOTIFICATION_EVENT.BENEFIT_ISSUED, methodId: 2 },
      { accountId: w.accounts.a2.id, eventId: NOTIFICATION_EVENT.BENEFIT_ISSUED, methodId: 1 },
    ]);
    expect((await issueTo(w.accounts.a1.recipientIdentifier, 'ES0001')).statusCode).toBe(201);
    expect((await issueTo(w.accounts.a2.recipientIdentifier, 'EN0001')).statusCode).toBe(201);

    const spanish = await db.select().from(outbox).where(eq(outbox.to, w.accounts.a1.email!));
    expect(spanish).toHaveLength(1);
    expect(spanish[0]).toMatchObject({
      channel: 'email',
      subject: MESSAGES_ES.BENEFIT_MESSAGES.EMAIL_SUBJECT_ISSUED,
      kind: 'benefit-issued',
    });
    const sentence = `Un beneficio de $1,234.50 de ${w.programA.name} está disponible del 23/11/2026 al 28/02/2027 (autorización ES0001).`;
    // The text part: the greeting by first name, the notice's sentence, its facts, what to do, the link, the contact.
    const body = spanish[0]!.body;
    expect(body).toMatch(/^Hola, \S+:\n\n/);
    expect(body).toContain(sentence);
    expect(body).toContain('Cantidad: $1,234.50');
    expect(body).toContain('Vence el: 28/02/2027');
    expect(body).toContain('Qué hacer ahora');
    expect(body).toMatch(/Ver sus beneficios: http\S+\/recipient\/benefits/);
    expect(body).toContain(`¿Preguntas? Comuníquese con ${w.programA.name}.`);
    // The HTML part says the same, in Spanish.
    const html = spanish[0]!.html!;
    expect(html).toContain('<html lang="es">');
    expect(html).toContain(`<title>${MESSAGES_ES.BENEFIT_MESSAGES.EMAIL_SUBJECT_ISSUED}</title>`);
    expect(html).toMatch(/<a href="http[^"]+\/recipient\/benefits"[^>]*>Ver sus beneficios<\/a>/);
    expect(html).toContain('23/11/2026');
    // The SMS: the sentence and the link, within two parts (no HTML part).
    const sms = await db.select().from(outbox).where(eq(outbox.to, w.accounts.a1.mobilePhone!));
    expect(sms[0]).toMatchObject({ channel: 'sms', kind: 'benefit-issued', html: null });
    expect(sms[0]!.body).toContain('Un beneficio de $1,234.50');
    expect(sms[0]!.body).toMatch(/Detalles: http\S+\/recipient\/benefits$/);
    expect(smsSize(sms[0]!.body).segments).toBeLessThanOrEqual(SMS_MAX_SEGMENTS);

    const english = await db.select().from(outbox).where(eq(outbox.to, w.accounts.a2.email!));
    expect(english).toHaveLength(1);
    expect(english[0]).toMatchObject({ subject: BENEFIT_MESSAGES.EMAIL_SUBJECT_ISSUED, kind: 'benefit-issued' });
    expect(english[0]!.html).toContain('<html lang="en">');
    // The English keeps the specification's dates (A§9).
    expect(english[0]!.body).toContain('A benefit of $1,234.50');
    expect(english[0]!.body).toContain('2026-11-23');
  });
});
