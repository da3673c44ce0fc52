import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BENEFIT_LIFE_CYCLE_MESSAGES } from '@ebt/core/benefits';
import { MESSAGES_ES } from '@ebt/core/i18n';
import { NOTIFICATION_EVENT } from '../../db/reference-data.js';
import { notificationPreferences, notifications, outbox, users } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { runBenefitLifeCycle } from './lifecycle.js';
import { type BenefitWorld, makeBenefit, makeBenefitWorld } from '../../testing/benefits.js';

// The life-cycle notices (expiry reminder, expired with money left, expunged balance) of a recipient who chose
// Spanish are e-mailed and texted in Spanish (docs/i18n.md); the inbox row and an English recipient's mail stay
// English.

const ES = MESSAGES_ES.BENEFIT_LIFE_CYCLE_MESSAGES;
const t = useTestApp();
let w: BenefitWorld;
beforeAll(async () => {
  w = await makeBenefitWorld(t);
});

describe('the life-cycle notices of a recipient who chose Spanish', () => {
  it('are sent in Spanish by e-mail and SMS; the inbox and an English recipient keep the English', async () => {
    const { db } = t.database;
    await db.update(users).set({ preferredLanguage: 'es' }).where(eq(users.id, w.users.recipient.id));
    const events = [NOTIFICATION_EVENT.BENEFIT_EXPIRING, NOTIFICATION_EVENT.BENEFIT_EXPIRED];
    await db.insert(notificationPreferences).values([
      ...events.flatMap((eventId) => [
        { accountId: w.accounts.a1.id, eventId, methodId: 1 },
        { accountId: w.accounts.a1.id, eventId, methodId: 2 },
      ]),
      ...events.map((eventId) => ({ accountId: w.accounts.a2.id, eventId, methodId: 1 })),
    ]);
    for (const [account, prefix] of [
      [w.accounts.a1, 'ES'],
      [w.accounts.a2, 'EN'],
    ] as const) {
      // Expires in 8 days: the reminder. Expired in June: expired and expunged (90 days) in the same run.
      await makeBenefit(db, {
        programId: w.programA.id,
        accountId: account.id,
        authorizationNumber: `${prefix}SOON`,
        expirationDate: '2026-12-01',
        balance: '12.50',
      });
      await makeBenefit(db, {
        programId: w.programA.id,
        accountId: account.id,
        authorizationNumber: `${prefix}OLD`,
        availableDate: '2026-05-01',
        expirationDate: '2026-06-01',
        balance: '7.25',
      });
    }
    const result = await runBenefitLifeCycle(db, t.clock.now(), { defaultTimeZone: 'America/New_York' });
    expect(result).toMatchObject({ reminded: 2 });

    const spanish = await db.select().from(outbox).where(eq(outbox.to, w.accounts.a1.email!));
    // Each e-mail carries the notice's sentence framed (greeting, facts, what to do, link; docs/notices.md), its kind
    // names it in the delivery log.
    const sentences: [string, string, string][] = [
      [
        ES.EMAIL_SUBJECT_EXPIRING!,
        'Su beneficio ESSOON vence el 01/12/2026 y le quedan $12.50 para gastar.',
        'benefit-expiring',
      ],
      [ES.EMAIL_SUBJECT_EXPIRED!, 'Su beneficio ESOLD venció el 01/06/2026 con $7.25 sin gastar.', 'benefit-expired'],
      [
        ES.EMAIL_SUBJECT_EXPUNGED!,
        'Se retiraron los $7.25 que quedaban en su beneficio vencido ESOLD.',
        'benefit-expunged',
      ],
    ];
    expect(spanish).toHaveLength(3);
    for (const [subject, sentence, kind] of sentences) {
      const mail = spanish.find((m) => m.subject === subject)!;
      expect(mail).toMatchObject({ kind });
      expect(mail.body).toContain(`\n\n${sentence}\n\n`);
      expect(mail.body).toContain('Qué hacer ahora');
      expect(mail.html).toContain('<html lang="es">');
    }
    const sms = await db.select().from(outbox).where(eq(outbox.to, w.accounts.a1.mobilePhone!));
    expect(sms).toHaveLength(3);
    for (const [, sentence] of sentences) expect(sms.some((m) => m.body.includes(sentence))).toBe(true);
    expect(sms.every((m) => m.channel === 'sms' && m.html === null)).toBe(true);

    const english = await db.select().from(outbox).where(eq(outbox.to, w.accounts.a2.email!));
    expect(english.map((m) => m.subject).sort()).toEqual(
      [
        BENEFIT_LIFE_CYCLE_MESSAGES.EMAIL_SUBJECT_EXPIRING,
        BENEFIT_LIFE_CYCLE_MESSAGES.EMAIL_SUBJECT_EXPIRED,
        BENEFIT_LIFE_CYCLE_MESSAGES.EMAIL_SUBJECT_EXPUNGED,
      ].sort(),
    );
    expect(
      english.some((m) => m.body.includes('Your benefit ENSOON expires on 2026-12-01 with $12.50 left to spend.')),
    ).toBe(true);

    // The inbox keeps the English: the recipient's pages translate it when shown.
    const inbox = await db.select().from(notifications).where(eq(notifications.accountId, w.accounts.a1.id));
    expect(inbox.map((n) => n.text)).toContain('Your benefit ESSOON expires on 2026-12-01 with $12.50 left to spend.');
  });
});
