import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_STATUS, ROLE } from '@ebt/core/enums';
import { NOTIFICATION_MESSAGES } from '@ebt/core/notifications';
import { auditLog, fundingSources, notificationPreferences, notifications, outbox } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeRecipient } from '../../testing/factories.js';
import { buildWorld } from '../../testing/world.js';

// The recipient's notifications and preferences (A§3, A§4, A§7; resolution 24; decision 0048): own rows only,
// staff refused, bad input 4xx with nothing changed, and the preferences deciding what the outbox sends.

const t = useTestApp();
const db = () => t.database.db;
/** Program A and B; the recipient owns an account in each, the other recipient one in A. */
async function makeWorld() {
  const world = await buildWorld(t, {
    programs: { programA: {}, programB: {} },
    users: {
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      recipient: { roleId: ROLE.RECIPIENT },
      otherRecipient: { roleId: ROLE.RECIPIENT },
    },
  });
  const { programA, programB } = world.programs;
  const [fundA] = await db().insert(fundingSources).values({ programId: programA.id, name: 'State Funds' }).returning();
  const accounts = {
    a1: await makeRecipient(db(), { program: programA, user: world.users.recipient }),
    b1: await makeRecipient(db(), { program: programB, user: world.users.recipient }),
    a2: await makeRecipient(db(), { program: programA, user: world.users.otherRecipient }),
  };
  return { ...world, programA, programB, fundA: fundA!, accounts };
}
let w: Awaited<ReturnType<typeof makeWorld>>;
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 12, minutes));

beforeAll(async () => {
  w = await makeWorld();
  // 12 for the recipient (spread over their two accounts; 3 read, 1 dismissed), 2 for the other recipient.
  await db()
    .insert(notifications)
    .values([
      ...Array.from({ length: 12 }, (_, i) => ({
        accountId: i % 2 ? w.accounts.a1.id : w.accounts.b1.id,
        eventId: 1,
        text: `Notice ${i + 1}`,
        statusId:
          i < 3 ? NOTIFICATION_STATUS.READ : i === 3 ? NOTIFICATION_STATUS.DISMISSED : NOTIFICATION_STATUS.UNREAD,
        notifiedDate: at(i),
      })),
      { accountId: w.accounts.a2.id, eventId: 1, text: 'Other 1', notifiedDate: at(40) },
      { accountId: w.accounts.a2.id, eventId: 1, text: 'Other 2', notifiedDate: at(41) },
    ]);
});

interface Row {
  notificationUuid: string;
  notificationText: string;
  notificationStatusId: number;
}
const list = (token: string, query: Record<string, string> = {}) =>
  t.injectAs(token, { method: 'GET', url: '/account-api/notifications', query });
const put = (token: string, payload: unknown) =>
  t.injectAs(token, { method: 'PUT', url: '/account-api/notifications', payload: payload as object });
const uuidsOf = async (accountId: number) =>
  (await db().select().from(notifications).where(eq(notifications.accountId, accountId))).map((n) => n.uuid);
const statusesOf = async (uuids: string[]) =>
  (await db().select().from(notifications).where(inArray(notifications.uuid, uuids))).map((n) => n.statusId).sort();

describe('the notifications list', () => {
  it("answers the caller's own unread and read items, 5 a page, newest first, with the unread count", async () => {
    const res = await list(w.tokens.recipient);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 0, totalCount: 11, totalPages: 3, unreadCount: 8 });
    expect(body.data.map((r: Row) => r.notificationText)).toEqual([
      'Notice 12',
      'Notice 11',
      'Notice 10',
      'Notice 9',
      'Notice 8',
    ]);
    const last = (await list(w.tokens.recipient, { page: '2' })).json();
    // Dismissed 'Notice 4' is not listed.
    expect(last.data.map((r: Row) => r.notificationText)).toEqual(['Notice 1']);
  });

  it('shows the unread count on the session user (the badge)', async () => {
    const user = await t.injectAs(w.tokens.recipient, { method: 'GET', url: '/user-api/user/current' });
    expect(user.json().notificationsCount).toBe(8);
  });

  it('answers staff 403 and refuses a bad page', async () => {
    expect((await list(w.tokens.programAdminA)).statusCode).toBe(403);
    expect((await list(w.tokens.recipient, { pageSize: '1000000' })).statusCode).toBe(400);
    expect((await list(w.tokens.recipient, { page: '-1' })).statusCode).toBe(400);
  });
});

