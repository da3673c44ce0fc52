import { and, eq, sql } from 'drizzle-orm';
import { NOTIFICATION_STATUS } from '@ebt/core/enums';
import { totalPages } from '@ebt/core/pager';
import {
  STAFF_NOTIFICATION_COUNT_CAP,
  STAFF_NOTIFICATION_MESSAGES,
  type StaffNotificationPage,
  type StaffNotificationQuery,
  type StaffNotificationsRead,
} from '@ebt/core/staff-notifications';
import { staffNotifications as n } from '../../db/schema/index.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';

// A staff user's own notifications (decision 0043). Every statement names the caller's user id: nobody reads or
// marks another's. The page, its capped count and the unread count are one statement after the caller's.

interface PageRow extends Record<string, unknown> {
  total: number | string;
  unread: number | string;
  uuid: string | null;
  topic: string | null;
  text: string | null;
  status_id: number | null;
  notified_date: Date | string | null;
}

/** GET /account-api/staff-notifications: the caller's notifications, newest first, with the unread count. */
export async function listStaffNotifications(
  context: RequestContext,
  query: StaffNotificationQuery,
): Promise<StaffNotificationPage> {
  const ctx = requireCaller(context);
  const userId = ctx.caller.userId;
  const cap = STAFF_NOTIFICATION_COUNT_CAP;
  // A one-row head (the counts) left-joined to the page, so an empty page still answers its counts.
  const result = (await ctx.db.execute(sql`
    select head.total, head.unread, p.uuid, p.topic, p.text, p.status_id, p.notified_date
    from (select
            (select count(*)::int from (select 1 from ${n} where ${n.userId} = ${userId} limit ${cap + 1}) t) as total,
            (select count(*)::int from (select 1 from ${n} where ${n.userId} = ${userId}
               and ${n.statusId} = ${NOTIFICATION_STATUS.UNREAD} limit ${cap + 1}) u) as unread) head
    left join lateral (
      select s.uuid, s.topic, s.text, s.status_id, s.notified_date, s.id from ${n} s
      where s.user_id = ${userId}
      order by s.notified_date desc, s.id desc
      limit ${query.pageSize} offset ${query.page * query.pageSize}) p on true
    order by p.notified_date desc, p.id desc`)) as { rows: PageRow[] };
  const rows = result.rows;
  const counted = Number(rows[0]?.total ?? 0);
  const totalCount = Math.min(counted, cap);
  return {
    data: rows
      .filter((r) => r.uuid !== null)
      .map((r) => ({
        notificationId: r.uuid!,
        topic: r.topic!,
        text: r.text!,
        read: r.status_id !== NOTIFICATION_STATUS.UNREAD,
        notifiedDate: new Date(r.notified_date!).toISOString(),
      })),
    page: query.page,
    totalCount,
    totalPages: totalPages(totalCount, query.pageSize),
    countCapped: counted > cap,
    unreadCount: Math.min(Number(rows[0]?.unread ?? 0), cap),
  };
}

/** PUT /account-api/staff-notifications/{id}/read: one of the caller's own; another's is not found. */
export async function markStaffNotificationRead(
  context: RequestContext,
  notificationUuid: string,
): Promise<StaffNotificationsRead> {
  const ctx = requireCaller(context);
  const updated = await ctx.db
    .update(n)
    .set({ statusId: NOTIFICATION_STATUS.READ })
    .where(and(eq(n.uuid, notificationUuid.toLowerCase()), eq(n.userId, ctx.caller.userId)))
    .returning({ id: n.id });
  if (updated.length === 0) throw AppError.notFound(STAFF_NOTIFICATION_MESSAGES.NOT_FOUND);
  return { message: STAFF_NOTIFICATION_MESSAGES.MARKED_READ, updated: updated.length };
}

/** PUT /account-api/staff-notifications/read: every unread notification of the caller. */
export async function markAllStaffNotificationsRead(context: RequestContext): Promise<StaffNotificationsRead> {
  const ctx = requireCaller(context);
  const updated = await ctx.db
    .update(n)
    .set({ statusId: NOTIFICATION_STATUS.READ })
    .where(and(eq(n.userId, ctx.caller.userId), eq(n.statusId, NOTIFICATION_STATUS.UNREAD)))
    .returning({ id: n.id });
  return { message: STAFF_NOTIFICATION_MESSAGES.ALL_MARKED_READ, updated: updated.length };
}
