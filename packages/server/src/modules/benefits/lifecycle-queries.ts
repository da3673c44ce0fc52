import { asc, sql } from 'drizzle-orm';
import { BENEFIT_LIFE_CYCLE_MESSAGES } from '@ebt/core/benefits';
import { BENEFIT_STATUS } from '@ebt/core/enums';
import { formatMoney } from '@ebt/core/format';
import { MESSAGES_ES, spanishNoticeDate, spanishNoticeMoney } from '@ebt/core/i18n';
import { fillMessage } from '@ebt/core/messages';
import type { DbOrTx } from '../../db/client.js';
import { NOTIFICATION_EVENT } from '../../db/reference-data.js';
import { noticeText } from '../../platform/notice-mail.js';
import {
  notifyAccounts,
  type NoticeContext as RecipientNoticeContext,
  type NoticeMail,
} from '../../platform/recipient-notices.js';
import { RECIPIENT_BENEFITS_PATH } from './issue-effects.js';
import { benefitExpiryReminders, benefits, programs } from '../../db/schema/index.js';

/** The Spanish of the life-cycle notices, for a recipient who chose Spanish (docs/i18n.md). */
const ES = MESSAGES_ES.BENEFIT_LIFE_CYCLE_MESSAGES as Required<typeof MESSAGES_ES.BENEFIT_LIFE_CYCLE_MESSAGES>;

// The SQL of the benefit life-cycle job (lifecycle.ts). Each batch is one statement that picks due rows with
// `for update skip locked` and changes them in the same breath: two instances, or a run that outlasted its lease,
// take disjoint rows, and the status guard in the UPDATE makes a second pass over a row a no-op.

/** Who changed a benefit the job moved (benefits.updation_channel). */
export const LIFE_CYCLE_CHANNEL = 'SYSTEM';

/** The time zones the programs use; "today" is taken per zone (resolution 26). */
export async function programTimeZones(db: DbOrTx): Promise<string[]> {
  const rows = await db.selectDistinct({ timeZone: programs.timeZone }).from(programs).orderBy(asc(programs.timeZone));
  return rows.map((r) => r.timeZone);
}

export interface MovedBenefit {
  id: number;
  uuid: string;
  accountId: number;
  /** The benefit's program: its contact is in the notices. */
  programId: number;
  authorizationNumber: string;
  expirationDate: string;
  /** The balance before the move: kept on expiry, forfeited on expunge. */
  balance: string;
  /** The channel of the benefit's previous change, for the audit's "before". */
  updationChannel: string | null;
}

type Rows<T> = { rows: T[] };
interface MovedRow {
  id: number;
  uuid: string;
  account_id: number;
  program_id: number;
  authorization_number: string;
  expiration_date: string | Date;
  balance: string;
  previous_channel: string | null;
}

function moved(rows: MovedRow[]): MovedBenefit[] {
  return rows.map((r) => ({
    id: Number(r.id),
    uuid: String(r.uuid),
    accountId: Number(r.account_id),
    programId: Number(r.program_id),
    authorizationNumber: r.authorization_number,
    // node-postgres may hand a date column back as text or Date depending on its type parsers; the text is wanted.
    expirationDate:
      r.expiration_date instanceof Date
        ? r.expiration_date.toISOString().slice(0, 10)
        : String(r.expiration_date).slice(0, 10),
    balance: String(r.balance),
    updationChannel: r.previous_channel ?? null,
  }));
}

/**
 * Moves at most `limit` Issued benefits of the zone's programs whose expiration date is before `today` to Expired.
 * The expiration day itself is still a day to spend on (part 1 §4 marker: 'expired' once the date is past). Served
 * by the partial index benefits_issued_expiration_idx (status 0, by expiration date); the expunge pass by
 * benefits_expired_expiration_idx (status 1).
 */
export async function expireBatch(
  db: DbOrTx,
  timeZone: string,
  today: string,
  now: Date,
  limit: number,
): Promise<MovedBenefit[]> {
  const result = (await db.execute(sql`
    with due as (
      select b.id, b.updation_channel as previous_channel from ${benefits} b
      where b.status_id = ${BENEFIT_STATUS.ISSUED} and b.expiration_date < ${today}::date
        and b.program_id in (select p.id from ${programs} p where p.time_zone = ${timeZone})
      order by b.expiration_date, b.id
      limit ${limit}
      for update of b skip locked
    )
    update ${benefits} b
    set status_id = ${BENEFIT_STATUS.EXPIRED}, updated_at = ${now.toISOString()}::timestamptz, updation_channel = ${LIFE_CYCLE_CHANNEL}
    from due
    where b.id = due.id and b.status_id = ${BENEFIT_STATUS.ISSUED}
    returning b.id, b.uuid, b.account_id, b.program_id, b.authorization_number, b.expiration_date::text as expiration_date, b.balance, due.previous_channel`)) as unknown as Rows<MovedRow>;
  return moved(result.rows);
}

