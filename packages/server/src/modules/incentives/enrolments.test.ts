import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_STATUS } from '@ebt/core/enums';
import { INCENTIVE_MESSAGES } from '@ebt/core/incentives';
import { auditLog, recipientAccounts, recipientIncentives } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeRecipient } from '../../testing/factories.js';
import {
  enrolmentRow,
  type IncentiveWorld,
  makeEnrolment,
  makeIncentive,
  makeIncentiveWorld,
} from '../../testing/incentives.js';

// Recipient incentive enrolment (B§2 "Recipient incentives", B§4, B§5 "Recipient incentive", B§7; part 1 §2
// /recipient/incentives; docs/decisions/0041). The test clock's today is 2026-11-23 in the programs' zone.

const t = useTestApp();
let w: IncentiveWorld;
let incentive: Awaited<ReturnType<typeof makeIncentive>>;
beforeAll(async () => {
  w = await makeIncentiveWorld(t);
  incentive = await makeIncentive(t.database.db, w.programs.programA, w.funding.a.id, {
    name: 'Fresh Match',
    startDate: '2026-01-01',
    endDate: '2027-12-31',
  });
});

const db = () => t.database.db;
const PATH = '/account-api/incentive/recipient-incentive';
/** A fresh recipient of agency a1 of program A: each test enrols its own. */
const recipientA1 = () => makeRecipient(db(), { program: w.programs.programA, agency: w.agencies.a1 });
const enrol = (token: string, payload: Record<string, unknown>) =>
  t.injectAs(token, { method: 'POST', url: PATH, payload });
const change = (token: string, id: number, payload: Record<string, unknown>) =>
  t.injectAs(token, { method: 'PUT', url: `${PATH}/${id}`, payload });
const remove = (token: string, id: number) => t.injectAs(token, { method: 'DELETE', url: `${PATH}/${id}` });
const read = (token: string, id: string | number) => t.injectAs(token, { method: 'GET', url: `${PATH}/${id}` });
const enrolmentsOf = async (accountId: number) =>
  db().select().from(recipientIncentives).where(eq(recipientIncentives.accountId, accountId));

