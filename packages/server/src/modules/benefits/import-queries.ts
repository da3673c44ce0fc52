import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { BENEFIT_TYPE, NOTIFICATION_METHOD } from '@ebt/core/enums';
import type { BenefitNoticeTemplate } from './issue-effects.js';
import { isUniqueViolation } from '../../platform/errors.js';
import { chunks } from '../../platform/import-sql.js';
import {
  agencies,
  benefitOptions,
  benefits,
  fundingSources,
  incentives,
  notificationPreferences,
  notifications,
  outbox,
  recipientAccounts,
  users,
} from '../../db/schema/index.js';

// The reads and writes of the benefit file import. Every one works on a whole file at once, its keys or rows passed
// as one JSON parameter (json_to_recordset) rather than thousands of bind parameters: a 1 MB file (about 10,000 rows)
// costs a few dozen statements, never one per row (docs/decisions/0011, bench/README.md).

/** Rows per multi-row INSERT or UPDATE. */
const CHUNK = 2000;
/**
 * Rows of the first insert: the database waits while Node builds it (the notices' texts, about 5 µs a row), and
 * builds every later one while the database writes the one before.
 */
const FIRST_CHUNK = 400;
/** Keys per look-up: a whole 1 MB file in one statement. */
const LOOKUP_CHUNK = 20_000;

/** The look-ups a row names by text, for the programs of one file. */
export async function loadProgramReferences(db: DbOrTx, programIds: number[], optionTypeIds: number[]) {
  // One after the other: inside a transaction they share one connection, which runs one query at a time anyway.
  const funding = await db
    .select({ id: fundingSources.id, programId: fundingSources.programId, name: fundingSources.name })
    .from(fundingSources)
    .where(inArray(fundingSources.programId, programIds));
  const incentiveRows = await db
    .select({ id: incentives.id, uuid: incentives.uuid, programId: incentives.programId, name: incentives.name })
    .from(incentives)
    .where(inArray(incentives.programId, programIds));
  const optionRows = optionTypeIds.length
    ? await db
        .select({
          id: benefitOptions.id,
          optionTypeId: benefitOptions.optionTypeId,
          descr: benefitOptions.descr,
          active: benefitOptions.active,
        })
        .from(benefitOptions)
        .where(inArray(benefitOptions.optionTypeId, optionTypeIds))
    : [];
  const agencyRows = await db
    .select({
      id: agencies.id,
      uuid: agencies.uuid,
      programId: agencies.programId,
      code: agencies.code,
      name: agencies.name,
    })
    .from(agencies)
    .where(inArray(agencies.programId, programIds));
  return { funding, incentives: incentiveRows, options: optionRows, agencies: agencyRows };
}
export type ProgramReferences = Awaited<ReturnType<typeof loadProgramReferences>>;

export interface ImportAccount {
  id: number;
  uuid: string;
  programId: number;
  recipientIdentifier: string;
  agencyId: number | null;
  statusId: number;
}

/**
 * Recipient accounts by (program, Account ID), locked for share until the import ends; served by
 * recipient_accounts_program_identifier_key. The Account IDs
 * travel as one JSON parameter: 10,000 of them cost one statement, not 10,000 bind parameters.
 */
export async function loadAccounts(db: DbOrTx, programId: number, identifiers: string[]): Promise<ImportAccount[]> {
  const found: ImportAccount[] = [];
  for (const part of chunks([...new Set(identifiers)], LOOKUP_CHUNK)) {
    found.push(
      ...(await db
        .select({
          id: recipientAccounts.id,
          uuid: recipientAccounts.uuid,
          programId: recipientAccounts.programId,
          recipientIdentifier: recipientAccounts.recipientIdentifier,
          agencyId: recipientAccounts.agencyId,
          statusId: recipientAccounts.statusId,
        })
        .from(recipientAccounts)
        .where(
          and(
            eq(recipientAccounts.programId, programId),
            // The printed-PAN account is no recipient (decision 0035): its Account ID reads as not found.
            eq(recipientAccounts.isCardPool, false),
            sql`${recipientAccounts.recipientIdentifier} in (select json_array_elements_text(${JSON.stringify(part)}::json))`,
          ),
        )
        // Shared locks, as the issue form takes: a move or an inactivation of a named recipient waits for the import.
        .orderBy(recipientAccounts.id)
        .for('share')),
    );
  }
  return found;
}

