import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { NOTIFICATION_METHOD, NOTIFICATION_METHOD_LABEL, type NotificationMethod } from '@ebt/core/enums';
import {
  NOTIFICATION_MESSAGES,
  type NotificationEventOption,
  type NotificationPreference,
  type NotificationPreferencesChange,
  type PreferencesAnswer,
} from '@ebt/core/notifications';
import {
  notificationEvents as ev,
  notificationPreferences as np,
  recipientAccounts as ra,
  smsOptOuts,
} from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { accountArray } from './queries.js';

// The recipient's notification preferences (A§3 Preference, A§7; decision 0048): which events are sent, by e-mail (1)
// or SMS (2). A person with accounts in several programs has one set of choices: they are written to each of their
// accounts, and a pair counts as chosen when any account holds it.

const METHODS = Object.values(NOTIFICATION_METHOD) as NotificationMethod[];

/** GET /account-api/notifications/events: the active events. */
export async function listNotificationEvents(context: RequestContext): Promise<NotificationEventOption[]> {
  const ctx = requireCaller(context);
  return ctx.db.select({ eventId: ev.id, descr: ev.descr }).from(ev).where(eq(ev.active, true)).orderBy(asc(ev.id));
}

/**
 * Whether a mobile number of the caller's accounts replied STOP (its texts are held back, decision 0112), as a column
 * of the preferences' own statement: sms_opt_outs keeps numbers in E.164, and a stored number is its ten digits with
 * separators (core toE164 for the same rule in code).
 */
function mobileOptedOut(accounts: readonly number[]) {
  return sql`exists (select 1 from ${ra} a join ${smsOptOuts} o
      on o.phone = '+1' || regexp_replace(a.mobile_phone, '[^0-9]', '', 'g')
    where a.id = any(${accountArray(accounts)}) and a.mobile_phone is not null)`;
}

/** GET /account-api/notifications/preferences: every active event × method, `selected` when chosen. */
export async function listPreferences(context: RequestContext): Promise<NotificationPreference[]> {
  const ctx = requireCaller(context);
  const accounts = ctx.caller.accountIds;
  const rows = (await ctx.db.execute(sql`
    select e.id as event_id, e.descr, m.method_id,
      ${
        accounts.length === 0
          ? sql`false`
          : sql`exists (select 1 from ${np} p where p.account_id = any(${accountArray(accounts)})
              and p.event_id = e.id and p.method_id = m.method_id)`
      } as selected,
      ${accounts.length === 0 ? sql`false` : mobileOptedOut(accounts)} as sms_opted_out
    from ${ev} e cross join unnest(${`{${METHODS.join(',')}}`}::smallint[]) as m(method_id)
    where e.active
    order by e.id, m.method_id`)) as {
    rows: { event_id: number; descr: string; method_id: number; selected: boolean; sms_opted_out: boolean }[];
  };
  return rows.rows.map((r) => ({
    eventId: r.event_id,
    methodId: r.method_id,
    descr: `${r.descr} (${NOTIFICATION_METHOD_LABEL[r.method_id as NotificationMethod]})`,
    selected: r.selected,
    smsOptedOut: r.sms_opted_out,
  }));
}

/**
 * PUT /account-api/notifications/preferences: the chosen pairs replace the caller's choices on each of their
 * accounts. Unknown or inactive events and unknown methods answer 400 and change nothing; SMS needs a mobile phone and
 * e-mail an address on the account (A§5 "SMS needs a mobile phone").
 */
export async function changePreferences(
  context: RequestContext,
  body: NotificationPreferencesChange,
): Promise<PreferencesAnswer> {
  const ctx = requireCaller(context);
  const accounts = ctx.caller.accountIds;
  if (accounts.length === 0) throw AppError.notFound();
  const pairs = [...new Set(body.eventIds.map((e, i) => `${e}:${body.methodIds[i]}`))].map((key) => {
    const [eventId, methodId] = key.split(':').map(Number) as [number, number];
    return { eventId, methodId };
  });
  if (pairs.some((p) => !METHODS.includes(p.methodId as NotificationMethod)))
    throw AppError.badRequest(NOTIFICATION_MESSAGES.UNKNOWN_METHOD, 'methodIds');
  const eventIds = [...new Set(pairs.map((p) => p.eventId))];

  return ctx.db.transaction(async (tx) => {
    const known = eventIds.length
      ? await tx
          .select({ id: ev.id })
          .from(ev)
          .where(and(inArray(ev.id, eventIds), eq(ev.active, true)))
      : [];
    if (known.length !== eventIds.length) throw AppError.badRequest(NOTIFICATION_MESSAGES.UNKNOWN_EVENT, 'eventIds');
    // Lock the accounts first: two saves of the same person wait for each other instead of mixing their choices.
    const owners = await tx
      .select({ id: ra.id, uuid: ra.uuid, email: ra.email, mobilePhone: ra.mobilePhone })
      .from(ra)
      .where(sql`${ra.id} = any(${accountArray(accounts)})`)
      .orderBy(asc(ra.id))
      .for('update');
    if (pairs.some((p) => p.methodId === NOTIFICATION_METHOD.SMS) && !owners.some((o) => o.mobilePhone))
      throw AppError.badRequest(NOTIFICATION_MESSAGES.SMS_NEEDS_MOBILE, 'methodIds');
    if (pairs.some((p) => p.methodId === NOTIFICATION_METHOD.EMAIL) && !owners.some((o) => o.email))
      throw AppError.badRequest(NOTIFICATION_MESSAGES.EMAIL_NEEDS_ADDRESS, 'methodIds');

    const before = await tx
      .select({ accountId: np.accountId, eventId: np.eventId, methodId: np.methodId })
      .from(np)
      .where(sql`${np.accountId} = any(${accountArray(accounts)})`);
    await tx.delete(np).where(sql`${np.accountId} = any(${accountArray(accounts)})`);
    const at = ctx.now();
    const rows = owners.flatMap((o) => pairs.map((p) => ({ accountId: o.id, ...p, createdAt: at })));
    if (rows.length) await tx.insert(np).values(rows);
    const listOf = (accountId: number, list: readonly { accountId: number; eventId: number; methodId: number }[]) =>
      list
        .filter((r) => r.accountId === accountId)
        .map((r) => `${r.eventId}:${r.methodId}`)
        .sort()
        .join(',');
    await recordAudit(
      tx,
      ctx,
      owners.map((o) => ({
        action: 'update',
        entity: 'notification_preferences',
        entityId: o.uuid,
        before: { preferences: listOf(o.id, before) },
        after: { preferences: listOf(o.id, rows) },
      })),
    );
    return { message: NOTIFICATION_MESSAGES.PREFERENCES_UPDATED };
  });
}
