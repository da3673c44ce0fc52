import { desc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_EVENT } from '../../db/reference-data.js';
import { notificationPreferences, notifications, outbox } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { applyIssueEffects, rebuildIssuanceRollups } from './issue-effects.js';
import { type BenefitWorld, issuanceTotals, makeBenefit, makeBenefitWorld } from '../../testing/benefits.js';

// The side effects shared with the benefit file import (docs/decisions/0010 "Funding accounting", "Notifications").

const t = useTestApp();
let w: BenefitWorld;
beforeAll(async () => {
  w = await makeBenefitWorld(t);
});

const silentCtx = () => ({ now: t.clock.now, log: { info() {} } as never });

describe('applyIssueEffects', () => {
  it('counts a batch per funding source and agency and notifies each recipient once per benefit', async () => {
    const { db } = t.database;
    await db
      .insert(notificationPreferences)
      .values({ accountId: w.accounts.a2.id, eventId: NOTIFICATION_EVENT.BENEFIT_ISSUED, methodId: 2 });
    const specs = [
      { account: w.accounts.a1, agency: w.a1, fund: w.fundA, cents: 1000 },
      { account: w.accounts.a1, agency: w.a1, fund: w.fundA, cents: 250 },
      { account: w.accounts.a2, agency: w.a2, fund: w.fundA, cents: 4000 },
      { account: w.accounts.programLevel, agency: null, fund: null, cents: 100 },
    ];
    const rows: Awaited<ReturnType<typeof makeBenefit>>[] = [];
    for (const s of specs) {
      rows.push(
        await makeBenefit(db, {
          programId: w.programA.id,
          accountId: s.account.id,
          agencyId: s.agency?.id ?? null,
          fundingId: s.fund?.id ?? null,
          amountCents: s.cents,
        }),
      );
    }
    await db.transaction((tx) =>
      applyIssueEffects(
        tx,
        silentCtx(),
        rows.map((r, i) => ({
          benefitId: r.id,
          programId: w.programA.id,
          accountId: r.accountId,
          agencyId: r.agencyId,
          fundingId: r.fundingSourceId,
          amountCents: specs[i]!.cents,
        })),
      ),
    );
    expect(await issuanceTotals(db, w.programA.id)).toEqual({
      [`${w.fundA.id}:${w.a1.id}`]: [1250, 2],
      [`${w.fundA.id}:${w.a2.id}`]: [4000, 1],
      '-:-': [100, 1],
    });
    const notes = await db
      .select()
      .from(notifications)
      .where(inArray(notifications.accountId, [w.accounts.a1.id, w.accounts.a2.id, w.accounts.programLevel.id]));
    expect(notes).toHaveLength(4);
    // Each inbox row keeps the notice's Spanish beside the English, for the recipient's Spanish pages.
    for (const note of notes)
      expect(note.textEs).toContain(`(autorización ${note.text.match(/authorization (\w+)/)?.[1]})`);
    const sms = await db.select().from(outbox).where(eq(outbox.to, w.accounts.a2.mobilePhone!));
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: 'sms', subject: 'A new benefit is available' });
    expect(sms[0]!.body).toContain('$40.00');
  });

  it('writes the same notifications and messages from the details a caller passes as from the benefits read back', async () => {
    const { db } = t.database;
    await db
      .insert(notificationPreferences)
      .values([
        { accountId: w.accounts.a1.id, eventId: NOTIFICATION_EVENT.BENEFIT_ISSUED, methodId: 1 },
        { accountId: w.accounts.a1.id, eventId: NOTIFICATION_EVENT.BENEFIT_ISSUED, methodId: 2 },
      ])
      .onConflictDoNothing();
    const issueOne = async (withDetails: boolean) => {
      const row = await makeBenefit(db, { programId: w.programA.id, accountId: w.accounts.a1.id, amountCents: 123456 });
      await db.transaction((tx) =>
        applyIssueEffects(tx, silentCtx(), [
          {
            benefitId: row.id,
            programId: w.programA.id,
            accountId: row.accountId,
            agencyId: null,
            fundingId: null,
            amountCents: 123456,
            ...(withDetails
              ? {
                  notice: {
                    typeId: row.benefitTypeId,
                    authNumber: row.authorizationNumber,
                    amount: row.amount,
                    availableDate: row.availableDate,
                    expirationDate: row.expirationDate,
                    programName: w.programA.name,
                  },
                }
              : {}),
          },
        ]),
      );
      const [note] = await db
        .select()
        .from(notifications)
        .where(eq(notifications.accountId, w.accounts.a1.id))
        .orderBy(desc(notifications.id))
        .limit(1);
      const sent = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(2);
      // The texts differ only by the authorization number each benefit has.
      const plain = (text: string) => text.replaceAll(row.authorizationNumber, '#');
      return {
        text: plain(note!.text),
        eventId: note!.eventId,
        sent: sent.map((m) => ({ channel: m.channel, to: m.to, subject: m.subject, body: plain(m.body) })),
      };
    };
    const readBack = await issueOne(false);
    const passed = await issueOne(true);
    expect(passed).toEqual(readBack);
    expect(readBack.text).toContain('$1,234.56');
    expect(readBack.sent.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
  });

  it('keeps running totals equal to a rebuild from the benefits after issues, edits and voids through the API', async () => {
    const { db } = t.database;
    const issue = async (amount: number, fundingId: number) => {
      const res = await t.injectAs(w.tokens.programAdminA, {
        method: 'POST',
        url: '/benefit-api/benefit',
        payload: {
          benefitRecipientAccountIdentifier: w.accounts.a2.recipientIdentifier,
          benefitAuthorizationNumber: `FX${Math.random().toString(36).slice(2, 10)}`,
          benefitAvailableDate: '2026-11-24',
          benefitExpirationDate: '2026-12-24',
          benefitAmount: amount,
          programUuid: w.programA.uuid,
          fundingId,
          benefitTypeId: 1,
        },
      });
      expect(res.statusCode).toBe(201);
      return res.json();
    };
    const one = await issue(11.11, w.fundA.id);
    await issue(22.22, w.fundA2.id);
    const three = await issue(33.33, w.fundA.id);
    await t.injectAs(w.tokens.programAdminA, {
      method: 'PATCH',
      url: `/benefit-api/benefit/${one.benefitUuid}`,
      payload: { benefitStatus: 'VOID' },
    });
    await t.injectAs(w.tokens.programAdminA, {
      method: 'PUT',
      url: '/benefit-api/benefit',
      payload: {
        benefitUuid: three.benefitUuid,
        benefitBalance: 1,
        benefitAvailableDate: three.benefitAvailableDate,
        benefitExpirationDate: three.benefitExpirationDate,
        benefitAuthorizationNumber: three.benefitAuthorizationNumber,
        fundingId: w.fundA2.id,
      },
    });
    const running = await issuanceTotals(db, w.programA.id);
    await rebuildIssuanceRollups(db);
    const rebuilt = await issuanceTotals(db, w.programA.id);
    expect(running).toEqual(rebuilt);
    expect(rebuilt[`${w.fundA2.id}:${w.a2.id}`]).toEqual([5555, 2]);
  });
});
