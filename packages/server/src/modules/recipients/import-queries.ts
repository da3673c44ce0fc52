import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { ACCOUNT_STATUS, USER_STATUS } from '@ebt/core/enums';
import type { DbOrTx } from '../../db/client.js';
import { agencies, recipientAccounts as ra, users } from '../../db/schema/index.js';
import { chunks, replanStatements } from '../../platform/import-sql.js';
import type { AccountWireColumns } from './accounts.js';

// The reads and writes of the account file. Each works on the whole file at once: a look-up takes every key as one
// array parameter (`= any($1)`), and a write sends each column as one array (`insert ... select from unnest(...)`,
// `update ... from unnest(...)`), so a 1 MB file (about 8,000 rows) costs about a dozen statements, never one per row,
// and no statement nears PostgreSQL's 65,535 bind parameters (docs/decisions/0009-recipient-rules.md "Account file").

/** Rows per statement: bounds the size of one statement's arrays, not their number. */
const CHUNK = 5000;
/** Keys per look-up: a whole 1 MB file in one statement. */
const LOOKUP_CHUNK = 20_000;

/** One array parameter (drizzle would otherwise spread a JS array into a list of parameters). */
const array = (values: readonly unknown[]) => sql.param([...values]);

/** The rows of a raw statement, from node-postgres or PGlite alike. */
async function rowsOf<T>(tx: DbOrTx, query: SQL): Promise<T[]> {
  const result = await tx.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** Every agency of the program: a program has a handful, so codes and names are matched in memory. */
export function programAgencies(db: DbOrTx, programId: number) {
  return db
    .select({ id: agencies.id, uuid: agencies.uuid, code: agencies.code, name: agencies.name })
    .from(agencies)
    .where(eq(agencies.programId, programId));
}
export type ImportAgency = Awaited<ReturnType<typeof programAgencies>>[number];

// The look-ups below take the keys as a table (`unnest($1) as k`) rather than filter with `= any($1)`: a filter
// compares each row with every key, and a plan that walks the program's rows that way took a minute for 8,000
// e-mails (bench/README.md "Account file"). Those that read for the checks probe an index once a key, whatever the
// table's statistics say (a hash join reads every row of the table: its cost grows with the table, not the file).

/**
 * The program's accounts with these Account IDs, locked until the import's transaction ends so that no form save
 * changes one between the import's check and its write. Served by recipient_accounts_program_identifier_key; taken
 * in id order, so two imports of overlapping files never deadlock. `for no key update`: the file changes no key of
 * the row (id, program, Account ID), and a purchase, benefit or notice written for one of these accounts meanwhile
 * takes KEY SHARE on it through its foreign key, which FOR UPDATE would make wait for the whole file.
 */
export async function lockAccountsByIdentifier(tx: DbOrTx, programId: number, identifiers: readonly string[]) {
  const found: (typeof ra.$inferSelect)[] = [];
  for (const part of chunks([...new Set(identifiers)], CHUNK)) {
    const keys = sql`unnest(${array(part)}::text[]) as k(identifier)`;
    found.push(
      ...(
        await tx
          .select({ account: ra })
          .from(ra)
          .innerJoin(keys, sql`${ra.recipientIdentifier} = k.identifier`)
          .where(eq(ra.programId, programId))
          .orderBy(asc(ra.id))
          .for('no key update', { of: ra })
      ).map((row) => row.account),
    );
  }
  return found;
}

/**
 * The live (not Deleted) accounts of the program holding any of these e-mails, regardless of case: the batch form of
 * `emailInUse` ('Email already exists.'). One probe of recipient_accounts_email_lower_idx a key, whatever the table's
 * size or statistics: `offset 0` keeps the lateral subquery from being flattened into a join, which the planner
 * served by hashing every account of the table (a sequential scan: 75-100 ms a 5,000-key statement at 110,000
 * accounts, growing with the table; the probes take 25 ms for 10,000 keys).
 */
export async function liveEmailHolders(tx: DbOrTx, programId: number, lowerEmails: readonly string[]) {
  const found: { id: number; email: string }[] = [];
  for (const part of chunks([...new Set(lowerEmails)], LOOKUP_CHUNK)) {
    const rows = await rowsOf<{ id: number; email: string }>(
      tx,
      sql`select h.id, k.email from unnest(${array(part)}::text[]) as k(email)
        cross join lateral (
          select ${ra.id} as id from ${ra}
          where lower(${ra.email}) = k.email and ${ra.programId} = ${programId} and ${ra.statusId} <> ${ACCOUNT_STATUS.DELETED}
          offset 0
        ) as h`,
    );
    for (const row of rows) found.push({ id: Number(row.id), email: row.email });
  }
  return found;
}

/** A new recipient of the file: its Pending portal user (accounts.ts recipientUserValues) and its account. */
export interface NewRecipient {
  user: Pick<
    typeof users.$inferInsert,
    | 'username'
    | 'email'
    | 'emailVerified'
    | 'passwordHash'
    | 'firstName'
    | 'middleName'
    | 'lastName'
    | 'mobile'
    | 'roleId'
    | 'statusId'
  >;
  account: Pick<
    typeof ra.$inferInsert,
    // the wire fields' columns (accounts.ts) but the uuid the database makes, and where the account belongs
    Exclude<keyof AccountWireColumns, 'uuid'> | 'agencyId' | 'creationChannel'
  >;
}

/** Recipients per statement; the first part is smaller, so the database starts while Node prepares the next. */
export const RECIPIENT_CHUNK = 2000;
export const FIRST_RECIPIENT_CHUNK = 500;

/**
 * Writes new recipients of one program: each `send` is one statement for its part, each one's portal user and
 * account (`with u as (insert into users ...) insert into recipient_accounts ... join u`). `send` builds its statement
 * at once and sends it when the statement before has finished, so the caller prepares the next part while the
 * database writes this one. Each user is written with the places its account gives it (users.program_ids,
 * agency_ids; decision 0032), so the accounts' insert rewrites none of them. A username another writer holds (one
 * outside the program's lock) skips its row, user and account (`on conflict do nothing`): `written` lacks that Account
 * ID and the caller sends the row again with its next candidate. The usernames of one part must differ (each account
 * finds its user by it). No audit row a user or an account: the file's own audit row lists the uuids of both
 * (decision 0090). `written` waits for the last statement and answers the uuids of both by Account ID.
 */
export function recipientWriter(tx: DbOrTx, programId: number, now: Date) {
  const inserted = new Map<string, { accountUuid: string; userUuid: string }>();
  const at = now.toISOString();
  let previous: Promise<void> | undefined;
  return {
    async send(rows: readonly NewRecipient[]): Promise<void> {
      const statement = recipientInsert(programId, rows, at);
      const first = previous === undefined;
      await previous;
      // `.then` sends it now (Drizzle's queries are lazy); the catch only keeps an early exit from leaving it unheard.
      previous = rowsOf<{ recipient_identifier: string; account_uuid: string; user_uuid: string }>(tx, statement).then(
        (done) => {
          for (const r of done)
            inserted.set(r.recipient_identifier, {
              accountUuid: String(r.account_uuid),
              userUuid: String(r.user_uuid),
            });
        },
      );
      // The accounts' check of their user is planned again once the users table holds the first part: planned on a
      // small table, it would read every user this file adds for each account after (decision 0095).
      if (first) previous = previous.then(() => replanStatements(tx));
      previous.catch(() => undefined);
    },
    async written() {
      await previous;
      return inserted;
    },
  };
}

/** The statement of recipientWriter: every column one array parameter, users and accounts in the rows' order. */
function recipientInsert(programId: number, rows: readonly NewRecipient[], at: string): SQL {
  const user = <K extends keyof NewRecipient['user']>(key: K) => array(rows.map((r) => r.user[key] ?? null));
  const account = <K extends keyof NewRecipient['account']>(key: K) => array(rows.map((r) => r.account[key] ?? null));
  return sql`
    with x as materialized (
      select * from unnest(${user('username')}::varchar[], ${user('email')}::varchar[],
        ${user('emailVerified')}::boolean[], ${user('passwordHash')}::text[], ${user('firstName')}::varchar[],
        ${user('middleName')}::varchar[], ${user('lastName')}::varchar[], ${user('mobile')}::varchar[],
        ${user('roleId')}::int[], ${user('statusId')}::smallint[],
        ${account('agencyId')}::int[], ${account('recipientIdentifier')}::varchar[], ${account('statusId')}::smallint[],
        ${account('accountTypeId')}::smallint[], ${account('firstName')}::varchar[], ${account('middleName')}::varchar[],
        ${account('lastName')}::varchar[], ${account('address1')}::varchar[], ${account('address2')}::varchar[],
        ${account('city')}::varchar[], ${account('stateCode')}::varchar[], ${account('zipcode')}::varchar[],
        ${account('email')}::varchar[], ${account('mobilePhone')}::varchar[], ${account('cardIssuance')}::boolean[],
        ${account('creationChannel')}::varchar[]) with ordinality
        as x(username, user_email, email_verified, password_hash, user_first_name, user_middle_name, user_last_name,
          mobile, role_id, user_status_id, agency_id, recipient_identifier, status_id, account_type_id, first_name,
          middle_name, last_name, address1, address2, city, state_code, zipcode, email, mobile_phone, card_issuance,
          creation_channel, ord)
    ),
    u as (
      insert into ${users} (username, email, email_verified, password_hash, first_name, middle_name, last_name, mobile,
        role_id, status_id, program_ids, agency_ids, created_at, updated_at)
      select username, user_email, email_verified, password_hash, user_first_name, user_middle_name, user_last_name,
        mobile, role_id, user_status_id, array[${programId}::int],
        case when agency_id is null then '{}'::int[] else array[agency_id] end, ${at}::timestamptz, ${at}::timestamptz
      from x
      order by ord
      -- only a username another writer holds skips its row (one arbiter index to probe, not all three unique ones)
      on conflict ((lower(username))) do nothing
      returning id, uuid, username
    ),
    a as (
      insert into ${ra} (program_id, agency_id, user_id, recipient_identifier, status_id, account_type_id, first_name,
        middle_name, last_name, address1, address2, city, state_code, zipcode, email, mobile_phone, card_issuance,
        creation_channel, created_at, updated_at)
      select ${programId}::int, x.agency_id, u.id, x.recipient_identifier, x.status_id, x.account_type_id, x.first_name,
        x.middle_name, x.last_name, x.address1, x.address2, x.city, x.state_code, x.zipcode, x.email, x.mobile_phone,
        x.card_issuance, x.creation_channel, ${at}::timestamptz, ${at}::timestamptz
      from x join u on u.username = x.username
      -- in file order, as the users: the accounts' ids follow their Account IDs
      order by x.ord
      returning uuid, user_id, recipient_identifier
    )
    select a.recipient_identifier, a.uuid as account_uuid, u.uuid as user_uuid from a join u on u.id = a.user_id`;
}

/** An account's fields after an update row: every field of the form, as the columns store them. */
export interface AccountUpdate {
  id: number;
  firstName: string;
  middleName: string | null;
  lastName: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  stateCode: string | null;
  zipcode: string | null;
  email: string | null;
  mobilePhone: string | null;
  cardIssuance: boolean;
}

/** Applies update rows (`update ... from unnest(...)`); the rows are locked already. */
export async function updateAccounts(tx: DbOrTx, updates: readonly AccountUpdate[], now: Date): Promise<void> {
  for (const part of chunks(updates, CHUNK)) {
    const col = <K extends keyof AccountUpdate>(key: K) => array(part.map((r) => r[key]));
    await tx.execute(sql`
      update ${ra} as a set
        first_name = v.first_name,
        middle_name = v.middle_name,
        last_name = v.last_name,
        address1 = v.address1,
        address2 = v.address2,
        city = v.city,
        state_code = v.state_code,
        zipcode = v.zipcode,
        email = v.email,
        mobile_phone = v.mobile_phone,
        card_issuance = v.card_issuance,
        updation_channel = 'FILE',
        updated_at = ${now.toISOString()}::timestamptz
      from unnest(${col('id')}::int[], ${col('firstName')}::varchar[], ${col('middleName')}::varchar[],
        ${col('lastName')}::varchar[], ${col('address1')}::varchar[], ${col('address2')}::varchar[],
        ${col('city')}::varchar[], ${col('stateCode')}::varchar[], ${col('zipcode')}::varchar[],
        ${col('email')}::varchar[], ${col('mobilePhone')}::varchar[], ${col('cardIssuance')}::boolean[])
        as v(id, first_name, middle_name, last_name, address1, address2, city, state_code, zipcode, email,
          mobile_phone, card_issuance)
      where a.id = v.id`);
  }
}

export interface PendingUserSync {
  userId: number;
  email: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  mobile: string | null;
}

/**
 * A recipient who has not activated yet gets the activation e-mail at the corrected address and name, as after a
 * form save (service.ts updateRecipient): only Pending users change.
 */
export async function syncPendingUsers(tx: DbOrTx, syncs: readonly PendingUserSync[], now: Date): Promise<void> {
  for (const part of chunks(syncs, CHUNK)) {
    const col = <K extends keyof PendingUserSync>(key: K) => array(part.map((r) => r[key]));
    await tx.execute(sql`
      update ${users} as u set
        email = v.email,
        first_name = v.first_name,
        middle_name = v.middle_name,
        last_name = v.last_name,
        mobile = v.mobile,
        updated_at = ${now.toISOString()}::timestamptz
      from unnest(${col('userId')}::int[], ${col('email')}::varchar[], ${col('firstName')}::varchar[],
        ${col('middleName')}::varchar[], ${col('lastName')}::varchar[], ${col('mobile')}::varchar[])
        as v(id, email, first_name, middle_name, last_name, mobile)
      where u.id = v.id and u.status_id = ${USER_STATUS.PENDING}`);
  }
}