export interface ExistingBenefit {
  id: number;
  uuid: string;
  programId: number;
  accountId: number;
  agencyId: number | null;
  authorizationNumber: string;
  statusId: number;
  benefitTypeId: number;
  incentiveId: number | null;
  fundingSourceId: number | null;
  benefitOptionId: number | null;
  availableDate: string;
  expirationDate: string;
  amount: string;
  balance: string;
  note: string | null;
  updationChannel: string | null;
}

/**
 * The program's benefits that carry these authorization numbers, locked (`for update`) until the import's
 * transaction ends: a purchase or an edit waits rather than changing a balance the import has just read, and the
 * life-cycle job skips them (`skip locked`) and takes them on its next run. Served by benefits_program_auth_number_key.
 */
export async function lockBenefitsByAuthNumber(
  db: DbOrTx,
  programId: number,
  authNumbers: string[],
): Promise<ExistingBenefit[]> {
  const found: ExistingBenefit[] = [];
  for (const part of chunks([...new Set(authNumbers)], LOOKUP_CHUNK)) {
    found.push(
      ...(await db
        .select({
          id: benefits.id,
          uuid: benefits.uuid,
          programId: benefits.programId,
          accountId: benefits.accountId,
          agencyId: benefits.agencyId,
          authorizationNumber: benefits.authorizationNumber,
          statusId: benefits.statusId,
          benefitTypeId: benefits.benefitTypeId,
          incentiveId: benefits.incentiveId,
          fundingSourceId: benefits.fundingSourceId,
          benefitOptionId: benefits.benefitOptionId,
          availableDate: benefits.availableDate,
          expirationDate: benefits.expirationDate,
          amount: benefits.amount,
          balance: benefits.balance,
          note: benefits.note,
          updationChannel: benefits.updationChannel,
        })
        .from(benefits)
        .where(
          and(
            eq(benefits.programId, programId),
            sql`${benefits.authorizationNumber} in (select json_array_elements_text(${JSON.stringify(part)}::json))`,
          ),
        )
        .orderBy(benefits.id) // one lock order for every importer, so two imports of overlapping files never deadlock
        .for('update')),
    );
  }
  return found;
}

/** A new benefit of the file and what its notification says (issue-effects.ts noticeMessage). */
export interface IssueInsert {
  row: typeof benefits.$inferInsert;
  /** es: the e-mail and SMS text for a recipient whose user chose Spanish (docs/i18n.md), as notifyAccounts sends. */
  notice: { event: number; subject: string; text: string; es: { subject: string; text: string } };
  /** The SMS in each language when its plain form does not fit two parts (notice-mail.ts smsUnlessPlain), else null. */
  sms?: { en: string | null; es: string | null };
}

/** HTML-escapes a SQL text expression, as notice-mail.ts escapeHtml does. */
const escapeSql = (x: string) =>
  `replace(replace(replace(replace(replace(${x}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`;

/** Fills a benefit notice template's places (issue-effects.ts BENEFIT_SLOT) with a row's values, escaped for HTML. */
function fillSlots(template: string, html: boolean): string {
  const v = (x: string) => (html ? escapeSql(x) : x);
  const slots: [string, string][] = [
    ['S', v('v.summary')],
    ['G', v('l.first_name')],
    ['A', 'v.amount'],
    ['V', 'v.available'],
    ['X', 'v.expires'],
    ['N', v('d.authorization_number')],
  ];
  return slots.reduce((out, [slot, value]) => `replace(${out}, chr(1) || '${slot}', ${value})`, template);
}

