import { and, asc, desc, eq, gt, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import { BENEFIT_STATUS } from '@ebt/core/enums';
import type { DbOrTx } from '../../db/client.js';
import {
  agencies,
  benefitOptions,
  benefitOptionTypes,
  benefits as b,
  fundingSources,
  incentives,
  programs,
  recipientAccounts as ra,
} from '../../db/schema/index.js';
import { preparedFor } from '../../platform/prepared.js';
import { type Caller, scopeCondition } from '../../platform/caller.js';
import { startsWith } from '../../platform/search-sql.js';

// The SQL of the benefits area. Every read of benefits is AND-ed with the caller's scope (architecture.md "Access"),
// and every search condition matches an index (docs/data-model.md "Indexes and the searches they serve").

/** The caller's scope over benefit rows: programs, agencies, or the recipient's own accounts. */
export const benefitScope = (caller: Caller) =>
  scopeCondition(caller, { programId: b.programId, agencyId: b.agencyId, accountId: b.accountId });

// ---------------------------------------------------------------------------------------------------------------
// Programs and look-ups

/** A program's funding sources by name (prepared: the issue form asks on every program choice). */
export function listFundingSources(db: DbOrTx, programId: number) {
  return preparedFor(db, 'program_funding_sources', (d, name) =>
    d
      .select({ fundingId: fundingSources.id, name: fundingSources.name })
      .from(fundingSources)
      .where(eq(fundingSources.programId, sql.placeholder('programId')))
      .orderBy(sql`lower(${fundingSources.name})`, asc(fundingSources.id))
      .prepare(name),
  ).execute({ programId });
}

export async function findFundingSource(db: DbOrTx, fundingId: number) {
  const [row] = await db
    .select({ id: fundingSources.id, programId: fundingSources.programId, name: fundingSources.name })
    .from(fundingSources)
    .where(eq(fundingSources.id, fundingId))
    .limit(1);
  return row;
}

export async function findOptionType(db: DbOrTx, optionTypeId: number) {
  const [type] = await db
    .select({ optionTypeId: benefitOptionTypes.id, name: benefitOptionTypes.name, descr: benefitOptionTypes.descr })
    .from(benefitOptionTypes)
    .where(eq(benefitOptionTypes.id, optionTypeId))
    .limit(1);
  if (!type) return undefined;
  const options = await db
    .select({ optionId: benefitOptions.id, descr: benefitOptions.descr })
    .from(benefitOptions)
    .where(and(eq(benefitOptions.optionTypeId, optionTypeId), eq(benefitOptions.active, true)))
    .orderBy(asc(benefitOptions.sortOrder), asc(benefitOptions.id));
  return { type, options };
}

export async function findOption(db: DbOrTx, optionId: number) {
  const [row] = await db
    .select({ id: benefitOptions.id, optionTypeId: benefitOptions.optionTypeId, active: benefitOptions.active })
    .from(benefitOptions)
    .where(eq(benefitOptions.id, optionId))
    .limit(1);
  return row;
}

export async function findIncentive(db: DbOrTx, incentiveUuid: string) {
  const [row] = await db
    .select({ id: incentives.id, uuid: incentives.uuid, programId: incentives.programId })
    .from(incentives)
    .where(eq(incentives.uuid, incentiveUuid))
    .limit(1);
  return row;
}

/**
 * The recipient account a benefit is issued to: by Account ID within the program (recipient_accounts_program_
 * identifier_key) and in the caller's scope. Locked `for share` so it cannot be inactivated or moved to another
 * agency before the benefit is written.
 */
export async function lockIssueAccount(tx: DbOrTx, caller: Caller, programId: number, recipientIdentifier: string) {
  const [row] = await tx
    .select({ id: ra.id, uuid: ra.uuid, statusId: ra.statusId, agencyId: ra.agencyId, isCardPool: ra.isCardPool })
    .from(ra)
    .where(
      and(
        eq(ra.programId, programId),
        eq(ra.recipientIdentifier, recipientIdentifier),
        scopeCondition(caller, { programId: ra.programId, agencyId: ra.agencyId }),
      ),
    )
    .limit(1)
    .for('share');
  return row;
}

// ---------------------------------------------------------------------------------------------------------------
// One benefit

/** Inserts a benefit unless its authorization number is taken in the program; answers the new row or nothing. */
export async function insertBenefitUnlessTaken(tx: DbOrTx, row: typeof b.$inferInsert) {
  const [inserted] = await tx
    .insert(b)
    .values(row)
    .onConflictDoNothing({ target: [b.programId, b.authorizationNumber] })
    .returning();
  return inserted;
}

/** True when another benefit of the program has this authorization number. */
export async function authNumberTaken(db: DbOrTx, programId: number, authNumber: string, exceptId?: number) {
  const [row] = await db
    .select({ id: b.id })
    .from(b)
    .where(
      and(
        eq(b.programId, programId),
        eq(b.authorizationNumber, authNumber),
        exceptId === undefined ? undefined : ne(b.id, exceptId),
      ),
    )
    .limit(1);
  return !!row;
}

/** Everything the detail answer shows, or nothing when the benefit is missing or outside the caller's scope. */
export async function findBenefitDetail(db: DbOrTx, caller: Caller, benefitUuid: string) {
  const [row] = await db
    .select({
      benefit: b,
      programUuid: programs.uuid,
      programName: programs.name,
      programTimeZone: programs.timeZone,
      enableBenefitNote: programs.enableBenefitNote,
      benefitOptionTypeId: programs.benefitOptionTypeId,
      recipientIdentifier: ra.recipientIdentifier,
      accountUuid: ra.uuid,
      firstname: ra.firstName,
      lastname: ra.lastName,
      fundingName: fundingSources.name,
      incentiveUuid: incentives.uuid,
      incentiveName: incentives.name,
      agencyUuid: agencies.uuid,
      agencyName: agencies.name,
    })
    .from(b)
    .innerJoin(programs, eq(programs.id, b.programId))
    .innerJoin(ra, eq(ra.id, b.accountId))
    .leftJoin(fundingSources, eq(fundingSources.id, b.fundingSourceId))
    .leftJoin(incentives, eq(incentives.id, b.incentiveId))
    .leftJoin(agencies, eq(agencies.id, b.agencyId))
    .where(and(eq(b.uuid, benefitUuid), benefitScope(caller)))
    .limit(1);
  return row;
}
export type BenefitDetailRecord = NonNullable<Awaited<ReturnType<typeof findBenefitDetail>>>;

/**
 * The benefit row locked for a change (select ... for update: an edit, a void and a purchase never interleave on one
 * balance), or nothing when it is missing or outside the caller's scope.
 */
export async function lockBenefit(tx: DbOrTx, caller: Caller, benefitUuid: string) {
  const [row] = await tx
    .select()
    .from(b)
    .where(and(eq(b.uuid, benefitUuid), benefitScope(caller)))
    .limit(1)
    .for('update');
  return row;
}

// ---------------------------------------------------------------------------------------------------------------
// Search and export

/** A search after its program, agency and account choices are resolved to ids. */
export interface BenefitFilter {
  programId?: number;
  agencyId?: number;
  startDate?: string;
  endDate?: string;
  firstname?: string;
  lastname?: string;
  accountId?: string;
  authNo?: string;
}

/** True when the search names the recipient, so the account table must be joined to filter. */
const needsAccount = (f: BenefitFilter) =>
  f.firstname !== undefined || f.lastname !== undefined || f.accountId !== undefined;

export function benefitConditions(caller: Caller, f: BenefitFilter): SQL | undefined {
  return and(
    benefitScope(caller),
    f.programId === undefined ? undefined : eq(b.programId, f.programId),
    f.agencyId === undefined ? undefined : eq(b.agencyId, f.agencyId),
    // startDate and endDate bound the available date (benefits_program_available_date_idx and its twins).
    f.startDate === undefined ? undefined : gte(b.availableDate, f.startDate),
    f.endDate === undefined ? undefined : lte(b.availableDate, f.endDate),
    // authNo: exact (benefits_program_auth_number_key, benefits_auth_number_idx).
    f.authNo === undefined ? undefined : eq(b.authorizationNumber, f.authNo),
    // accountId: the exact Account ID (recipient_accounts_program_identifier_key / _identifier_idx).
    f.accountId === undefined ? undefined : eq(ra.recipientIdentifier, f.accountId),
    f.firstname === undefined ? undefined : startsWith(sql`lower(${ra.firstName})`, f.firstname),
    f.lastname === undefined ? undefined : startsWith(sql`lower(${ra.lastName})`, f.lastname),
  );
}

/** Newest available date first; the id closes the order, as the (…, available_date, id) indexes do. */
const DATE_ORDER = [desc(b.availableDate), desc(b.id)];

/**
 * The order of a search (decision 0010 "Search"). By date, newest first, unless the search names the person: then
 * by name (the last name, or the first name when only it is given), the account, and date within it. `using ~<~` is the ordering of the
 * `lower(name) text_pattern_ops` indexes, so a name prefix walks the accounts' name index in order and reads each
 * account's benefits through benefits_account_id_idx, stopping after a page, instead of sorting every benefit of
 * thousands of matching people.
 */
function searchOrder(f: BenefitFilter): SQL[] {
  const last = sql`lower(${ra.lastName}) using ~<~`;
  const first = sql`lower(${ra.firstName}) using ~<~`;
  if (f.lastname !== undefined) return [last, first, sql`${ra.id}`, ...DATE_ORDER];
  if (f.firstname !== undefined) return [first, last, sql`${ra.id}`, ...DATE_ORDER];
  return DATE_ORDER;
}

/**
 * The ids of one page, in the search's order. Only index columns are read here (the scope, date and account columns
 * of the benefits indexes, the names of the account indexes), so finding a page never visits the rows it skips;
 * a name search that must order a whole "Smith" group reads it from benefits_account_id_idx alone.
 */
export function searchBenefitPageQuery(
  db: DbOrTx,
  caller: Caller,
  f: BenefitFilter,
  paging: { limit: number; offset: number },
) {
  const base = db.select({ id: b.id }).from(b);
  const order = searchOrder(f);
  // The account is joined when the search filters or orders by it.
  return (needsAccount(f) ? base.innerJoin(ra, eq(ra.id, b.accountId)) : base)
    .where(benefitConditions(caller, f))
    .orderBy(...order)
    .limit(paging.limit)
    .offset(paging.offset);
}

/** The rows of the list for the ids of a page (benefits primary key), in no particular order. */
function benefitRowsByIds(db: DbOrTx, ids: number[]) {
  return db
    .select({
      id: b.id,
      benefitUuid: b.uuid,
      programId: b.programId,
      programUuid: programs.uuid,
      programName: programs.name,
      programTimeZone: programs.timeZone,
      recipientIdentifier: ra.recipientIdentifier,
      recipientAccountUuid: ra.uuid,
      firstname: ra.firstName,
      lastname: ra.lastName,
      benefitAuthNumber: b.authorizationNumber,
      amount: b.amount,
      balance: b.balance,
      benefitStatusId: b.statusId,
      benefitAvailableDate: b.availableDate,
      benefitExpiryDate: b.expirationDate,
      benefitTypeId: b.benefitTypeId,
      agencyName: agencies.name,
    })
    .from(b)
    .innerJoin(ra, eq(ra.id, b.accountId))
    .innerJoin(programs, eq(programs.id, b.programId))
    .leftJoin(agencies, eq(agencies.id, b.agencyId))
    .where(inArray(b.id, ids));
}

/** One page of the search: its ids first (index only), then their rows, returned in the page's order. */
export async function searchBenefitRows(
  db: DbOrTx,
  caller: Caller,
  f: BenefitFilter,
  paging: { limit: number; offset: number },
) {
  const ids = (await searchBenefitPageQuery(db, caller, f, paging)).map((r) => r.id);
  if (ids.length === 0) return [];
  const byId = new Map((await benefitRowsByIds(db, ids)).map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
export type BenefitSearchRecord = Awaited<ReturnType<typeof benefitRowsByIds>>[number];

/**
 * Counts matches up to `cap + 1` (a LIMIT subquery): the walk stops there however many rows match.
 *
 * A search that names the person starts from the matching accounts (their name or Account ID index) and reads each
 * one's benefits through benefits_account_id_idx. The lateral subquery's `offset 0` keeps PostgreSQL from flattening
 * it into a join it might answer with a hash join over a sequential scan of every benefit (its cost model, not
 * knowing that the LIMIT stops the walk early, picked that plan at 1,000,000 benefits: 640 ms instead of a few).
 * The subquery is aliased `benefits`, so the search's conditions apply to its columns unchanged.
 */
export function countBenefitsQuery(caller: Caller, f: BenefitFilter, cap: number): SQL {
  if (needsAccount(f)) {
    return sql`
      select count(*)::int as n from (
        select 1 from ${ra}
        cross join lateral (select * from ${b} where ${b.accountId} = ${ra.id} offset 0) as ${b}
        where ${benefitConditions(caller, f) ?? sql`true`}
        limit ${cap + 1}) as matches`;
  }
  return sql`select count(*)::int as n from (select 1 from ${b} where ${benefitConditions(caller, f) ?? sql`true`} limit ${cap + 1}) as matches`;
}

export async function countBenefitsUpTo(db: DbOrTx, caller: Caller, f: BenefitFilter, cap: number): Promise<number> {
  // db.execute answers { rows } on node-postgres and PGlite alike; count() may arrive as text.
  const result = (await db.execute(countBenefitsQuery(caller, f, cap))) as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** One export batch: the matches after `afterId`, by id (keyset pagination, platform/search.ts). */
export function exportBenefitBatch(db: DbOrTx, caller: Caller, f: BenefitFilter, afterId: number, limit: number) {
  return db
    .select({
      id: b.id,
      programName: programs.name,
      recipientIdentifier: ra.recipientIdentifier,
      firstname: ra.firstName,
      lastname: ra.lastName,
      agencyName: agencies.name,
      authNumber: b.authorizationNumber,
      benefitTypeId: b.benefitTypeId,
      statusId: b.statusId,
      availableDate: b.availableDate,
      expirationDate: b.expirationDate,
      amount: b.amount,
      balance: b.balance,
    })
    .from(b)
    .innerJoin(ra, eq(ra.id, b.accountId))
    .innerJoin(programs, eq(programs.id, b.programId))
    .leftJoin(agencies, eq(agencies.id, b.agencyId))
    .where(and(benefitConditions(caller, f), gt(b.id, afterId)))
    .orderBy(asc(b.id))
    .limit(limit);
}
export type BenefitExportRecord = Awaited<ReturnType<typeof exportBenefitBatch>>[number];

// ---------------------------------------------------------------------------------------------------------------
// Recipient portal

/** The recipient's accounts with their programs (the caller's accountIds; recipient_accounts primary key). */
export function recipientPrograms(db: DbOrTx, accountIds: readonly number[]) {
  if (accountIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      accountId: ra.id,
      recipientIdentifier: ra.recipientIdentifier,
      programId: programs.id,
      programUuid: programs.uuid,
      programName: programs.name,
      timeZone: programs.timeZone,
    })
    .from(ra)
    .innerJoin(programs, eq(programs.id, ra.programId))
    .where(inArray(ra.id, [...accountIds]))
    .orderBy(asc(programs.name), asc(ra.id));
}

/**
 * The balances of each of the caller's accounts in one statement (no query per program): the ISSUED
 * benefits spendable today (available and not past expiration, "today" in the program's time zone, resolution 26),
 * those not yet available, and the soonest expiration date among the spendable ones with money left. Each account's
 * benefits come off benefits_account_id_idx (account, expiration date).
 */
export async function recipientBalances(db: DbOrTx, accountIds: readonly number[], now: Date) {
  if (accountIds.length === 0) return [];
  const result = (await db.execute(sql`
    select a.id as account_id, a.recipient_identifier, p.id as program_id, p.uuid as program_uuid,
      p.name as program_name, d.today::text as today,
      coalesce(sum(bb.balance) filter (where bb.available_date <= d.today), 0)::text as available,
      coalesce(sum(bb.balance) filter (where bb.available_date > d.today), 0)::text as upcoming,
      (min(bb.expiration_date) filter (where bb.available_date <= d.today and bb.balance > 0))::text as soonest
    from ${ra} a
    join ${programs} p on p.id = a.program_id
    cross join lateral (select (${now.toISOString()}::timestamptz at time zone p.time_zone)::date as today) d
    left join ${b} bb on bb.account_id = a.id and bb.status_id = ${BENEFIT_STATUS.ISSUED} and bb.expiration_date >= d.today
    where a.id = any(${`{${accountIds.join(',')}}`}::int[])
    group by a.id, p.id, d.today
    order by p.name, a.id`)) as {
    rows: {
      account_id: number;
      recipient_identifier: string;
      program_id: number;
      program_uuid: string;
      program_name: string;
      today: string;
      available: string;
      upcoming: string;
      soonest: string | null;
    }[];
  };
  return result.rows;
}
