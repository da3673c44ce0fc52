import { inArray, sql } from 'drizzle-orm';
import { NOTIFICATION_METHOD } from '@ebt/core/enums';
import type { DbOrTx } from '../db/client.js';
import {
  notificationPreferences,
  notifications,
  outbox,
  programs,
  recipientAccounts,
  users,
} from '../db/schema/index.js';
import type { Config } from '../config.js';
import type { RequestContext } from './context.js';
import {
  type NoticeContact,
  type NoticeLanguage,
  noticeText,
  renderNotice,
  type RenderedNotice,
} from './notice-mail.js';

// The one way a recipient is told something (benefit issued or voided, a purchase, an incentive earned, a card's
// status): a row in their inbox (notifications, GET /account-api/notifications) and an e-mail or SMS for each method
// the account chose for the event (notification_preferences), queued in the outbox in the caller's transaction so a
// notice is never sent for a change that rolled back. Texts never carry more of a card than its last four digits.
// The inbox row keeps the specification's one sentence; the e-mail and SMS frame it (platform/notice-mail.ts,
// docs/notices.md): greeting by first name, facts, what to do next, a link to the portal, the program's contact.

/** What an e-mail says besides the notice's sentence, in one language (values formatted for it). */
export interface NoticeDetails {
  facts: readonly (readonly [string, string])[];
  next: string;
}

/** The e-mail and SMS of a notice beyond its sentence. */
export interface NoticeMail {
  /** The portal page the link opens, from the site's root ('/recipient/benefits'). */
  path: string;
  /** The link's text (core NOTICE_MESSAGES). */
  linkText: 'LINK_BENEFITS' | 'LINK_CARDS' | 'LINK_NOTIFICATIONS' | 'LINK_PAYOUTS';
  /** The program whose contact (programs.contact_email, contact_phone) the message names. */
  programId?: number | null;
  /** The facts and next step in a language: called only for the messages actually queued, once each. */
  details: (language: NoticeLanguage) => NoticeDetails;
}

/** One notice for one recipient account. */
export interface RecipientNotice {
  accountId: number;
  /** notification_events.id (db/reference-data.ts NOTIFICATION_EVENT). */
  eventId: number;
  /** The inbox text, and the sentence the e-mail and SMS carry; cut to the column's 500 characters. */
  text: string;
  /** The e-mail's subject and heading. */
  subject: string;
  /**
   * The same notice in Spanish: the e-mail or SMS of an account whose user chose Spanish (users.preferred_language,
   * docs/i18n.md) is sent in it, and the inbox row keeps it beside the English for the recipient's Spanish pages.
   */
  es?: { text: string; subject: string };
  /** What the notice is about, in kebab case ('benefit-issued'): the delivery log's kind (outbox.kind). */
  kind: string;
  /** The e-mail's facts, next step, link and contact; without it the message is the sentence and a link home. */
  mail?: NoticeMail;
}

/** The context notices need: the clock, the log and, for the portal's address in links, the config. */
export interface NoticeContext {
  now: RequestContext['now'];
  log: Pick<RequestContext['log'], 'info'>;
  config?: Pick<Config, 'publicUrl'>;
}

