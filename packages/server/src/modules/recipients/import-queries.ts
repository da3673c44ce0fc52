import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { ACCOUNT_STATUS, USER_STATUS } from '@ebt/core/enums';
import type { DbOrTx } from '../../db/client.js';
import { agencies, recipientAccounts as ra, users } from '../../db/schema/index.js';
import { chunks } from '../../platform/import-sql.js';
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
 * in id order, so two imports of overlapping files never deadlock.
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
          .for('update', { of: ra })
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

/** Which of these usernames (lower case) are taken: a probe of users_username_lower_key a name (as liveEmailHolders). */
export async function takenUsernames(tx: DbOrTx, lowerNames: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const part of chunks([...new Set(lowerNames)], LOOKUP_CHUNK)) {
    const rows = await rowsOf<{ name: string }>(
      tx,
      sql`select k.name from unnest(${array(part)}::text[]) as k(name)
        cross join lateral (select from ${users} where lower(${users.username}) = k.name limit 1) as u`,
    );
    for (const row of rows) taken.add(row.name);
  }
  return taken;
}

/**
 * The columns the account file sets on a new portal user (accounts.ts recipientUserValues makes them), and the agency
 * of the account it is made for.
 */
export type NewRecipientUser = { agencyId: number | null } & Pick<
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

/**
 * Inserts the portal users of new recipients of one program. A username taken since `takenUsernames` looked (another
 * request that does not hold the program's lock) is skipped, not an error: the caller gives those rows their next
 * candidate. Each user is written with the places its account will give it (users.program_ids, agency_ids; decision
 * 0032), so the accounts' insert finds them right and rewrites none of the users.
 */
export async function insertUsers(tx: DbOrTx, programId: number, rows: readonly NewRecipientUser[], now: Date) {
  const inserted: { id: number; uuid: string; username: string }[] = [];
  const at = now.toISOString();
  for (const part of chunks(rows, CHUNK)) {
    const col = <K extends keyof NewRecipientUser>(key: K) => array(part.map((r) => r[key] ?? null));
    inserted.push(
      ...(await rowsOf<{ id: number; uuid: string; username: string }>(
        tx,
        sql`
        insert into ${users} (username, email, email_verified, password_hash, first_name, middle_name, last_name, mobile,
          role_id, status_id, program_ids, agency_ids, created_at, updated_at)
        select u.username, u.email, u.email_verified, u.password_hash, u.first_name, u.middle_name, u.last_name, u.mobile,
          u.role_id, u.status_id, array[${programId}::int],
          case when u.agency_id is null then '{}'::int[] else array[u.agency_id] end,
          ${at}::timestamptz, ${at}::timestamptz
        from unnest(${col('username')}::varchar[], ${col('email')}::varchar[], ${col('emailVerified')}::boolean[],
          ${col('passwordHash')}::text[], ${col('firstName')}::varchar[], ${col('middleName')}::varchar[],
          ${col('lastName')}::varchar[], ${col('mobile')}::varchar[], ${col('roleId')}::int[], ${col('statusId')}::smallint[],
          ${col('agencyId')}::int[])
          as u(username, email, email_verified, password_hash, first_name, middle_name, last_name, mobile, role_id, status_id,
            agency_id)
        on conflict do nothing
        returning id, uuid, username`,
      )),
    );
  }
  return inserted.map((u) => ({ ...u, id: Number(u.id) }));
}

/** The columns the account file sets on a new account. */
export type NewAccount = Pick<
  typeof ra.$inferInsert,
  // the wire fields' columns (accounts.ts) but the uuid the database makes, and where the account belongs
  Exclude<keyof AccountWireColumns, 'uuid'> | 'agencyId' | 'userId' | 'creationChannel'
>;

/**
 * Inserts the new accounts of one program; answers their ids and uuids by Account ID. No audit row an account or its
 * portal user: the file's own audit row lists the uuids of both (decision 0090).
 */
export async function insertAccounts(tx: DbOrTx, programId: number, rows: readonly NewAccount[], now: Date) {
  const inserted: { id: number; uuid: string; recipient_identifier: string }[] = [];
  const at = now.toISOString();
  for (const part of chunks(rows, CHUNK)) {
    const col = <K extends keyof NewAccount>(key: K) => array(part.map((r) => r[key] ?? null));
    inserted.push(
      ...(await rowsOf<{ id: number; uuid: string; recipient_identifier: string }>(
        tx,
        sql`
        insert into ${ra} (program_id, agency_id, user_id, recipient_identifier, status_id, account_type_id, first_name,
          middle_name, last_name, address1, address2, city, state_code, zipcode, email, mobile_phone, card_issuance,
          creation_channel, created_at, updated_at)
        select ${programId}::int, agency_id, user_id, recipient_identifier, status_id, account_type_id, first_name,
          middle_name, last_name, address1, address2, city, state_code, zipcode, email, mobile_phone, card_issuance,
          creation_channel, ${at}::timestamptz, ${at}::timestamptz
        from unnest(${col('agencyId')}::int[], ${col('userId')}::int[], ${col('recipientIdentifier')}::varchar[],
          ${col('statusId')}::smallint[], ${col('accountTypeId')}::smallint[], ${col('firstName')}::varchar[],
          ${col('middleName')}::varchar[], ${col('lastName')}::varchar[], ${col('address1')}::varchar[],
          ${col('address2')}::varchar[], ${col('city')}::varchar[], ${col('stateCode')}::varchar[],
          ${col('zipcode')}::varchar[], ${col('email')}::varchar[], ${col('mobilePhone')}::varchar[],
          ${col('cardIssuance')}::boolean[], ${col('creationChannel')}::varchar[])
          as a(agency_id, user_id, recipient_identifier, status_id, account_type_id, first_name, middle_name, last_name,
            address1, address2, city, state_code, zipcode, email, mobile_phone, card_issuance, creation_channel)
        returning id, uuid, recipient_identifier`,
      )),
    );
  }
  return new Map(inserted.map((a) => [a.recipient_identifier, { id: Number(a.id), uuid: a.uuid }]));
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