describe('reading and dismissing', () => {
  it("marks the caller's items read and dismissed, lowering the unread count", async () => {
    const page = (await list(w.tokens.otherRecipient)).json();
    expect(page.unreadCount).toBe(2);
    const [first, second] = page.data as Row[];
    const read = await put(w.tokens.otherRecipient, {
      notificationStatusId: 1,
      notificationUuids: [first!.notificationUuid],
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ updated: 1, unreadCount: 1 });
    const dismissed = await put(w.tokens.otherRecipient, {
      notificationStatusId: 2,
      notificationUuids: [first!.notificationUuid, second!.notificationUuid],
    });
    expect(dismissed.json()).toMatchObject({ updated: 2, unreadCount: 0 });
    expect(await statusesOf([first!.notificationUuid, second!.notificationUuid])).toEqual([2, 2]);
    // Gone: 'Notification not found.'
    const again = await put(w.tokens.otherRecipient, {
      notificationStatusId: 1,
      notificationUuids: [first!.notificationUuid],
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(NOTIFICATION_MESSAGES.NOT_FOUND);
  });

  it("cannot change another recipient's notification: 404, and nothing changes (not even the caller's own)", async () => {
    const mine = (await uuidsOf(w.accounts.a1.id)).slice(0, 1);
    const others = await uuidsOf(w.accounts.a2.id);
    const before = await statusesOf([...mine, ...others]);
    const res = await put(w.tokens.recipient, { notificationStatusId: 2, notificationUuids: [...mine, others[0]] });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(NOTIFICATION_MESSAGES.NOT_FOUND);
    expect(await statusesOf([...mine, ...others])).toEqual(before);
  });

  it('refuses malformed bodies with 400 and staff with 403', async () => {
    const mine = await uuidsOf(w.accounts.a1.id);
    const before = await statusesOf(mine);
    for (const payload of [
      { notificationStatusId: 1, notificationUuids: 'not-a-list' },
      { notificationStatusId: 1, notificationUuids: ['not-a-uuid'] },
      { notificationStatusId: 1, notificationUuids: [] },
      { notificationStatusId: 7, notificationUuids: [mine[0]] },
      { notificationStatusId: 0, notificationUuids: [mine[0]] },
      { notificationUuids: [mine[0]] },
    ]) {
      const res = await put(w.tokens.recipient, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await statusesOf(mine)).toEqual(before);
    expect(
      (await put(w.tokens.programAdminA, { notificationStatusId: 1, notificationUuids: [mine[0]] })).statusCode,
    ).toBe(403);
  });
});

describe('statuses and events', () => {
  it('lists the statuses 0 unread, 1 read, 2 dismissed and the active events', async () => {
    const statuses = await t.injectAs(w.tokens.recipient, {
      method: 'GET',
      url: '/account-api/notifications/statuses',
    });
    expect(statuses.json()).toEqual([
      { notificationStatusId: 0, descr: 'Unread' },
      { notificationStatusId: 1, descr: 'Read' },
      { notificationStatusId: 2, descr: 'Dismissed' },
    ]);
    const events = await t.injectAs(w.tokens.recipient, { method: 'GET', url: '/account-api/notifications/events' });
    expect(events.json()).toContainEqual({ eventId: 1, descr: 'A benefit is issued to you' });
    expect(
      (await t.injectAs(w.tokens.programAdminA, { method: 'GET', url: '/account-api/notifications/events' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('preferences', () => {
  const prefs = (token: string) => t.injectAs(token, { method: 'GET', url: '/account-api/notifications/preferences' });
  const save = (token: string, payload: unknown) =>
    t.injectAs(token, { method: 'PUT', url: '/account-api/notifications/preferences', payload: payload as object });
  const chosen = async (accountId: number) =>
    (await db().select().from(notificationPreferences).where(eq(notificationPreferences.accountId, accountId)))
      .map((p) => `${p.eventId}:${p.methodId}`)
      .sort();

  it("saves the caller's pairs on each of their accounts, audited, and answers them selected", async () => {
    const res = await save(w.tokens.recipient, { eventIds: [1, 5], methodIds: [1, 2] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Preferences updated.');
    expect(await chosen(w.accounts.a1.id)).toEqual(['1:1', '5:2']);
    expect(await chosen(w.accounts.b1.id)).toEqual(['1:1', '5:2']);
    expect(await chosen(w.accounts.a2.id)).toEqual([]);
    const listed = (await prefs(w.tokens.recipient)).json() as {
      eventId: number;
      methodId: number;
      selected: boolean;
    }[];
    expect(listed.filter((p) => p.selected).map((p) => `${p.eventId}:${p.methodId}`)).toEqual(['1:1', '5:2']);
    expect(listed.length).toBeGreaterThanOrEqual(14);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'notification_preferences'), eq(auditLog.entityId, w.accounts.a1.uuid)));
    expect(audit.length).toBeGreaterThan(0);
    // The other recipient sees none of it.
    const theirs = (await prefs(w.tokens.otherRecipient)).json() as { selected: boolean }[];
    expect(theirs.some((p) => p.selected)).toBe(false);
  });

  it('refuses unknown events or methods, mismatched lists and SMS without a mobile phone, changing nothing', async () => {
    const before = await chosen(w.accounts.a1.id);
    for (const payload of [
      { eventIds: [99], methodIds: [1] },
      { eventIds: [1], methodIds: [3] },
      { eventIds: [1, 2], methodIds: [1] },
      { eventIds: ['x'], methodIds: [1] },
      { eventIds: [1] },
    ]) {
      const res = await save(w.tokens.recipient, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await chosen(w.accounts.a1.id)).toEqual(before);
    expect((await save(w.tokens.programAdminA, { eventIds: [1], methodIds: [1] })).statusCode).toBe(403);
  });

  it('sends the next benefit-issued e-mail only when e-mail is chosen for it', async () => {
    const issue = async (auth: string) => {
      const res = await t.injectAs(w.tokens.programAdminA, {
        method: 'POST',
        url: '/benefit-api/benefit',
        payload: {
          benefitRecipientAccountIdentifier: w.accounts.a1.recipientIdentifier,
          benefitAuthorizationNumber: auth,
          benefitAvailableDate: '2026-11-23',
          benefitExpirationDate: '2027-02-28',
          benefitAmount: 25,
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
      expect(res.statusCode, res.body).toBe(201);
    };
    const mails = async () =>
      (await db().select().from(outbox).where(eq(outbox.to, w.accounts.a1.email!))).filter(
        (m) => m.channel === 'email',
      );
    await save(w.tokens.recipient, { eventIds: [5], methodIds: [1] });
    const before = (await mails()).length;
    await issue('PREFNOMAIL1');
    expect((await mails()).length).toBe(before);
    await save(w.tokens.recipient, { eventIds: [1], methodIds: [1] });
    await issue('PREFMAIL2');
    const after = await mails();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)!.body).toContain('PREFMAIL2');
  });
});