/** The portal's address for links in messages: the config's publicUrl (PUBLIC_URL), else as config.ts defaults it. */
export function noticeBaseUrl(ctx: { config?: Pick<Config, 'publicUrl'> }): string {
  if (ctx.config?.publicUrl) return ctx.config.publicUrl;
  return (process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
}

/** Where a recipient changes which notices reach them by e-mail or SMS. */
export const RECIPIENT_SETTINGS_PATH = '/recipient/notifications';

/** The largest text the notifications table holds. */
export const NOTIFICATION_TEXT_MAX = 500;

/**
 * Writes the notices and queues the messages their recipients chose. Three statements whatever the count: the rows
 * travel as one JSON parameter (a benefit file notifies 10,000 recipients; binding six values a row cost more than
 * the insert, bench/README.md). `topic` names the notices in the log line, which never carries bodies or addresses.
 */
export async function notifyAccounts(
  tx: DbOrTx,
  ctx: NoticeContext,
  notices: readonly RecipientNotice[],
  topic: string,
): Promise<void> {
  if (notices.length === 0) return;
  const at = ctx.now().toISOString();
  const rows = notices.map((n) => ({ ...n, text: n.text.slice(0, NOTIFICATION_TEXT_MAX) }));
  await tx.execute(sql`
    insert into ${notifications} (account_id, event_id, text, text_es, status_id, notified_date, created_at)
    select n.account_id, n.event_id, n.text, n.text_es, 0, ${at}::timestamptz, ${at}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(
      rows.map((n) => ({
        account_id: n.accountId,
        event_id: n.eventId,
        text: n.text,
        text_es: n.es?.text.slice(0, NOTIFICATION_TEXT_MAX) ?? null,
      })),
    )}::jsonb) as n(account_id int, event_id smallint, text varchar(500), text_es varchar(500))`);

  const accountIds = [...new Set(rows.map((n) => n.accountId))];
  const events = [...new Set(rows.map((n) => n.eventId))];
  // The methods each account chose for these events, with the account's e-mail and phone to send to, and the first
  // name and language of its user for the greeting.
  const preferences = await tx
    .select({
      accountId: notificationPreferences.accountId,
      eventId: notificationPreferences.eventId,
      methodId: notificationPreferences.methodId,
      email: recipientAccounts.email,
      mobilePhone: recipientAccounts.mobilePhone,
      language: users.preferredLanguage,
      firstName: users.firstName,
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
  const sending = rows.filter((n) => {
    const to = contact.get(n.accountId);
    return (
      (to?.email && chosen.has(`${n.accountId}:${n.eventId}:${NOTIFICATION_METHOD.EMAIL}`)) ||
      (to?.mobilePhone && chosen.has(`${n.accountId}:${n.eventId}:${NOTIFICATION_METHOD.SMS}`))
    );
  });
  if (sending.length === 0) return;
  const contacts = await programContacts(tx, sending);
  const base = noticeBaseUrl(ctx);
  const outgoing: {
    channel: 'email' | 'sms';
    to: string;
    subject: string;
    body: string;
    html: string | null;
    kind: string;
  }[] = [];
  for (const n of sending) {
    const wants = (method: number) => chosen.has(`${n.accountId}:${n.eventId}:${method}`);
    const to = contact.get(n.accountId)!;
    const language: NoticeLanguage = to.language === 'es' && n.es ? 'es' : 'en';
    const contactOf = n.mail?.programId ? contacts.get(n.mail.programId) : null;
    const rendered = renderRecipientNotice(n, language, to.firstName, contactOf ?? null, base);
    const kind = n.kind.slice(0, 60);
    if (wants(NOTIFICATION_METHOD.EMAIL) && to.email) {
      outgoing.push({
        channel: 'email',
        to: to.email.slice(0, 255),
        subject: rendered.subject,
        body: rendered.text,
        html: rendered.html,
        kind,
      });
    }
    if (wants(NOTIFICATION_METHOD.SMS) && to.mobilePhone) {
      outgoing.push({
        channel: 'sms',
        to: to.mobilePhone,
        subject: rendered.subject,
        body: rendered.sms,
        html: null,
        kind,
      });
    }
  }
  if (outgoing.length === 0) return;
  await tx.execute(sql`
    insert into ${outbox} (channel, "to", subject, body, html, kind, created_at)
    select o.channel, o."to", o.subject, o.body, o.html, o.kind, ${at}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(outgoing)}::jsonb)
      as o(channel varchar(5), "to" varchar(255), subject varchar(200), body text, html text, kind varchar(60))`);
  // As platform/outbox.ts does: the log names the messages, never their bodies or addresses.
  ctx.log.info({ count: outgoing.length, notice: topic }, 'recipient notices queued in the outbox');
}

/** A recipient notice's e-mail and SMS in a language, as `notifyAccounts` queues them. */
export function renderRecipientNotice(
  n: Pick<RecipientNotice, 'text' | 'subject' | 'es' | 'mail'>,
  language: NoticeLanguage,
  firstName: string | null,
  contact: NoticeContact | null,
  base: string,
): RenderedNotice {
  const message = language === 'es' && n.es ? n.es : n;
  const details = n.mail?.details(language) ?? { facts: [], next: noticeText(language, 'NEXT_CARD_DEVICE') };
  return renderNotice({
    language,
    greetingName: firstName,
    heading: message.subject,
    summary: message.text.slice(0, NOTIFICATION_TEXT_MAX),
    facts: details.facts,
    next: details.next,
    link: {
      url: `${base}${n.mail?.path ?? '/recipient/notifications'}`,
      text: noticeText(language, n.mail?.linkText ?? 'LINK_NOTIFICATIONS'),
    },
    contact,
    footer: { reason: 'chosen', url: `${base}${RECIPIENT_SETTINGS_PATH}` },
  });
}

/** The contacts of the programs the notices name: one statement whatever the count (a file names one program). */
export async function programContacts(
  tx: DbOrTx,
  notices: readonly Pick<RecipientNotice, 'mail'>[],
): Promise<Map<number, NoticeContact>> {
  const ids = [...new Set(notices.map((n) => n.mail?.programId).filter((id): id is number => Boolean(id)))];
  if (ids.length === 0) return new Map();
  const found = await tx
    .select({ id: programs.id, name: programs.name, email: programs.contactEmail, phone: programs.contactPhone })
    .from(programs)
    .where(sql`${programs.id} = any(${`{${ids.join(',')}}`}::int[])`);
  return new Map(found.map((p) => [p.id, { name: p.name, email: p.email, phone: p.phone }]));
}

/**
 * The same as `notifyAccounts`, as two common table expressions to embed in a larger statement (the transaction
 * engine writes a call in one statement, decision 0072): `notice_rows` inserts the inbox rows, `notice_mail` queues an
 * e-mail or SMS for each method the account chose for the event, in the notices' order, the Spanish text for an
 * account whose user chose Spanish. `notices` and `at` are the statement's parameters (`noticesJson`, a timestamptz).
 */
export function noticeStatements(notices: string, at: string): string {
  return `notice_in as (
    select * from jsonb_to_recordset(${notices}::jsonb)
      as n(ord int, account_id int, event_id smallint, text varchar(500), subject varchar(200), es_text varchar(500),
        es_subject varchar(200), kind varchar(60))
  ),
  notice_rows as (
    insert into notifications (account_id, event_id, text, text_es, status_id, notified_date, created_at)
    select n.account_id, n.event_id, n.text, n.es_text, 0, ${at}::timestamptz, ${at}::timestamptz
    from notice_in n order by n.ord
    returning 1
  ),
  notice_mail as (
    insert into outbox (channel, "to", subject, body, kind, created_at)
    select case np.method_id when ${NOTIFICATION_METHOD.EMAIL} then 'email' else 'sms' end,
      case np.method_id when ${NOTIFICATION_METHOD.EMAIL} then left(a.email, 255) else a.mobile_phone end,
      left(case when u.preferred_language = 'es' and n.es_subject is not null then n.es_subject
        else n.subject end, 200),
      left(case when u.preferred_language = 'es' and n.es_text is not null then n.es_text else n.text end, 500),
      n.kind, ${at}::timestamptz
    from notice_in n
    join notification_preferences np on np.account_id = n.account_id and np.event_id = n.event_id
    join recipient_accounts a on a.id = n.account_id
    left join users u on u.id = a.user_id
    where (np.method_id = ${NOTIFICATION_METHOD.EMAIL} and coalesce(a.email, '') <> '')
      or (np.method_id = ${NOTIFICATION_METHOD.SMS} and coalesce(a.mobile_phone, '') <> '')
    order by n.ord, np.method_id
    returning 1
  )`;
}

/** The notices as the JSON parameter of `noticeStatements`. */
export function noticesJson(notices: readonly RecipientNotice[]): string {
  return JSON.stringify(
    notices.map((n, ord) => ({
      ord,
      account_id: n.accountId,
      event_id: n.eventId,
      text: n.text.slice(0, NOTIFICATION_TEXT_MAX),
      subject: n.subject.slice(0, 200),
      es_text: n.es?.text.slice(0, NOTIFICATION_TEXT_MAX) ?? null,
      es_subject: n.es?.subject.slice(0, 200) ?? null,
      kind: n.kind.slice(0, 60),
    })),
  );
}