/**
 * Inserts the new benefits with, in the same statement, what issuing each one writes besides: its notification and
 * the e-mails and SMS its recipient chose for the event (as issue-effects.ts writeNotices queues them). SQL builds
 * those rows from the benefits just inserted (`with ins as (insert ... returning ...)`), so Node neither reads the
 * preferences back nor sends a statement per table, and a chunk costs one statement (bench/README.md). No audit row a
 * benefit: the file's own audit row lists the uuids of the benefits it created (decision 0090), so the caller keeps
 * the `inserted` this answers. A number another request took since the file was checked (the unique key
 * benefits_program_auth_number_key) is skipped, not an error of the whole file: nothing is written for that row and
 * the answer lists just those rows. The issuance roll-ups follow through the benefits' trigger (decision 0101).
 *
 * `build` makes each new benefit's row and notice from the caller's item: it runs a chunk at a time, while the
 * database inserts the chunk before, so the first insert leaves after 2,000 rows are built rather than 10,000 (the
 * notices' texts, dates and amounts were 0.1-0.25 s of Node CPU a 1 MB file, all of it before the first statement;
 * decision 0082). `notifiedAt` is the request's time, the notifications' and messages' date.
 */
export async function insertBenefits<T>(
  db: DbOrTx,
  pending: readonly T[],
  build: (item: T) => IssueInsert,
  notifiedAt: string,
  templates: readonly BenefitNoticeTemplate[],
) {
  // The file's numbers were looked up a moment ago (the existing ones locked), so a new one taken meanwhile by another
  // request is rare. The inserts first
  // run plain, under a savepoint: `on conflict do nothing` checks the unique key before each row and writes the row
  // as a speculative insertion (an extra probe and WAL record a row, about 5-10 % of the statements' database time,
  // decision 0082). Should a number have been taken after all, the savepoint rolls every chunk back and they run
  // again with `on conflict do nothing`, which skips just those rows: the same rows as always doing so.
  try {
    return await db.transaction((savepoint) => writeBenefits(savepoint, pending, build, notifiedAt, 'fail', templates));
  } catch (error) {
    if (!isUniqueViolation(error, 'benefits_program_auth_number_key')) throw error;
  }
  return writeBenefits(db, pending, build, notifiedAt, 'skip', templates);
}

