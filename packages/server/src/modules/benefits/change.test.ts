import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BENEFIT_MESSAGES } from '@ebt/core/benefits';
import { MESSAGES } from '@ebt/core/messages';
import { NOTIFICATION_EVENT } from '../../db/reference-data.js';
import { auditLog, benefits, notificationPreferences, notifications, outbox } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import {
  benefitRow,
  type BenefitWorld,
  editBody,
  issuanceTotals,
  makeBenefit,
  makeBenefitWorld,
} from '../../testing/benefits.js';

// One benefit: GET, PUT (part 1 §5 "Edit", optimistic concurrency) and PATCH (void, resolution 1).

const t = useTestApp();
let w: BenefitWorld;
beforeAll(async () => {
  w = await makeBenefitWorld(t);
});

let sequence = 0;
/** Issues a benefit through the API (with its funding count and notification) and answers its detail. */
async function issued(overrides: Record<string, unknown> = {}) {
  const res = await t.injectAs(w.tokens.programAdminA, {
    method: 'POST',
    url: '/benefit-api/benefit',
    payload: {
      benefitRecipientAccountIdentifier: w.accounts.a1.recipientIdentifier,
      benefitAuthorizationNumber: `CHG${++sequence}`,
      benefitAvailableDate: '2026-11-23',
      benefitExpirationDate: '2027-02-28',
      benefitAmount: 40,
      programUuid: w.programA.uuid,
      fundingId: w.fundA.id,
      benefitTypeId: 1,
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`issue failed: ${res.body}`);
  return res.json() as { benefitUuid: string; lastUpdatedDate: string; benefitAuthorizationNumber: string };
}

const get = (token: string, uuid: string) => t.injectAs(token, { method: 'GET', url: `/benefit-api/benefit/${uuid}` });
const put = (token: string, body: Record<string, unknown>) =>
  t.injectAs(token, { method: 'PUT', url: '/benefit-api/benefit', payload: body });
const patch = (token: string, uuid: string, benefitStatus: string) =>
  t.injectAs(token, {
    method: 'PATCH',
    url: `/benefit-api/benefit/${uuid}`,
    payload: { benefitStatus, updationChannel: 'WEB' },
  });
const detailOf = async (uuid: string) => (await get(w.tokens.programAdminA, uuid)).json() as Record<string, unknown>;

describe('GET /benefit-api/benefit/{uuid}', () => {
  it('answers the benefit of part 1 §3 to staff in scope', async () => {
    const { benefitUuid } = await issued();
    const res = await get(w.tokens.agencyUserA1, benefitUuid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      benefitUuid,
      benefitId: benefitUuid,
      programUuid: w.programA.uuid,
      programName: w.programA.name,
      recipientAccountUuid: w.accounts.a1.uuid,
      firstname: 'Margaret',
      lastname: 'Kowalski',
      agencyName: w.a1.name,
      maxBenefitAmount: 9999.99,
      benefitStatus: 'ISSUED',
    });
    expect(Date.parse(res.json().lastUpdatedDate)).not.toBeNaN();
  });

  it("answers 404 for another agency's or program's benefit, 403 for a recipient, 400 for a malformed id", async () => {
    const { benefitUuid } = await issued();
    for (const token of [w.tokens.agencyUserA2, w.tokens.programAdminB]) {
      const res = await get(token, benefitUuid);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(BENEFIT_MESSAGES.BENEFIT_NOT_FOUND);
    }
    expect((await get(w.tokens.recipient, benefitUuid)).statusCode).toBe(403);
    expect((await get(w.tokens.programAdminA, 'not-a-uuid')).statusCode).toBe(400);
  });

  it("marks an ISSUED benefit expiring within 14 days 'expiring soon'", async () => {
    const { benefitUuid } = await issued({ benefitExpirationDate: '2026-12-07' });
    expect((await detailOf(benefitUuid)).expiryMarker).toBe('expiring soon');
    const row = await makeBenefit(t.database.db, {
      programId: w.programA.id,
      accountId: w.accounts.a1.id,
      agencyId: w.a1.id,
      availableDate: '2026-10-01',
      expirationDate: '2026-11-22',
    });
    expect((await detailOf(row.uuid)).expiryMarker).toBe('expired');
  });
});

describe('PUT /benefit-api/benefit', () => {
  it('changes the balance, dates and authorization number, and audits the changed fields', async () => {
    const detail = await detailOf((await issued()).benefitUuid);
    const res = await put(
      w.tokens.agencyAdminA1,
      editBody(detail, {
        benefitBalance: '12.34',
        benefitAvailableDate: '2026-12-01',
        benefitExpirationDate: '2027-01-31',
        benefitAuthorizationNumber: 'EDITED-1',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      benefitBalance: 12.34,
      benefitAmount: 40,
      benefitAvailableDate: '2026-12-01',
      benefitExpirationDate: '2027-01-31',
      benefitAuthorizationNumber: 'EDITED-1',
      updationChannel: 'WEB',
    });
    const row = (await benefitRow(t.database.db, detail.benefitUuid as string))!;
    expect(row).toMatchObject({ balance: '12.34', availableDate: '2026-12-01', authorizationNumber: 'EDITED-1' });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, detail.benefitUuid as string), eq(auditLog.action, 'update')));
    expect(audit!.before).toEqual({
      benefitBalance: '40.00',
      benefitAvailableDate: '2026-11-23',
      benefitExpirationDate: '2027-02-28',
      benefitAuthorizationNumber: detail.benefitAuthorizationNumber,
      updationChannel: null,
    });
    expect(audit!.after).toMatchObject({
      benefitBalance: '12.34',
      benefitAuthorizationNumber: 'EDITED-1',
      updationChannel: 'WEB',
    });
  });

  it('refuses a negative balance and one above 9999.99, and accepts 9999.99 above the issued amount', async () => {
    const detail = await detailOf((await issued()).benefitUuid);
    const negative = await put(w.tokens.programAdminA, editBody(detail, { benefitBalance: -0.01 }));
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errorMessages[0]).toMatchObject({
      field: 'benefitBalance',
      appErrorMessage: MESSAGES.AMOUNT_NEGATIVE,
    });
    const high = await put(w.tokens.programAdminA, editBody(detail, { benefitBalance: 10000 }));
    expect(high.statusCode).toBe(400);
    expect(high.json().errorMessages[0].appErrorMessage).toBe('Balance cannot be more than $9,999.99.');
    expect((await benefitRow(t.database.db, detail.benefitUuid as string))!.balance).toBe('40.00');
    const max = await put(w.tokens.programAdminA, editBody(detail, { benefitBalance: 9999.99 }));
    expect(max.statusCode).toBe(200);
    expect(max.json().benefitBalance).toBe(9999.99);
  });

  it('refuses dates before 2022-02-01 and an expiration before the available date', async () => {
    const detail = await detailOf((await issued()).benefitUuid);
    const early = await put(w.tokens.programAdminA, editBody(detail, { benefitAvailableDate: '2022-01-31' }));
    expect(early.statusCode).toBe(400);
    expect(early.json().errorMessages[0]).toMatchObject({
      field: 'benefitAvailableDate',
      appErrorMessage: 'Date cannot be before 2022-02-01.',
    });
    const reversed = await put(
      w.tokens.programAdminA,
      editBody(detail, { benefitAvailableDate: '2027-03-01', benefitExpirationDate: '2027-02-28' }),
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe(BENEFIT_MESSAGES.EXPIRATION_BEFORE_AVAILABLE);
    // Past dates from 2022-02-01 on are fine: an edit corrects records, the issue rule "not before today" is not its.
    expect(
      (await put(w.tokens.programAdminA, editBody(detail, { benefitAvailableDate: '2022-02-01' }))).statusCode,
    ).toBe(200);
  });

  it('answers 409 for a stale lastUpdatedDate and changes nothing', async () => {
    const detail = await detailOf((await issued()).benefitUuid);
    const first = await put(w.tokens.programAdminA, editBody(detail, { benefitBalance: 30 }));
    expect(first.statusCode).toBe(200);
    const stale = await put(w.tokens.agencyUserA1, editBody(detail, { benefitBalance: 20 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(MESSAGES.BENEFIT_CHANGED_ELSEWHERE);
    expect((await benefitRow(t.database.db, detail.benefitUuid as string))!.balance).toBe('30.00');
    // With the current stamp the same edit goes through; without one the check is skipped.
    const fresh = await put(w.tokens.agencyUserA1, editBody(first.json(), { benefitBalance: 20 }));
    expect(fresh.statusCode).toBe(200);
    const unchecked = await put(
      w.tokens.agencyUserA1,
      editBody(detail, { benefitBalance: 10, lastUpdatedDate: undefined }),
    );
    expect(unchecked.statusCode).toBe(200);
  });

  it('keeps authorization numbers unique within the program (409)', async () => {
    const one = await issued();
    const detail = await detailOf((await issued()).benefitUuid);
    const res = await put(
      w.tokens.programAdminA,
      editBody(detail, { benefitAuthorizationNumber: one.benefitAuthorizationNumber }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BENEFIT_MESSAGES.AUTH_NUMBER_EXISTS);
  });

  it('refuses any change to a VOID, EXPIRED or EXPUNGED benefit', async () => {
    for (const [statusId, name] of [
      [3, 'VOID'],
      [1, 'EXPIRED'],
      [2, 'EXPUNGED'],
    ] as const) {
      const row = await makeBenefit(t.database.db, {
        programId: w.programA.id,
        accountId: w.accounts.a1.id,
        agencyId: w.a1.id,
        statusId,
      });
      const detail = await detailOf(row.uuid);
      const res = await put(w.tokens.programAdminA, editBody(detail, { benefitBalance: 1 }));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(`Only an issued benefit can be changed; this benefit is ${name}.`);
      expect((await benefitRow(t.database.db, row.uuid))!.balance).toBe('50.00');
    }
  });

  it("answers 404 to agency staff for another agency's benefit and changes nothing", async () => {
    const detail = await detailOf((await issued()).benefitUuid);
    const res = await put(w.tokens.agencyUserA2, editBody(detail, { benefitBalance: 1 }));
    expect(res.statusCode).toBe(404);
    expect((await benefitRow(t.database.db, detail.benefitUuid as string))!.balance).toBe('40.00');
  });

  it('resends the notification when notifiedRecipient is unticked, and the benefit is notified again', async () => {
    const { db } = t.database;
    await db
      .insert(notificationPreferences)
      .values({ accountId: w.accounts.a2.id, eventId: NOTIFICATION_EVENT.BENEFIT_ISSUED, methodId: 1 });
    const detail = await detailOf(
      (await issued({ benefitRecipientAccountIdentifier: w.accounts.a2.recipientIdentifier })).benefitUuid,
    );
    const notices = async () =>
      db
        .select()
        .from(notifications)
        .where(eq(notifications.accountId, w.accounts.a2.id))
        .orderBy(desc(notifications.id));
    const before = (await notices()).length;
    const mails = async () => (await db.select().from(outbox).where(eq(outbox.to, w.accounts.a2.email!))).length;
    const mailsBefore = await mails();

    const res = await put(w.tokens.programAdminA, editBody(detail, { notifiedRecipient: false }));
    expect(res.statusCode).toBe(200);
    expect(res.json().notifiedRecipient).toBe(true);
    const after = await notices();
    expect(after).toHaveLength(before + 1);
    expect(after[0]!.text).toContain(detail.benefitAuthorizationNumber as string);
    expect(await mails()).toBe(mailsBefore + 1);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, detail.benefitUuid as string), eq(auditLog.action, 'update')));
    expect(audit!.after).toMatchObject({ notificationResent: true });

    // Sending it ticked (unchanged) sends nothing.
    await put(w.tokens.programAdminA, editBody(res.json(), { benefitBalance: 39 }));
    expect(await notices()).toHaveLength(before + 1);
  });

  it('records a tick of notifiedRecipient without sending anything', async () => {
    const row = await makeBenefit(t.database.db, { programId: w.programA.id, accountId: w.accounts.programLevel.id });
    await t.database.db.update(benefits).set({ notifiedRecipient: false }).where(eq(benefits.id, row.id));
    const detail = await detailOf(row.uuid);
    expect(detail.notifiedRecipient).toBe(false);
    const res = await put(w.tokens.programAdminA, editBody(detail, { notifiedRecipient: true }));
    expect(res.json().notifiedRecipient).toBe(true);
    expect(
      await t.database.db.select().from(notifications).where(eq(notifications.accountId, w.accounts.programLevel.id)),
    ).toHaveLength(0);
  });

  it("moves the benefit's amount to the new funding source's total", async () => {
    const detail = await detailOf((await issued({ benefitAmount: 15 })).benefitUuid);
    const before = await issuanceTotals(t.database.db, w.programA.id);
    const res = await put(w.tokens.programAdminA, editBody(detail, { fundingId: w.fundA2.id }));
    expect(res.statusCode).toBe(200);
    expect(res.json().fundingName).toBe('Federal Funds');
    const after = await issuanceTotals(t.database.db, w.programA.id);
    const from = `${w.fundA.id}:${w.a1.id}`;
    const to = `${w.fundA2.id}:${w.a1.id}`;
    expect(after[from]).toEqual([before[from]![0] - 1500, before[from]![1] - 1]);
    expect(after[to]).toEqual([(before[to]?.[0] ?? 0) + 1500, (before[to]?.[1] ?? 0) + 1]);
    const foreign = await put(w.tokens.programAdminA, editBody(res.json(), { fundingId: w.fundB.id }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(BENEFIT_MESSAGES.FUNDING_NOT_IN_PROGRAM);
  });

  it('turns a benefit into an Incentive one only with an incentive, and back to Regular without it', async () => {
    const detail = await detailOf((await issued()).benefitUuid);
    const missing = await put(w.tokens.programAdminA, editBody(detail, { benefitTypeId: 2 }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MESSAGES.INCENTIVE_REQUIRED);
    const incentive = await put(
      w.tokens.programAdminA,
      editBody(detail, { benefitTypeId: 2, incentiveUuid: w.incentiveA.uuid }),
    );
    expect(incentive.statusCode).toBe(200);
    expect(incentive.json()).toMatchObject({ benefitTypeId: 2, incentiveUuid: w.incentiveA.uuid });
    const regular = await put(
      w.tokens.programAdminA,
      editBody(incentive.json(), { benefitTypeId: 1, incentiveUuid: undefined }),
    );
    expect(regular.statusCode).toBe(200);
    expect(regular.json()).toMatchObject({ benefitTypeId: 1, incentiveUuid: null });
  });
});

describe('PATCH /benefit-api/benefit/{uuid} (void)', () => {
  it('voids an ISSUED benefit: status VOID, funding released, recipient told, audited', async () => {
    const { db } = t.database;
    const { benefitUuid } = await issued({ benefitAmount: 12, fundingId: w.fundA2.id });
    const key = `${w.fundA2.id}:${w.a1.id}`;
    const before = (await issuanceTotals(db, w.programA.id))[key] ?? [0, 0];
    const res = await patch(w.tokens.agencyUserA1, benefitUuid, 'VOIDED');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      benefitStatus: 'VOID',
      benefitStatusId: 3,
      benefitBalance: 12,
      expiryMarker: null,
      // Who voided it and when, from the void's audit row (the detail screen shows them).
      voidedBy: expect.stringMatching(/\(\w+\)$/),
      voidedDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect((await benefitRow(db, benefitUuid))!.statusId).toBe(3);
    expect((await issuanceTotals(db, w.programA.id))[key]).toEqual([before[0] - 1200, before[1] - 1]);
    const [notice] = await db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.accountId, w.accounts.a1.id),
          eq(notifications.eventId, NOTIFICATION_EVENT.BENEFIT_VOIDED),
        ),
      )
      .orderBy(desc(notifications.id));
    expect(notice!.text).toContain('was voided');
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, benefitUuid), eq(auditLog.action, 'void')));
    expect(audit).toMatchObject({
      before: { benefitStatusId: 0, updationChannel: null },
      after: { benefitStatusId: 3, updationChannel: 'WEB' },
    });
  });

  it('accepts VOID as well as VOIDED (resolution 1) and refuses a second void with 409', async () => {
    const { benefitUuid } = await issued();
    expect((await patch(w.tokens.programAdminA, benefitUuid, 'void')).statusCode).toBe(200);
    const totals = await issuanceTotals(t.database.db, w.programA.id);
    const again = await patch(w.tokens.programAdminA, benefitUuid, 'VOIDED');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.BENEFIT_NOT_VOIDABLE);
    expect(await issuanceTotals(t.database.db, w.programA.id)).toEqual(totals);
  });

  it('refuses an edit of a voided benefit', async () => {
    const detail = await detailOf((await issued()).benefitUuid);
    await patch(w.tokens.programAdminA, detail.benefitUuid as string, 'VOIDED');
    const res = await put(w.tokens.programAdminA, editBody(detail, { benefitBalance: 1, lastUpdatedDate: undefined }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only an issued benefit can be changed; this benefit is VOID.');
  });

  it('refuses other statuses, expired benefits, and benefits outside the scope', async () => {
    const { benefitUuid } = await issued();
    const issuedStatus = await patch(w.tokens.programAdminA, benefitUuid, 'ISSUED');
    expect(issuedStatus.statusCode).toBe(400);
    expect(issuedStatus.json().errorMessages[0].appErrorMessage).toBe(BENEFIT_MESSAGES.VOID_STATUS_ONLY);
    expect((await patch(w.tokens.agencyUserA2, benefitUuid, 'VOIDED')).statusCode).toBe(404);
    expect((await patch(w.tokens.recipient, benefitUuid, 'VOIDED')).statusCode).toBe(403);
    expect((await benefitRow(t.database.db, benefitUuid))!.statusId).toBe(0);
    const expired = await makeBenefit(t.database.db, {
      programId: w.programA.id,
      accountId: w.accounts.a1.id,
      agencyId: w.a1.id,
      statusId: 1,
    });
    expect((await patch(w.tokens.programAdminA, expired.uuid, 'VOIDED')).statusCode).toBe(409);
  });
});
