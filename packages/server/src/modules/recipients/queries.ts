import { and, asc, count, desc, eq, gt, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import { ACCOUNT_STATUS, BENEFIT_STATUS, PAN_STATUS, USER_STATUS } from '@ebt/core/enums';
import type { RecipientSearchCriteria } from '@ebt/core/recipients';
import { type DbOrTx, preparedIn } from '../../db/client.js';
import type { AccountWireColumns } from './accounts.js';
import { agencies, applicants, benefits, programs, recipientAccounts as ra, users } from '../../db/schema/index.js';
import { type Caller, canSeeAgency, scopeCondition } from '../../platform/caller.js';
import { isoText, type KeyedRead, keyedSelect, type KeyedRow } from '../../platform/keyed-read.js';
import { startsWith, startsWithExactly } from '../../platform/search-sql.js';
import { userHeldWhole } from '../../platform/user-scope.js';

// The SQL of the recipients area. Every read is AND-ed with the caller's scope (architecture.md "Access"), and every
// search condition matches an index of recipient_accounts (docs/data-model.md "Indexes and the searches they serve").

/** A search after its program and agency uuids are resolved to ids. */
export interface RecipientFilter {
  criteria: RecipientSearchCriteria;
  programId?: number;
  agencyId?: number;
}

export function recipientConditions(caller: Caller, filter: RecipientFilter): SQL | undefined {
  const c = filter.criteria;
  return and(
    scopeCondition(caller, { programId: ra.programId, agencyId: ra.agencyId }),
    // The printed-PAN account of a program is no recipient (decision 0035).
    eq(ra.isCardPool, false),
    filter.programId === undefined ? undefined : eq(ra.programId, filter.programId),
    filter.agencyId === undefined ? undefined : eq(ra.agencyId, filter.agencyId),
    // Account ID: exact (recipient_accounts_program_identifier_key / _identifier_idx).
    c.recipientIdentifier === undefined ? undefined : eq(ra.recipientIdentifier, c.recipientIdentifier),
    c.firstname === undefined ? undefined : startsWith(sql`lower(${ra.firstName})`, c.firstname),
    c.lastname === undefined ? undefined : startsWith(sql`lower(${ra.lastName})`, c.lastname),
    c.email === undefined ? undefined : startsWith(sql`lower(${ra.email})`, c.email),
    // Phones are stored as digits; equality or prefix of the digits typed (recipient_accounts_mobile_phone_idx).
    c.mobilePhone === undefined ? undefined : startsWithExactly(ra.mobilePhone, c.mobilePhone),
  );
}

/**
 * Last name, first name, id, case-insensitively in code-point order. `using ~<~` is the ordering of the
 * `lower(last_name) text_pattern_ops` index, so a broad last-name prefix walks the index in order and stops after a
 * page instead of sorting every match (an incremental sort orders first names within one last name).
 */
const SEARCH_ORDER = [sql`lower(${ra.lastName}) using ~<~`, sql`lower(${ra.firstName}) using ~<~`, asc(ra.id)];

export function searchRecipientRows(
  db: DbOrTx,
  caller: Caller,
  filter: RecipientFilter,
  paging: { limit: number; offset: number },
) {
  return db
    .select({
      accountUuid: ra.uuid,
      programId: ra.programId,
      programUuid: programs.uuid,
      programName: programs.name,
      recipientIdentifier: ra.recipientIdentifier,
      firstname: ra.firstName,
      middlename: ra.middleName,
      lastname: ra.lastName,
      email: ra.email,
      mobilePhone: ra.mobilePhone,
      agencyUuid: agencies.uuid,
      agencyName: agencies.name,
      accountStatusId: ra.statusId,
    })
    .from(ra)
    .innerJoin(programs, eq(programs.id, ra.programId))
    .leftJoin(agencies, eq(agencies.id, ra.agencyId))
    .where(recipientConditions(caller, filter))
    .orderBy(...SEARCH_ORDER)
    .limit(paging.limit)
    .offset(paging.offset);
}

/** Counts matches up to `cap + 1` (a LIMIT subquery): the walk stops there however many rows match. */
export function countRecipientsQuery(db: DbOrTx, caller: Caller, filter: RecipientFilter, cap: number) {
  const matches = db
    .select({ one: sql`1` })
    .from(ra)
    .where(recipientConditions(caller, filter))
    .limit(cap + 1)
    .as('matches');
  return db.select({ n: count() }).from(matches);
}

export async function countRecipientsUpTo(
  db: DbOrTx,
  caller: Caller,
  filter: RecipientFilter,
  cap: number,
): Promise<number> {
  const [row] = await countRecipientsQuery(db, caller, filter, cap);
  return row?.n ?? 0;
}

/** One export batch: the rows after `afterId`, by id (keyset pagination, platform/search.ts). */
export function exportRecipientBatch(
  db: DbOrTx,
  caller: Caller,
  filter: RecipientFilter,
  afterId: number,
  limit: number,
) {
  return db
    .select({
      id: ra.id,
      recipientIdentifier: ra.recipientIdentifier,
      firstname: ra.firstName,
      middlename: ra.middleName,
      lastname: ra.lastName,
      address1: ra.address1,
      address2: ra.address2,
      city: ra.city,
      stateCode: ra.stateCode,
      zipcode: ra.zipcode,
      email: ra.email,
      mobilePhone: ra.mobilePhone,
      programName: programs.name,
      agencyName: agencies.name,
      accountStatusId: ra.statusId,
    })
    .from(ra)
    .innerJoin(programs, eq(programs.id, ra.programId))
    .leftJoin(agencies, eq(agencies.id, ra.agencyId))
    .where(and(recipientConditions(caller, filter), gt(ra.id, afterId)))
    .orderBy(asc(ra.id))
    .limit(limit);
}
export type RecipientExportRow = Awaited<ReturnType<typeof exportRecipientBatch>>[number];

/** The full account of part 1 §3, or nothing when it is missing or outside the caller's scope. */
/**
 * An account with what its detail answer shows, read by uuid: the staff detail on every open of a recipient, so a
 * hot read of the request path (architecture.md "The request path"). Hand-written: Drizzle's query wrapper and its
 * row mapping cost about as much as the statement itself here (bench/auth-read.ts). The route's GET reads it in the
 * caller's statement (decision 0083); the answers of changes run it themselves inside their transaction. Columns are
 * named as the schema's fields (accountWireFields reads the row); the dates come as the answer's ISO text.
 */
export const RECIPIENT_ACCOUNT_READ: KeyedRead = {
  name: 'recipient_account_by_uuid',
  param: 'accountUuid',
  select: (key) => `
select ra.id, ra.uuid, ra.program_id as "programId", ra.agency_id as "agencyId", ra.user_id as "userId",
       ra.recipient_identifier as "recipientIdentifier", ra.status_id as "statusId", ra.account_type_id as "accountTypeId",
       ra.first_name as "firstName", ra.middle_name as "middleName", ra.last_name as "lastName",
       ra.address1, ra.address2, ra.city, ra.state_code as "stateCode", ra.zipcode, ra.email,
       ra.mobile_phone as "mobilePhone", ra.card_issuance as "cardIssuance", ra.creation_channel as "creationChannel",
       ra.applicant_id as "applicantId", ra.max_printed_pans as "maxPrintedPans", ra.is_card_pool as "isCardPool",
       ${isoText('ra.created_at')} as "createdDate", ${isoText('ra.updated_at')} as "updatedDate",
       p.uuid as "programUuid", p.name as "programName", p.configuration as "programConfiguration",
       (select count(*)::int from pans x where x.account_id = ra.id and x.pan_status_id = ${PAN_STATUS.ACTIVE}) as "activePans",
       a.uuid as "agencyUuid", a.name as "agencyName", u.uuid as "userUuid", u.username
  from recipient_accounts ra
  join programs p on p.id = ra.program_id
  left join agencies a on a.id = ra.agency_id
  left join users u on u.id = ra.user_id
 where ra.uuid = ${key}::uuid
 limit 1`,
};
const ACCOUNT_BY_UUID = keyedSelect(RECIPIENT_ACCOUNT_READ);

export type RecipientAccountRecord = AccountWireColumns &
  Pick<
    typeof ra.$inferSelect,
    'id' | 'programId' | 'agencyId' | 'userId' | 'creationChannel' | 'applicantId' | 'maxPrintedPans' | 'isCardPool'
  > & {
    /** created_at and updated_at as the answer shows them (ISO 8601 in UTC, to the millisecond). */
    createdDate: string;
    updatedDate: string;
    programUuid: string;
    programName: string;
    /** The program's card settings (maxPrintedPans, decision 0036) with the account's Active PANs, in this statement. */
    programConfiguration: string | null;
    activePans: number;
    agencyUuid: string | null;
    agencyName: string | null;
    userUuid: string | null;
    username: string | null;
  };

/** keyedRow: what came with the caller for this uuid (decision 0083); undefined reads it here. */
export async function findRecipientAccount(
  db: DbOrTx,
  caller: Caller,
  accountUuid: string,
  keyedRow?: KeyedRow,
): Promise<RecipientAccountRecord | undefined> {
  const [row] =
    keyedRow === undefined
      ? await preparedIn<RecipientAccountRecord>(db, RECIPIENT_ACCOUNT_READ.name, ACCOUNT_BY_UUID, [accountUuid])
      : [(keyedRow ?? undefined) as RecipientAccountRecord | undefined];
  // One statement for every caller (platform/prepared.ts): the scope is checked on the row found.
  // The printed-PAN account is no recipient (decision 0035): 404 as a missing one.
  return row && !row.isCardPool && canSeeAgency(caller, row.programId, row.agencyId) ? row : undefined;
}

/** The account row locked for a change, or nothing when it is missing or outside the caller's scope. */
export async function lockRecipientAccount(tx: DbOrTx, caller: Caller, accountUuid: string) {
  const [row] = await tx
    .select()
    .from(ra)
    .where(
      and(
        eq(ra.uuid, accountUuid),
        eq(ra.isCardPool, false),
        scopeCondition(caller, { programId: ra.programId, agencyId: ra.agencyId }),
      ),
    )
    .limit(1)
    .for('update');
  return row;
}

// Any fixed number, distinct from the other advisory lock ids of the code base (migrate.ts uses 728_463_001).
const PROGRAM_RECIPIENTS_LOCK = 728_463_010;

/**
 * Serialises, per program, the work that must see every other request's committed result: choosing the next
 * Account ID and the 'Email already exists.' check. Held until the transaction ends. Under READ COMMITTED each
 * later statement reads with a snapshot taken after the lock was granted, so it sees the previous holder's rows.
 */
export async function lockProgramRecipients(tx: DbOrTx, programId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PROGRAM_RECIPIENTS_LOCK}::int4, ${programId}::int4)`);
}

/**
 * The highest generated (8-digit) Account ID of a program: a backward walk of recipient_accounts_program_identifier_key
 * within the 8-digit range that stops at the first all-digit value. Identifiers imported from files in other
 * shapes are skipped by the pattern.
 */
export async function highestGeneratedIdentifier(tx: DbOrTx, programId: number): Promise<string | null> {
  const [row] = await tx
    .select({ identifier: ra.recipientIdentifier })
    .from(ra)
    .where(
      and(
        eq(ra.programId, programId),
        gte(ra.recipientIdentifier, '10000000'),
        lte(ra.recipientIdentifier, '99999999'),
        sql`${ra.recipientIdentifier} ~ '^[1-9][0-9]{7}$'`,
      ),
    )
    .orderBy(desc(ra.recipientIdentifier))
    .limit(1);
  return row?.identifier ?? null;
}

/** True when another live (not Deleted) account of the program has this e-mail, regardless of case. */
export async function emailInUse(
  tx: DbOrTx,
  programId: number,
  email: string,
  exceptAccountId?: number,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: ra.id })
    .from(ra)
    .where(
      and(
        eq(ra.programId, programId),
        sql`lower(${ra.email}) = lower(${email})`,
        ne(ra.statusId, ACCOUNT_STATUS.DELETED),
        exceptAccountId === undefined ? undefined : ne(ra.id, exceptAccountId),
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * Moves the account's Issued benefits (the ones still managed) to its new agency; the benefits' trigger journals
 * their amounts from one agency's issuance totals to the other's (platform/issuance-totals.ts). Answers how many
 * moved.
 */
export async function moveIssuedBenefits(
  tx: DbOrTx,
  accountId: number,
  toAgencyId: number,
  now: Date,
): Promise<number> {
  const issued = and(eq(benefits.accountId, accountId), eq(benefits.statusId, BENEFIT_STATUS.ISSUED));
  const before = await tx.select({ id: benefits.id }).from(benefits).where(issued).orderBy(benefits.id).for('update');
  if (before.length === 0) return 0;
  await tx
    .update(benefits)
    .set({ agencyId: toAgencyId, updatedAt: now })
    .where(
      inArray(
        benefits.id,
        before.map((b) => b.id),
      ),
    );
  return before.length;
}

// ---------------------------------------------------------------------------------------------------------------
// Adding and changing one account

/** The applicant an added account processes, locked so two staff cannot process it at once. */
export async function lockApplicant(tx: DbOrTx, applicantId: number) {
  const [row] = await tx
    .select({
      id: applicants.id,
      uuid: applicants.uuid,
      programId: applicants.programId,
      processedAccountId: applicants.processedAccountId,
    })
    .from(applicants)
    .where(eq(applicants.id, applicantId))
    .limit(1)
    .for('update');
  return row;
}

export async function markApplicantProcessed(tx: DbOrTx, applicantId: number, accountId: number, now: Date) {
  await tx
    .update(applicants)
    .set({ processedAccountId: accountId, processedAt: now })
    .where(eq(applicants.id, applicantId));
}

export async function insertRecipientAccount(tx: DbOrTx, values: typeof ra.$inferInsert) {
  const [account] = await tx.insert(ra).values(values).returning();
  return account!;
}

export async function updateRecipientAccount(tx: DbOrTx, accountId: number, changes: Partial<typeof ra.$inferInsert>) {
  const [account] = await tx.update(ra).set(changes).where(eq(ra.id, accountId)).returning();
  return account!;
}

/**
 * A recipient who has not activated yet gets the activation e-mail at the account's corrected address and name: the
 * portal user, while Pending, follows the account's name, e-mail and phone. Only when the caller holds the user wholly
 * (platform/user-scope.ts): a user with an account in another agency or program keeps their login as it is, or the
 * staff of one account could send the activation of all of them to an address of their choosing.
 */
export async function followAccountIfPending(
  tx: DbOrTx,
  caller: Caller,
  userId: number,
  account: typeof ra.$inferSelect,
  now: Date,
) {
  await tx
    .update(users)
    .set({
      email: account.email!,
      firstName: account.firstName,
      middleName: account.middleName,
      lastName: account.lastName,
      mobile: account.mobilePhone,
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), eq(users.statusId, USER_STATUS.PENDING), userHeldWhole(caller)));
}

/** The uuid of an account's agency, or null for a program-level account. */
export async function agencyUuidOf(db: DbOrTx, agencyId: number | null): Promise<string | null> {
  if (agencyId === null) return null;
  const [row] = await db.select({ uuid: agencies.uuid }).from(agencies).where(eq(agencies.id, agencyId));
  return row?.uuid ?? null;
}