/**
 * Moves at most `limit` Expired benefits of the zone's programs whose expiration date is before `cutoff` to
 * Expunged, setting the balance to 0. Answers each benefit with the balance it had: the amount forfeited.
 */
export async function expungeBatch(
  db: DbOrTx,
  timeZone: string,
  cutoff: string,
  now: Date,
  limit: number,
): Promise<MovedBenefit[]> {
  const result = (await db.execute(sql`
    with due as (
      select b.id, b.balance, b.updation_channel as previous_channel from ${benefits} b
      where b.status_id = ${BENEFIT_STATUS.EXPIRED} and b.expiration_date < ${cutoff}::date
        and b.program_id in (select p.id from ${programs} p where p.time_zone = ${timeZone})
      order by b.expiration_date, b.id
      limit ${limit}
      for update of b skip locked
    )
    update ${benefits} b
    set status_id = ${BENEFIT_STATUS.EXPUNGED}, balance = 0, expunged_amt = due.balance, updated_at = ${now.toISOString()}::timestamptz, updation_channel = ${LIFE_CYCLE_CHANNEL}
    from due
    where b.id = due.id and b.status_id = ${BENEFIT_STATUS.EXPIRED}
    returning b.id, b.uuid, b.account_id, b.program_id, b.authorization_number, b.expiration_date::text as expiration_date, due.balance, due.previous_channel`)) as unknown as Rows<MovedRow>;
  return moved(result.rows);
}

/**
 * Tells recipients that a benefit with money left on it expired (event 3 'A benefit has expired'): a notification in
 * the portal, and an e-mail or SMS for each method the account chose for the event. A benefit that expired spent
 * out is not worth a message.
 */
export async function notifyExpired(db: DbOrTx, ctx: NoticeContext, expired: MovedBenefit[]): Promise<void> {
  await notifyAccounts(
    db,
    ctx,
    expired
      .filter((b) => Number(b.balance) > 0)
      .map((b) => ({
        accountId: b.accountId,
        eventId: NOTIFICATION_EVENT.BENEFIT_EXPIRED,
        subject: BENEFIT_LIFE_CYCLE_MESSAGES.EMAIL_SUBJECT_EXPIRED,
        text: fillMessage(BENEFIT_LIFE_CYCLE_MESSAGES.NOTIFICATION_EXPIRED_UNSPENT, expiringValues(b)),
        es: {
          subject: ES.EMAIL_SUBJECT_EXPIRED,
          text: fillMessage(ES.NOTIFICATION_EXPIRED_UNSPENT, spanishExpiringValues(b)),
        },
        kind: 'benefit-expired',
        mail: lifeCycleMail(b, 'expired'),
      })),
    'benefit-expired',
  );
}

/**
 * Takes at most `limit` Issued benefits of the zone's programs with money left that expire between `today` and
 * `lastDay` and have had no reminder, and records their reminder (benefit_expiry_reminders) in the same statement:
 * once per benefit (decision 0049), and two runs never take the same benefit (skip locked, and the key of the
 * reminder table). Walks benefits_issued_expiration_idx.
 */
export async function remindBatch(
  db: DbOrTx,
  timeZone: string,
  today: string,
  lastDay: string,
  now: Date,
  limit: number,
): Promise<MovedBenefit[]> {
  const result = (await db.execute(sql`
    with due as (
      select b.id from ${benefits} b
      where b.status_id = ${BENEFIT_STATUS.ISSUED} and b.expiration_date >= ${today}::date
        and b.expiration_date <= ${lastDay}::date and b.balance > 0
        and b.program_id in (select p.id from ${programs} p where p.time_zone = ${timeZone})
        and not exists (select 1 from ${benefitExpiryReminders} r where r.benefit_id = b.id)
      order by b.expiration_date, b.id
      limit ${limit}
      for update of b skip locked
    ), marked as (
      insert into ${benefitExpiryReminders} (benefit_id, sent_at)
      select due.id, ${now.toISOString()}::timestamptz from due
      on conflict do nothing
      returning benefit_id
    )
    select b.id, b.uuid, b.account_id, b.program_id, b.authorization_number, b.expiration_date::text as expiration_date, b.balance,
      b.updation_channel as previous_channel
    from ${benefits} b join marked on marked.benefit_id = b.id
    order by b.expiration_date, b.id`)) as unknown as Rows<MovedRow>;
  return moved(result.rows);
}

