import { inArray, sql } from 'drizzle-orm';
import { NOTIFICATION_METHOD } from '@ebt/core/enums';
import type { DbOrTx } from '../db/client.js';
import { notificationPreferences, notifications, outbox, recipientAccounts, users } from '../db/schema/index.js';
import type { RequestContext } from './context.js';

// The one way a recipient is told something (benefit issued or voided, a purchase, an incentive earned, a card's
// status): a row in their inbox (notifications, GET /account-api/notifications) and an e-mail or SMS for each method
// the account chose for the event (notification_preferences), queued in the outbox in the caller's transaction so a
// notice is never sent for a change that rolled back. Texts never carry more of a card than its last four digits.

/** One notice for one recipient account. */
export interface RecipientNotice {
  accountId: number;
  /** notification_events.id (db/reference-data.ts NOTIFICATION_EVENT). */
  eventId: number;
  /** The inbox text and the message body; cut to the column's 500 characters. */
  text: string;
  /** The e-mail's subject. */
  subject: string;
  /**
   * The same notice in Spanish, for an account whose user chose Spanish (users.preferred_language, docs/i18n.md): its
   * e-mail or SMS is sent in it. The inbox row keeps the English text, which the recipient's pages translate.
   */
  es?: { text: string; subject: string };
}

/** The largest text the notifications table holds. */
export const NOTIFICATION_TEXT_MAX = 500;

/**
 * Writes the notices and queues the messages their recipients chose. Three statements whatever the count: the rows
 * travel as one JSON parameter (a benefit file notifies 10,000 recipients; binding six values a row cost more than
 * the insert, bench/README.md). `topic` names the notices in the log line, which never carries bodies or addresses.
 */
export async function notifyAccounts(
  tx: DbOrTx,
  ctx: Pick<RequestContext, 'now' | 'log'>,
  notices: readonly RecipientNotice[],
  topic: string,
): Promise<void> {
  if (notices.length === 0) return;
  const at = ctx.now().toISOString();
  const rows = notices.map((n) => ({ ...n, text: n.text.slice(0, NOTIFICATION_TEXT_MAX) }));
  await tx.execute(sql`
    insert into ${notifications} (account_id, event_id, text, status_id, notified_date, created_at)
    select n.account_id, n.event_id, n.text, 0, ${at}::timestamptz, ${at}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(
      rows.map((n) => ({ account_id: n.accountId, event_id: n.eventId, text: n.text })),
    )}::jsonb) as n(account_id int, event_id smallint, text varchar(500))`);

  const accountIds = [...new Set(rows.map((n) => n.accountId))];
  const events = [...new Set(rows.map((n) => n.eventId))];
  // The methods each account chose for these events, with the account's e-mail and phone to send to.
  const preferences = await tx
    .select({
      accountId: notificationPreferences.accountId,
      eventId: notificationPreferences.eventId,
      methodId: notificationPreferences.methodId,
      email: recipientAccounts.email,
      mobilePhone: recipientAccounts.mobilePhone,
      language: users.preferredLanguage,
    })
    .from(notificationPreferences)
    .innerJoin(recipientAccounts, sql`${recipientAccounts.id} = ${notificationPreferences.accountId}`)
    .leftJoin(users, sql`${users.id} = ${recipientAccounts.userId}`)
    .where(
      sql`${notificationPreferences.accountId} = any(${`{${accountIds.join(',')}}`}::int[]) and ${inArray(notificationPreferences.eventId, events)}`,
    );
  if (preferences.length === 0) return;
  const chosen = new Set(preferences.map((p) => `${p.accountId}:${p.eventId}:${p.methodId}`));
  const contact = new Map(preferences.map((p) => [p.accountId, p]));
  const outgoing: { channel: 'email' | 'sms'; to: string; subject: string; body: string }[] = [];
  for (const n of rows) {
    const wants = (method: number) => chosen.has(`${n.accountId}:${n.eventId}:${method}`);
    const to = contact.get(n.accountId);
    const message = to?.language === 'es' && n.es ? n.es : n;
    const subject = message.subject.slice(0, 200);
    const body = message.text.slice(0, NOTIFICATION_TEXT_MAX);
    if (wants(NOTIFICATION_METHOD.EMAIL) && to?.email) {
      outgoing.push({ channel: 'email', to: to.email.slice(0, 255), subject, body });
    }
    if (wants(NOTIFICATION_METHOD.SMS) && to?.mobilePhone) {
      outgoing.push({ channel: 'sms', to: to.mobilePhone, subject, body });
    }
  }
  if (outgoing.length === 0) return;
  await tx.execute(sql`
    insert into ${outbox} (channel, "to", subject, body, created_at)
    select o.channel, o."to", o.subject, o.body, ${at}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(outgoing)}::jsonb) as o(channel varchar(5), "to" varchar(255), subject varchar(200), body text)`);
  // As platform/outbox.ts does: the log names the messages, never their bodies or addresses.
  ctx.log.info({ count: outgoing.length, notice: topic }, 'recipient notices queued in the outbox');
}
