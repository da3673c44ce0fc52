import { totalPages } from '@ebt/core/pager';
import { NOTIFICATION_COUNT_CAP, type NotificationPage, type NotificationQuery } from '@ebt/core/notifications';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { notificationPage } from './queries.js';

/** GET /account-api/notifications: the caller's unread and read notifications, newest first, with the unread count. */
export async function listNotifications(context: RequestContext, query: NotificationQuery): Promise<NotificationPage> {
  const ctx = requireCaller(context);
  const empty = { data: [], page: query.page, totalCount: 0, totalPages: 0, countCapped: false, unreadCount: 0 };
  if (ctx.caller.accountIds.length === 0) return empty;
  const cap = NOTIFICATION_COUNT_CAP;
  const rows = await notificationPage(ctx.db, ctx.caller.accountIds, query.page, query.pageSize, cap);
  const counted = Number(rows[0]?.total ?? 0);
  const totalCount = Math.min(counted, cap);
  return {
    data: rows
      .filter((r) => r.uuid !== null)
      .map((r) => ({
        notificationUuid: r.uuid!,
        notificationEventId: r.event_id!,
        notificationText: r.text!,
        notificationTextEs: r.text_es,
        notificationStatusId: r.status_id!,
        notifiedDate: new Date(r.notified_date!).toISOString(),
      })),
    page: query.page,
    totalCount,
    totalPages: totalPages(totalCount, query.pageSize),
    countCapped: counted > cap,
    unreadCount: Math.min(Number(rows[0]?.unread ?? 0), cap),
  };
}
