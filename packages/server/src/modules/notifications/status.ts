import { and, inArray, sql } from 'drizzle-orm';
import { NOTIFICATION_STATUS, NOTIFICATION_STATUS_LABEL, type NotificationStatus } from '@ebt/core/enums';
import {
  NOTIFICATION_COUNT_CAP,
  NOTIFICATION_MESSAGES,
  type NotificationStatusAnswer,
  type NotificationStatusChange,
  type NotificationStatusOption,
} from '@ebt/core/notifications';
import { notifications as n } from '../../db/schema/index.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { accountArray, unreadCount } from './queries.js';

// PUT /account-api/notifications (A§4, resolution 24): read (1) or dismiss (2) some of the caller's own notifications.
// All or nothing: one uuid that is not the caller's, unknown or already dismissed answers 404 'Notification not found.'
// and changes none (decision 0048). Not audited: the caller's own inbox (audit-walk exemption).

export async function changeNotificationStatus(
  context: RequestContext,
  body: NotificationStatusChange,
): Promise<NotificationStatusAnswer> {
  const ctx = requireCaller(context);
  const accountIds = ctx.caller.accountIds;
  if (accountIds.length === 0) throw AppError.notFound(NOTIFICATION_MESSAGES.NOT_FOUND);
  const uuids = [...new Set(body.notificationUuids.map((u) => u.toLowerCase()))];
  return ctx.db.transaction(async (tx) => {
    const found = await tx
      .select({ id: n.id, statusId: n.statusId })
      .from(n)
      .where(
        and(
          inArray(n.uuid, uuids),
          sql`${n.accountId} = any(${accountArray(accountIds)})`,
          inArray(n.statusId, [NOTIFICATION_STATUS.UNREAD, NOTIFICATION_STATUS.READ]),
        ),
      )
      .for('update');
    if (found.length !== uuids.length) throw AppError.notFound(NOTIFICATION_MESSAGES.NOT_FOUND);
    // Reading an item already read changes nothing; dismissing is final.
    const changing = found.filter((f) => f.statusId < body.notificationStatusId).map((f) => f.id);
    if (changing.length) await tx.update(n).set({ statusId: body.notificationStatusId }).where(inArray(n.id, changing));
    return {
      message: NOTIFICATION_MESSAGES.STATUS_UPDATED,
      updated: changing.length,
      unreadCount: await unreadCount(tx, accountIds, NOTIFICATION_COUNT_CAP),
    };
  });
}

/** GET /account-api/notifications/statuses: 0 unread, 1 read, 2 dismissed (resolution 24). */
export function listNotificationStatuses(): NotificationStatusOption[] {
  return Object.entries(NOTIFICATION_STATUS_LABEL).map(([id, descr]) => ({
    notificationStatusId: Number(id) as NotificationStatus,
    descr,
  }));
}