/** A job's context for notifyAccounts: its clock, a log line per batch through the job's logger, links' address. */
export type NoticeContext = RecipientNoticeContext;

/**
 * The e-mail of a life-cycle notice beyond its sentence: the balance, the date and the authorization number, what to do
 * (spend it before it expires, or nothing), and a link to the recipient's benefits.
 */
export function lifeCycleMail(
  b: Pick<MovedBenefit, 'programId' | 'expirationDate' | 'balance' | 'authorizationNumber'>,
  notice: 'expiring' | 'expired' | 'expunged',
): NoticeMail {
  return {
    path: RECIPIENT_BENEFITS_PATH,
    linkText: 'LINK_BENEFITS',
    programId: b.programId,
    details: (language) => {
      const es = language === 'es';
      const t = (key: Parameters<typeof noticeText>[1], values?: Record<string, string>) =>
        noticeText(language, key, values);
      const expirationDate = es ? spanishNoticeDate(b.expirationDate) : b.expirationDate;
      const facts: [string, string][] = [
        [
          t(notice === 'expiring' ? 'FACT_BALANCE' : 'FACT_AMOUNT'),
          es ? spanishNoticeMoney(b.balance) : formatMoney(b.balance),
        ],
        [t(notice === 'expiring' ? 'FACT_EXPIRES' : 'FACT_EXPIRED'), expirationDate],
        [t('FACT_AUTHORIZATION'), b.authorizationNumber],
      ];
      return { facts, next: notice === 'expiring' ? t('NEXT_EXPIRING', { expirationDate }) : t('NEXT_EXPIRED') };
    },
  };
}

const expiringValues = (b: MovedBenefit) => ({
  authNumber: b.authorizationNumber,
  expirationDate: b.expirationDate,
  amount: formatMoney(b.balance),
});
const expungedValues = (b: MovedBenefit) => ({ authNumber: b.authorizationNumber, amount: formatMoney(b.balance) });
/** The same values for the Spanish e-mails and SMS: dates and amounts as es-US writes them (docs/i18n.md). */
const spanishExpiringValues = (b: MovedBenefit) => ({
  authNumber: b.authorizationNumber,
  expirationDate: spanishNoticeDate(b.expirationDate),
  amount: spanishNoticeMoney(b.balance),
});
const spanishExpungedValues = (b: MovedBenefit) => ({
  authNumber: b.authorizationNumber,
  amount: spanishNoticeMoney(b.balance),
});

/**
 * Tells recipients their benefit expires soon (event 2), by inbox and the methods they chose; in Spanish to one who
 * chose it.
 */
export async function notifyExpiring(db: DbOrTx, ctx: NoticeContext, reminded: MovedBenefit[]): Promise<void> {
  await notifyAccounts(
    db,
    ctx,
    reminded.map((b) => ({
      accountId: b.accountId,
      eventId: NOTIFICATION_EVENT.BENEFIT_EXPIRING,
      subject: BENEFIT_LIFE_CYCLE_MESSAGES.EMAIL_SUBJECT_EXPIRING,
      text: fillMessage(BENEFIT_LIFE_CYCLE_MESSAGES.NOTIFICATION_EXPIRING, expiringValues(b)),
      es: {
        subject: ES.EMAIL_SUBJECT_EXPIRING,
        text: fillMessage(ES.NOTIFICATION_EXPIRING, spanishExpiringValues(b)),
      },
      kind: 'benefit-expiring',
      mail: lifeCycleMail(b, 'expiring'),
    })),
    'benefit-expiring',
  );
}

/** Tells recipients the money left on an expired benefit was removed (event 3, as expiry); none when nothing was left. */
export async function notifyExpunged(db: DbOrTx, ctx: NoticeContext, expunged: MovedBenefit[]): Promise<void> {
  await notifyAccounts(
    db,
    ctx,
    expunged
      .filter((b) => Number(b.balance) > 0)
      .map((b) => ({
        accountId: b.accountId,
        eventId: NOTIFICATION_EVENT.BENEFIT_EXPIRED,
        subject: BENEFIT_LIFE_CYCLE_MESSAGES.EMAIL_SUBJECT_EXPUNGED,
        text: fillMessage(BENEFIT_LIFE_CYCLE_MESSAGES.NOTIFICATION_EXPUNGED, expungedValues(b)),
        es: {
          subject: ES.EMAIL_SUBJECT_EXPUNGED,
          text: fillMessage(ES.NOTIFICATION_EXPUNGED, spanishExpungedValues(b)),
        },
        kind: 'benefit-expunged',
        mail: lifeCycleMail(b, 'expunged'),
      })),
    'benefit-expunged',
  );
}