/** The statements of insertBenefits; `taken` says what a number another request holds does: fail, or skip its row. */
async function writeBenefits<T>(
  db: DbOrTx,
  pending: readonly T[],
  build: (item: T) => IssueInsert,
  notifiedAt: string,
  taken: 'fail' | 'skip',
  templates: readonly BenefitNoticeTemplate[],
) {
  // The e-mails of the file's programs, rendered once (issue-effects.ts benefitNoticeTemplates): every chunk's
  // statement joins them and fills each row's values in.
  const templateJson = JSON.stringify(templates);
  const inserted: { id: number; uuid: string; programId: number; authorizationNumber: string }[] = [];
  let queued = 0;
  // A chunk's rows and JSON are built while the database inserts the chunk before (one statement in flight at a time).
  let previous: Promise<void> | undefined;
  for (const part of chunks(pending, CHUNK, FIRST_CHUNK)) {
    // The rows travel as one JSON parameter (json_to_recordset): binding 17 parameters per row costs more than the
    // insert itself at these sizes.
    const json = JSON.stringify(
      part.map(build).map(({ row: r, notice, sms }) => ({
        program_id: r.programId,
        account_id: r.accountId,
        agency_id: r.agencyId ?? null,
        funding_source_id: r.fundingSourceId ?? null,
        incentive_id: r.incentiveId ?? null,
        authorization_number: r.authorizationNumber,
        benefit_type_id: r.benefitTypeId ?? 1,
        status_id: r.statusId ?? 0,
        available_date: r.availableDate,
        expiration_date: r.expirationDate,
        amount: r.amount,
        balance: r.balance,
        note: r.note ?? null,
        benefit_option_id: r.benefitOptionId ?? null,
        notified_recipient: r.notifiedRecipient ?? false,
        creation_channel: r.creationChannel ?? 'API',
        created_at: r.createdAt instanceof Date ? r.createdAt.toISOString() : null,
        notice_event: notice.event,
        notice_subject: notice.subject,
        notice_text: notice.text,
        notice_es_subject: notice.es.subject,
        notice_es_text: notice.es.text,
        notice_sms: sms?.en ?? null,
        notice_es_sms: sms?.es ?? null,
      })),
    );
    await previous;
    // `.then` sends it now (Drizzle's queries are lazy); the catch only keeps an early exit from leaving it unheard.
    previous = db
      .execute(
        sql`
      with x as (
        select * from json_to_recordset(${json}::json) as x(program_id int, account_id int, agency_id int,
          funding_source_id int, incentive_id int, authorization_number varchar(20), benefit_type_id smallint,
          status_id smallint, available_date date, expiration_date date, amount numeric(12, 2), balance numeric(12, 2),
          note varchar(100), benefit_option_id int, notified_recipient boolean, creation_channel varchar(20),
          created_at timestamptz, notice_event smallint, notice_subject varchar(200), notice_text varchar(500),
          notice_es_subject varchar(200), notice_es_text varchar(500), notice_sms text, notice_es_sms text)
      ),
      tpl as (
        select * from json_to_recordset(${templateJson}::json)
          as t(program_id int, type_id smallint, lang text, named boolean, kind varchar(60), text_head text, text text,
            text_tail text, html_head text, html text, html_tail text, sms_link text)
      ),
      ins as (
        insert into ${benefits} (program_id, account_id, agency_id, funding_source_id, incentive_id, authorization_number,
          benefit_type_id, status_id, available_date, expiration_date, amount, balance, note, benefit_option_id,
          notified_recipient, creation_channel, created_at, updated_at)
        select program_id, account_id, agency_id, funding_source_id, incentive_id, authorization_number, benefit_type_id,
          status_id, available_date, expiration_date, amount, balance, note, benefit_option_id, notified_recipient,
          creation_channel, coalesce(created_at, now()), coalesce(created_at, now())
        from x
        ${taken === 'skip' ? sql`on conflict (program_id, authorization_number) do nothing` : sql``}
        returning *
      ),
      done as (
        select ins.*, x.notice_event, x.notice_subject, x.notice_text, x.notice_es_subject, x.notice_es_text,
          x.notice_sms, x.notice_es_sms
        from ins join x on x.program_id = ins.program_id and x.authorization_number = ins.authorization_number
      ),
      notes as (
        insert into ${notifications} (account_id, event_id, text, text_es, status_id, notified_date, created_at)
        select account_id, notice_event, notice_text, notice_es_text, 0, ${notifiedAt}::timestamptz,
          ${notifiedAt}::timestamptz
        from done order by id
      ),
      sent as (
        -- The e-mail (text and HTML parts) or SMS of each chosen method, in the recipient's language, greeting them by
        -- first name: the program's template with the row's values (as notifyAccounts renders one notice).
        insert into ${outbox} (channel, "to", subject, body, html, kind, created_at)
        select case p.method_id when ${NOTIFICATION_METHOD.EMAIL} then 'email' else 'sms' end,
          case p.method_id when ${NOTIFICATION_METHOD.EMAIL} then left(a.email, 255) else a.mobile_phone end,
          case when l.lang = 'es' then d.notice_es_subject else d.notice_subject end,
          case when p.method_id = ${NOTIFICATION_METHOD.EMAIL}
            then t.text_head || ${sql.raw(fillSlots('t.text', false))} || t.text_tail
            else coalesce(case when l.lang = 'es' then d.notice_es_sms else d.notice_sms end,
              v.summary || ' ' || t.sms_link) end,
          case when p.method_id = ${NOTIFICATION_METHOD.EMAIL}
            then t.html_head || ${sql.raw(fillSlots('t.html', true))} || t.html_tail end,
          t.kind,
          ${notifiedAt}::timestamptz
        from done d
        join ${notificationPreferences} p on p.account_id = d.account_id and p.event_id = d.notice_event
        join ${recipientAccounts} a on a.id = d.account_id
        left join ${users} u on u.id = a.user_id
        cross join lateral (select case when u.preferred_language = 'es' then 'es' else 'en' end as lang,
          coalesce(u.first_name, '') as first_name) l
        cross join lateral (select '$' || to_char(d.amount, 'FM999,999,999,990.00') as amount,
          case when l.lang = 'es' then to_char(d.available_date, 'DD/MM/YYYY') else d.available_date::text end
            as available,
          case when l.lang = 'es' then to_char(d.expiration_date, 'DD/MM/YYYY') else d.expiration_date::text end
            as expires,
          case when l.lang = 'es' then d.notice_es_text else d.notice_text end as summary) v
        join tpl t on t.program_id = d.program_id and t.lang = l.lang and t.named = (l.first_name <> '')
          and t.type_id = case when d.benefit_type_id = ${sql.raw(String(BENEFIT_TYPE.INCENTIVE))}
            then ${sql.raw(String(BENEFIT_TYPE.INCENTIVE))} else ${sql.raw(String(BENEFIT_TYPE.REGULAR))} end
        where (p.method_id = ${NOTIFICATION_METHOD.EMAIL} and a.email <> '')
          or (p.method_id = ${NOTIFICATION_METHOD.SMS} and a.mobile_phone <> '')
        order by d.id, p.method_id
        returning 1
      )
      select id, uuid, program_id, authorization_number, (select count(*) from sent)::int as queued from done`,
      )
      .then((result) => {
        const { rows: returned } = result as unknown as {
          rows: { id: number; uuid: string; program_id: number; authorization_number: string; queued: number }[];
        };
        for (const r of returned)
          inserted.push({
            id: Number(r.id),
            uuid: String(r.uuid),
            programId: Number(r.program_id),
            authorizationNumber: r.authorization_number,
          });
        queued += Number(returned[0]?.queued ?? 0);
      });
    previous.catch(() => undefined);
  }
  await previous;
  return { inserted, queued };
}