describe('POST /account-api/incentive/recipient-incentive', () => {
  it("enrols a recipient: 'Recipient incentive added.', the row, an audit row, the list", async () => {
    const account = await recipientA1();
    const res = await enrol(w.tokens.agencyUserA1, {
      recipientUuid: account.uuid,
      incentiveUuid: incentive.uuid,
      startDate: '2026-11-23',
      endDate: '2027-03-31',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { message, recipientIncentiveId } = res.json() as { message: string; recipientIncentiveId: number };
    expect(message).toBe('Recipient incentive added.');
    expect(await enrolmentRow(db(), recipientIncentiveId)).toMatchObject({
      accountId: account.id,
      incentiveId: incentive.id,
      startDate: '2026-11-23',
      endDate: '2027-03-31',
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'recipient_incentive'), eq(auditLog.entityId, String(recipientIncentiveId))));
    expect(audit).toMatchObject({ action: 'create', actorUserId: w.users.agencyUserA1.id });

    const list = await read(w.tokens.programAdminA, account.uuid);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      data: [
        {
          recipientIncentiveId,
          incentiveUuid: incentive.uuid,
          incentiveName: 'Fresh Match',
          startDate: '2026-11-23',
          endDate: '2027-03-31',
          updated: expect.any(String),
          programName: 'Alpha Program',
          editMode: 1,
          deletable: false,
        },
      ],
      totalCount: 1,
      countCapped: false,
    });
  });

  it('enforces the date rules with a 400 naming the field, and enrols nothing', async () => {
    const account = await recipientA1();
    const late = await makeIncentive(db(), w.programs.programA, w.funding.a.id, {
      startDate: '2026-12-15',
      endDate: '2027-01-31',
    });
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ startDate: '' }, 'startDate', INCENTIVE_MESSAGES.START_REQUIRED],
      [{ startDate: '2026-11-22' }, 'startDate', INCENTIVE_MESSAGES.START_BEFORE_TODAY],
      [
        { incentiveUuid: late.uuid, startDate: '2026-12-01' },
        'startDate',
        "Start Date cannot be before the incentive's start date (2026-12-15).",
      ],
      [
        { incentiveUuid: late.uuid, startDate: '2027-02-01' },
        'startDate',
        "Start Date cannot be after the incentive's end date (2027-01-31).",
      ],
      [{ endDate: '2026-11-22' }, 'endDate', INCENTIVE_MESSAGES.END_BEFORE_TODAY],
      [{ startDate: '2026-12-10', endDate: '2026-12-09' }, 'endDate', INCENTIVE_MESSAGES.END_BEFORE_START],
      [{ incentiveUuid: '' }, 'incentiveUuid', INCENTIVE_MESSAGES.INCENTIVE_REQUIRED],
    ];
    for (const [override, field, message] of refusals) {
      const res = await enrol(w.tokens.programAdminA, {
        recipientUuid: account.uuid,
        incentiveUuid: incentive.uuid,
        startDate: '2026-12-01',
        ...override,
      });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().errorMessages, JSON.stringify(override)).toContainEqual(
        expect.objectContaining({ field, appErrorMessage: message }),
      );
    }
    expect(await enrolmentsOf(account.id)).toEqual([]);
  });

  it('refuses an incentive of another program (400) and an unknown one (404)', async () => {
    const account = await recipientA1();
    const other = await makeIncentive(db(), w.programs.programB, w.funding.b.id);
    const body = { recipientUuid: account.uuid, startDate: '2026-12-01' };
    const res = await enrol(w.tokens.platformAdmin, { ...body, incentiveUuid: other.uuid });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INCENTIVE_MESSAGES.INCENTIVE_OTHER_PROGRAM);
    const none = await enrol(w.tokens.platformAdmin, {
      ...body,
      incentiveUuid: '00000000-0000-4000-8000-000000000000',
    });
    expect(none.statusCode).toBe(404);
    expect(await enrolmentsOf(account.id)).toEqual([]);
  });

  it('refuses an inactive or deleted account (400 at recipientUuid) as a benefit issue does; enrols nothing', async () => {
    for (const statusId of [ACCOUNT_STATUS.INACTIVE, ACCOUNT_STATUS.DELETED]) {
      const account = await makeRecipient(db(), { program: w.programs.programA, agency: w.agencies.a1, statusId });
      const res = await enrol(w.tokens.programAdminA, {
        recipientUuid: account.uuid,
        incentiveUuid: incentive.uuid,
        startDate: '2026-12-01',
      });
      expect(res.statusCode, `status ${statusId}`).toBe(400);
      expect(res.json().errorMessages).toContainEqual(
        expect.objectContaining({ field: 'recipientUuid', appErrorMessage: INCENTIVE_MESSAGES.RECIPIENT_NOT_ACTIVE }),
      );
      expect(await enrolmentsOf(account.id)).toEqual([]);
    }
  });

  it('refuses an enrolment sharing a day with another in the same incentive (409), not one in another', async () => {
    const account = await recipientA1();
    const first = await enrol(w.tokens.programAdminA, {
      recipientUuid: account.uuid,
      incentiveUuid: incentive.uuid,
      startDate: '2026-12-01',
      endDate: '2026-12-31',
    });
    expect(first.statusCode).toBe(200);
    for (const [startDate, endDate] of [
      ['2026-12-31', '2027-01-31'],
      ['2026-11-25', null],
      ['2026-12-10', '2026-12-11'],
    ]) {
      const res = await enrol(w.tokens.programAdminA, {
        recipientUuid: account.uuid,
        incentiveUuid: incentive.uuid,
        startDate,
        endDate,
      });
      expect(res.statusCode, `${startDate} ${endDate}`).toBe(409);
      expect(res.json().message).toBe(INCENTIVE_MESSAGES.ENROLMENT_OVERLAP);
    }
    const next = await enrol(w.tokens.programAdminA, {
      recipientUuid: account.uuid,
      incentiveUuid: incentive.uuid,
      startDate: '2027-01-01',
    });
    expect(next.statusCode, next.body).toBe(200);
    const another = await makeIncentive(db(), w.programs.programA, w.funding.a.id);
    const inAnother = await enrol(w.tokens.programAdminA, {
      recipientUuid: account.uuid,
      incentiveUuid: another.uuid,
      startDate: '2026-12-01',
    });
    expect(inAnother.statusCode, inAnother.body).toBe(200);
    expect(await enrolmentsOf(account.id)).toHaveLength(3);
  });

  it('holds under concurrency: of overlapping enrolments sent together exactly one is taken', async () => {
    const account = await recipientA1();
    const answers = await Promise.all(
      ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05'].map((startDate) =>
        enrol(w.tokens.programAdminA, { recipientUuid: account.uuid, incentiveUuid: incentive.uuid, startDate }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await enrolmentsOf(account.id)).toHaveLength(1);
  });

  it('refuses the database itself an overlapping row, whoever writes it', async () => {
    const account = await recipientA1();
    await makeEnrolment(db(), account.id, incentive.id, { startDate: '2026-01-01', endDate: '2026-06-30' });
    await expect(
      makeEnrolment(db(), account.id, incentive.id, { startDate: '2026-06-30', endDate: null }),
    ).rejects.toThrow();
    await makeEnrolment(db(), account.id, incentive.id, { startDate: '2026-07-01', endDate: null });
  });
});

