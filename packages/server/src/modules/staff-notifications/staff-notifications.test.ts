import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_STATUS, ROLE } from '@ebt/core/enums';
import { STAFF_NOTIFICATION_MESSAGES } from '@ebt/core/staff-notifications';
import { staffNotifications } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { buildWorld } from '../../testing/world.js';

// GET /account-api/staff-notifications and the two PUTs that mark them read (decision 0043).

const t = useTestApp();
const db = () => t.database.db;

async function makeWorld() {
  return buildWorld(t, {
    programs: { program: {} },
    agencies: { a1: { program: 'program' } },
    users: {
      programAdmin: { roleId: ROLE.PROGRAM_ADMIN, programs: ['program'] },
      agencyAdmin: { roleId: ROLE.AGENCY_ADMIN, agencies: ['a1'] },
      quiet: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] },
      recipient: { roleId: ROLE.RECIPIENT },
    },
  });
}
let w: Awaited<ReturnType<typeof makeWorld>>;
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 12, minutes));

beforeAll(async () => {
  w = await makeWorld();
  await db()
    .insert(staffNotifications)
    .values([
      ...Array.from({ length: 12 }, (_, i) => ({
        userId: w.users.programAdmin.id,
        topic: 'agency-funding',
        text: `Notice ${i + 1}`,
        statusId: i < 3 ? NOTIFICATION_STATUS.READ : NOTIFICATION_STATUS.UNREAD,
        notifiedDate: at(i),
      })),
      { userId: w.users.agencyAdmin.id, topic: 'card-report', text: 'For the agency admin', notifiedDate: at(30) },
    ]);
});

const list = (token: string, query: Record<string, string | number> = {}) =>
  t.injectAs(token, { method: 'GET', url: '/account-api/staff-notifications', query: stringify(query) });
const stringify = (query: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
const put = (token: string, url: string) => t.injectAs(token, { method: 'PUT', url });
const statusOf = async (uuid: string) =>
  (await db().select().from(staffNotifications).where(eq(staffNotifications.uuid, uuid)))[0]!.statusId;

describe('the staff notifications list', () => {
  it("answers the caller's own, newest first, paged, with the unread count", async () => {
    const first = await list(w.tokens.programAdmin);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ page: 0, totalCount: 12, totalPages: 2, countCapped: false, unreadCount: 9 });
    expect(body.data.map((r: { text: string }) => r.text)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Notice ${12 - i}`),
    );
    expect(body.data[0]).toMatchObject({ topic: 'agency-funding', read: false, notifiedDate: at(11).toISOString() });
    const second = (await list(w.tokens.programAdmin, { page: 1 })).json();
    expect(second.data.map((r: { text: string; read: boolean }) => [r.text, r.read])).toEqual([
      ['Notice 2', true],
      ['Notice 1', true],
    ]);
    // Past the end: no rows, the counts still.
    expect((await list(w.tokens.programAdmin, { page: 5 })).json()).toMatchObject({ data: [], totalCount: 12 });
    // Nobody else's.
    const other = (await list(w.tokens.agencyAdmin)).json();
    expect(other.data.map((r: { text: string }) => r.text)).toEqual(['For the agency admin']);
    expect((await list(w.tokens.quiet)).json()).toMatchObject({ data: [], totalCount: 0, unreadCount: 0 });
  });

  it('refuses recipients, strangers and bad paging', async () => {
    expect((await list(w.tokens.recipient)).statusCode).toBe(403);
    expect((await t.injectAs(null, { method: 'GET', url: '/account-api/staff-notifications' })).statusCode).toBe(401);
    const bad: Record<string, string | number>[] = [
      { page: -1 },
      { pageSize: 0 },
      { pageSize: 101 },
      { page: 'x' },
      { pageSize: '1e9' },
    ];
    for (const query of bad)
      expect((await list(w.tokens.programAdmin, query)).statusCode, JSON.stringify(query)).toBe(400);
  });
});

describe('marking notifications read', () => {
  it("marks one of the caller's own, and refuses another's with 404, changing nothing", async () => {
    const mine = (await list(w.tokens.programAdmin)).json().data[0];
    const res = await put(w.tokens.programAdmin, `/account-api/staff-notifications/${mine.notificationId}/read`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: STAFF_NOTIFICATION_MESSAGES.MARKED_READ, updated: 1 });
    expect(await statusOf(mine.notificationId)).toBe(NOTIFICATION_STATUS.READ);

    const theirs = (await list(w.tokens.agencyAdmin)).json().data[0];
    const refused = await put(w.tokens.programAdmin, `/account-api/staff-notifications/${theirs.notificationId}/read`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(STAFF_NOTIFICATION_MESSAGES.NOT_FOUND);
    expect(await statusOf(theirs.notificationId)).toBe(NOTIFICATION_STATUS.UNREAD);
    expect((await put(w.tokens.programAdmin, '/account-api/staff-notifications/not-a-uuid/read')).statusCode).toBe(400);
  });

  it("marks all of the caller's unread, and only theirs", async () => {
    const res = await put(w.tokens.programAdmin, '/account-api/staff-notifications/read');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(STAFF_NOTIFICATION_MESSAGES.ALL_MARKED_READ);
    expect(res.json().updated).toBeGreaterThan(0);
    expect((await list(w.tokens.programAdmin)).json().unreadCount).toBe(0);
    expect((await list(w.tokens.agencyAdmin)).json().unreadCount).toBe(1);
    expect((await put(w.tokens.programAdmin, '/account-api/staff-notifications/read')).json().updated).toBe(0);
  });
});