export interface BenefitChange {
  id: number;
  availableDate: string;
  expirationDate: string;
  amount: string;
  /** What the amount moves by: the balance moves by the same (what was spent stays spent). */
  amountDeltaCents: number;
  fundingSourceId: number | null;
  benefitOptionId: number | null;
  note: string | null;
}

/**
 * Applies changes to Issued benefits in multi-row UPDATEs. The rows are locked by `lockBenefitsByAuthNumber`; the
 * `status_id = 0` guard and the balance check constraint still hold the line should anything have slipped through.
 */
export async function updateBenefits(db: DbOrTx, changes: BenefitChange[], now: Date) {
  const updated: { id: number; balance: string; updatedAt: Date }[] = [];
  for (const part of chunks(changes, CHUNK)) {
    const json = JSON.stringify(
      part.map((c) => ({
        id: c.id,
        available_date: c.availableDate,
        expiration_date: c.expirationDate,
        amount: c.amount,
        delta: (c.amountDeltaCents / 100).toFixed(2),
        funding_source_id: c.fundingSourceId,
        benefit_option_id: c.benefitOptionId,
        note: c.note,
      })),
    );
    const result = (await db.execute(sql`
      update ${benefits} as b set
        available_date = v.available_date,
        expiration_date = v.expiration_date,
        amount = v.amount,
        balance = b.balance + v.delta,
        funding_source_id = v.funding_source_id,
        benefit_option_id = v.benefit_option_id,
        note = v.note,
        updation_channel = 'FILE',
        updated_at = ${now.toISOString()}::timestamptz
      from json_to_recordset(${json}::json) as v(id int, available_date date, expiration_date date, amount numeric(12, 2),
        delta numeric(12, 2), funding_source_id int, benefit_option_id int, note varchar(100))
      where b.id = v.id and b.status_id = 0
      returning b.id, b.balance, b.updated_at`)) as unknown as {
      rows: { id: number; balance: string; updated_at: Date | string }[];
    };
    for (const row of result.rows)
      updated.push({ id: Number(row.id), balance: String(row.balance), updatedAt: new Date(row.updated_at) });
  }
  return updated;
}