describe('staff scope', () => {
  it("keeps agency staff to their agencies' recipients: 404 to read, enrol, change or delete; nothing changes", async () => {
    const account = await recipientA1();
    const future = await makeEnrolment(db(), account.id, incentive.id, { startDate: '2026-12-10' });
    for (const token of [w.tokens.agencyUserA2, w.tokens.agencyAdminB1]) {
      expect((await read(token, account.uuid)).statusCode).toBe(404);
      expect((await read(token, future.id)).statusCode).toBe(404);
      const add = await enrol(token, {
        recipientUuid: account.uuid,
        incentiveUuid: incentive.uuid,
        startDate: '2027-06-01',
      });
      expect(add.statusCode).toBe(404);
      expect((await change(token, future.id, { startDate: '2026-12-20', endDate: null })).statusCode).toBe(404);
      expect((await remove(token, future.id)).statusCode).toBe(404);
    }
    expect(await enrolmentsOf(account.id)).toEqual([future]);
    // Their own agency's staff and the program's admin see it.
    expect((await read(w.tokens.agencyAdminA1, account.uuid)).statusCode).toBe(200);
    expect((await read(w.tokens.programAdminA, future.id)).statusCode).toBe(200);
  });

  it('refuses recipients the staff routes (403) and callers without a session (401)', async () => {
    const account = await recipientA1();
    expect((await read(w.tokens.recipient, account.uuid)).statusCode).toBe(403);
    const add = await enrol(w.tokens.recipient, {
      recipientUuid: w.account.uuid,
      incentiveUuid: incentive.uuid,
      startDate: '2026-12-01',
    });
    expect(add.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${PATH}/${account.uuid}` })).statusCode).toBe(401);
    expect(await enrolmentsOf(w.account.id)).toEqual([]);
  });
});

describe('GET /account-api/incentive/recipient-incentive/{id}', () => {
  it('answers one enrolment by its id with its recipient and its incentive period', async () => {
    const account = await recipientA1();
    const row = await makeEnrolment(db(), account.id, incentive.id, { startDate: '2026-12-10', endDate: '2027-01-10' });
    const res = await read(w.tokens.agencyUserA1, row.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      recipientIncentiveId: row.id,
      recipientUuid: account.uuid,
      incentiveName: 'Fresh Match',
      startDate: '2026-12-10',
      endDate: '2027-01-10',
      incentiveStartDate: '2026-01-01',
      incentiveEndDate: '2027-12-31',
      editMode: 2,
      deletable: true,
    });
    expect((await read(w.tokens.agencyUserA1, 2_000_000_000)).statusCode).toBe(404);
    expect((await read(w.tokens.agencyUserA1, 'nope')).statusCode).toBe(400);
  });

  it("answers an account's empty list when it has no enrolments, and 404 for no account", async () => {
    const account = await recipientA1();
    expect((await read(w.tokens.programAdminA, account.uuid)).json()).toEqual({
      data: [],
      totalCount: 0,
      countCapped: false,
    });
    expect((await read(w.tokens.programAdminA, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('PUT /account-api/incentive/recipient-incentive/{id}', () => {
  it("changes both dates before the start (mode 2): 'Recipient incentive updated.', an audit row", async () => {
    const account = await recipientA1();
    const row = await makeEnrolment(db(), account.id, incentive.id, { startDate: '2026-12-10' });
    const res = await change(w.tokens.agencyUserA1, row.id, { startDate: '2026-12-20', endDate: '2027-02-28' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Recipient incentive updated.', recipientIncentiveId: row.id });
    expect(await enrolmentRow(db(), row.id)).toMatchObject({ startDate: '2026-12-20', endDate: '2027-02-28' });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'recipient_incentive'), eq(auditLog.entityId, String(row.id))));
    expect(audit).toMatchObject({
      action: 'update',
      before: { startDate: '2026-12-10', endDate: null },
      after: { startDate: '2026-12-20', endDate: '2027-02-28' },
    });
  });

  it('changes only the end once started (mode 1); a new start is refused', async () => {
    const account = await recipientA1();
    const row = await makeEnrolment(db(), account.id, incentive.id, { startDate: '2026-06-01' });
    const moved = await change(w.tokens.agencyUserA1, row.id, { startDate: '2026-07-01', endDate: null });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errorMessages[0]).toMatchObject({
      field: 'startDate',
      appErrorMessage: INCENTIVE_MESSAGES.START_READ_ONLY,
    });
    const ended = await change(w.tokens.agencyUserA1, row.id, { startDate: '2026-06-01', endDate: '2026-11-30' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await enrolmentRow(db(), row.id)).toMatchObject({ startDate: '2026-06-01', endDate: '2026-11-30' });
  });

  it('refuses a start before 2023-02-01 on update and an end before today; nothing changes', async () => {
    const account = await recipientA1();
    const row = await makeEnrolment(db(), account.id, incentive.id, { startDate: '2026-12-10' });
    const early = await change(w.tokens.programAdminA, row.id, { startDate: '2023-01-31', endDate: null });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(INCENTIVE_MESSAGES.START_BEFORE_EDIT_MIN);
    const past = await change(w.tokens.programAdminA, row.id, { startDate: '2026-12-10', endDate: '2026-11-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(INCENTIVE_MESSAGES.END_BEFORE_TODAY);
    expect(await enrolmentRow(db(), row.id)).toEqual(row);
  });

  it('refuses to edit an ended enrolment (409) and to overlap another (409); nothing changes', async () => {
    const account = await recipientA1();
    const ended = await makeEnrolment(db(), account.id, incentive.id, {
      startDate: '2026-01-01',
      endDate: '2026-11-22',
    });
    const res = await change(w.tokens.programAdminA, ended.id, { startDate: '2026-01-01', endDate: '2026-12-31' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(INCENTIVE_MESSAGES.ENROLMENT_ENDED);
    expect(await enrolmentRow(db(), ended.id)).toEqual(ended);

    const later = await makeEnrolment(db(), account.id, incentive.id, { startDate: '2027-01-01' });
    const current = await makeEnrolment(db(), account.id, incentive.id, {
      startDate: '2026-11-23',
      endDate: '2026-12-31',
    });
    const overlap = await change(w.tokens.programAdminA, current.id, {
      startDate: '2026-11-23',
      endDate: '2027-01-01',
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toBe(INCENTIVE_MESSAGES.ENROLMENT_OVERLAP);
    expect(await enrolmentRow(db(), current.id)).toEqual(current);
    expect(await enrolmentRow(db(), later.id)).toEqual(later);
  });

  it("refuses to change an inactive or deleted account's enrolment (400); nothing changes", async () => {
    for (const statusId of [ACCOUNT_STATUS.INACTIVE, ACCOUNT_STATUS.DELETED]) {
      const account = await recipientA1();
      const row = await makeEnrolment(db(), account.id, incentive.id, { startDate: '2026-12-01' });
      await db().update(recipientAccounts).set({ statusId }).where(eq(recipientAccounts.id, account.id));
      const res = await change(w.tokens.programAdminA, row.id, { startDate: '2026-12-05', endDate: '2027-01-31' });
      expect(res.statusCode, `status ${statusId}`).toBe(400);
      expect(res.json().errorMessages).toContainEqual(
        expect.objectContaining({ field: 'recipientUuid', appErrorMessage: INCENTIVE_MESSAGES.RECIPIENT_NOT_ACTIVE }),
      );
      expect(await enrolmentRow(db(), row.id)).toEqual(row);
    }
  });
});

describe('DELETE /account-api/incentive/recipient-incentive/{id}', () => {
  it("deletes an enrolment that starts after today: 'Recipient incentive deleted.', an audit row", async () => {
    const account = await recipientA1();
    const row = await makeEnrolment(db(), account.id, incentive.id, { startDate: '2026-11-24' });
    const res = await remove(w.tokens.agencyUserA1, row.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Recipient incentive deleted.');
    expect(await enrolmentRow(db(), row.id)).toBeUndefined();
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'recipient_incentive'), eq(auditLog.entityId, String(row.id))));
    expect(audit).toMatchObject({ action: 'delete', before: { startDate: '2026-11-24' } });
    expect((await remove(w.tokens.agencyUserA1, row.id)).statusCode).toBe(404);
  });

  it('refuses to delete a started enrolment (409); it stays', async () => {
    const account = await recipientA1();
    const row = await makeEnrolment(db(), account.id, incentive.id, { startDate: '2026-11-23' });
    const res = await remove(w.tokens.programAdminA, row.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(INCENTIVE_MESSAGES.ENROLMENT_STARTED);
    expect(await enrolmentRow(db(), row.id)).toEqual(row);
  });
});

describe('GET /account-api/incentive/recipient-incentive/currentrecipient', () => {
  it("answers the recipient's own enrolments only, newest start first", async () => {
    const url = `${PATH}/currentrecipient`;
    expect((await t.injectAs(w.tokens.recipient, { method: 'GET', url })).json()).toEqual({
      data: [],
      totalCount: 0,
      countCapped: false,
    });
    const other = await makeIncentive(db(), w.programs.programA, w.funding.a.id, { name: 'Winter Bonus' });
    await makeEnrolment(db(), w.account.id, incentive.id, { startDate: '2026-02-01', endDate: '2026-03-01' });
    await makeEnrolment(db(), w.account.id, other.id, { startDate: '2026-12-01' });
    await makeEnrolment(db(), w.otherAccount.id, incentive.id, { startDate: '2026-02-01' });
    const res = await t.injectAs(w.tokens.recipient, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(
      (res.json().data as { incentiveName: string; startDate: string }[]).map((r) => [r.incentiveName, r.startDate]),
    ).toEqual([
      ['Winter Bonus', '2026-12-01'],
      ['Fresh Match', '2026-02-01'],
    ]);
    expect((await t.injectAs(w.tokens.programAdminA, { method: 'GET', url })).statusCode).toBe(403);
  });
});
