import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BENEFIT_EXPIRING_SOON_DAYS_KEY } from '@ebt/core/benefits';
import { NOTIFICATION_EVENT } from '../../db/reference-data.js';
import {
  benefitExpiryReminders,
  benefits,
  configEntries,
  notificationPreferences,
  notifications,
  outbox,
} from '../../db/schema/index.js';
import { CONFIG_VALUES } from '../../platform/config-values.js';
import { useTestApp } from '../../testing/app.js';
import { makeProgram, makeRecipient } from '../../testing/factories.js';
import { runBenefitLifeCycle } from './lifecycle.js';

// The 'expiring soon' reminder (decision 0049): once per benefit, when its expiration date comes
// within the lead time (configuration benefit.expiringSoonDays, default 14 days), with a controlled clock.

const t = useTestApp();
const run = () => runBenefitLifeCycle(t.database.db, t.clock.now(), { defaultTimeZone: 'America/New_York' });
function setClock(iso: string) {
  const ms = new Date(iso).getTime() - t.clock.now().getTime();
  if (ms < 0) throw new Error(`the clock is already past ${iso}`);
  t.clock.advance(ms);
}

describe('the expiry reminder', () => {
  it('is sent once per benefit when it comes within 14 days, by inbox and the chosen e-mail', async () => {
    const db = t.database.db;
    const program = await makeProgram(db);
    const account = await makeRecipient(db, { program });
    await db
      .insert(notificationPreferences)
      .values({ accountId: account.id, eventId: NOTIFICATION_EVENT.BENEFIT_EXPIRING, methodId: 1 });
    const [benefit] = await db
      .insert(benefits)
      .values({
        programId: program.id,
        accountId: account.id,
        authorizationNumber: 'REMIND1',
        availableDate: '2026-11-01',
        expirationDate: '2026-12-20',
        amount: '40.00',
        balance: '12.50',
      })
      .returning();
    const spent = (
      await db
        .insert(benefits)
        .values({
          programId: program.id,
          accountId: account.id,
          authorizationNumber: 'REMIND2',
          availableDate: '2026-11-01',
          expirationDate: '2026-12-20',
          amount: '40.00',
          balance: '0.00',
        })
        .returning()
    )[0]!;
    const reminders = async () => db.select().from(notifications).where(eq(notifications.accountId, account.id));
    const mails = async () => db.select().from(outbox).where(eq(outbox.to, account.email!));

    setClock('2026-12-05T15:00:00Z'); // 15 days before: not yet
    expect((await run()).reminded).toBe(0);
    expect(await reminders()).toHaveLength(0);

    setClock('2026-12-06T15:00:00Z'); // 14 days before: now
    expect((await run()).reminded).toBe(1);
    const [notice] = await reminders();
    expect(notice).toMatchObject({ eventId: NOTIFICATION_EVENT.BENEFIT_EXPIRING, statusId: 0 });
    expect(notice!.text).toBe('Your benefit REMIND1 expires on 2026-12-20 with $12.50 left to spend.');
    expect(await mails()).toHaveLength(1);

    // Later runs, the same day and the next days: no second reminder.
    expect((await run()).reminded).toBe(0);
    setClock('2026-12-10T15:00:00Z');
    expect((await run()).reminded).toBe(0);
    expect(await reminders()).toHaveLength(1);
    expect(await mails()).toHaveLength(1);
    const marked = await db.select().from(benefitExpiryReminders);
    expect(marked.map((m) => m.benefitId)).toContain(benefit!.id);
    expect(marked.map((m) => m.benefitId)).not.toContain(spent.id);
  });

  it('takes its lead time from the configuration', async () => {
    const db = t.database.db;
    const program = await makeProgram(db);
    const account = await makeRecipient(db, { program });
    await db.insert(benefits).values({
      programId: program.id,
      accountId: account.id,
      authorizationNumber: 'REMIND3',
      availableDate: '2026-11-01',
      expirationDate: '2027-01-05',
      amount: '40.00',
      balance: '40.00',
    });
    await db
      .insert(configEntries)
      .values({ configKey: BENEFIT_EXPIRING_SOON_DAYS_KEY, configValue: '30', effectiveDate: '2026-01-01' });
    await CONFIG_VALUES.invalidate(db);
    setClock('2026-12-11T15:00:00Z'); // 25 days before the expiration: within 30
    await run();
    const rows = await db.select().from(notifications).where(eq(notifications.accountId, account.id));
    expect(rows.map((r) => r.text)).toEqual(['Your benefit REMIND3 expires on 2027-01-05 with $40.00 left to spend.']);
  });
});
