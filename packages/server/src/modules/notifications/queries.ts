import { sql } from 'drizzle-orm';
import { NOTIFICATION_STATUS } from '@ebt/core/enums';
import type { DbOrTx } from '../../db/client.js';
import { notifications as n } from '../../db/schema/index.js';

// The SQL of the recipient's notifications. Every statement names the caller's own account ids.

/** The caller's account ids as one int[] parameter. */
export const accountArray = (accountIds: readonly number[]) => sql`${`{${accountIds.join(',')}}`}::int[]`;

export interface NotificationPageRow extends Record<string, unknown> {
  total: number | string;
  unread: number | string;
  uuid: string | null;
  event_id: number | null;
  text: string | null;
  text_es: string | null;
  status_id: number | null;
  notified_date: Date | string | null;
}

/**
 * The listed notifications (unread and read, newest first) with the listed and unread counts, in one statement: a
 * one-row head of counts left-joined to the page, so an empty page still answers its counts. Both walk
 * notifications_account_status_idx.
 */
export async function notificationPage(
  db: DbOrTx,
  accountIds: readonly number[],
  page: number,
  pageSize: number,
  cap: number,
): Promise<NotificationPageRow[]> {
  const accounts = accountArray(accountIds);
  const listed = sql`${n.statusId} in (${NOTIFICATION_STATUS.UNREAD}, ${NOTIFICATION_STATUS.READ})`;
  const result = (await db.execute(sql`
    select head.total, head.unread, p.uuid, p.event_id, p.text, p.text_es, p.status_id, p.notified_date
    from (select
            (select count(*)::int from (select 1 from ${n} where ${n.accountId} = any(${accounts}) and ${listed}
               limit ${cap + 1}) t) as total,
            (select count(*)::int from (select 1 from ${n} where ${n.accountId} = any(${accounts})
               and ${n.statusId} = ${NOTIFICATION_STATUS.UNREAD} limit ${cap + 1}) u) as unread) head
    left join lateral (
      select s.uuid, s.event_id, s.text, s.text_es, s.status_id, s.notified_date, s.id from ${n} s
      where s.account_id = any(${accounts}) and s.status_id in (${NOTIFICATION_STATUS.UNREAD}, ${NOTIFICATION_STATUS.READ})
      order by s.notified_date desc, s.id desc
      limit ${pageSize} offset ${page * pageSize}) p on true
    order by p.notified_date desc, p.id desc`)) as { rows: NotificationPageRow[] };
  return result.rows;
}

/** The caller's unread count, capped. */
export async function unreadCount(db: DbOrTx, accountIds: readonly number[], cap: number): Promise<number> {
  const result = (await db.execute(sql`
    select count(*)::int as unread from (select 1 from ${n} where ${n.accountId} = any(${accountArray(accountIds)})
      and ${n.statusId} = ${NOTIFICATION_STATUS.UNREAD} limit ${cap + 1}) u`)) as { rows: { unread: number }[] };
  return Math.min(Number(result.rows[0]?.unread ?? 0), cap);
}
