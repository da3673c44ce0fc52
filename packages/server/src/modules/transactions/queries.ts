import { and, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  benefits,
  merchants,
  pans,
  programs,
  recipientAccounts as ra,
  responseCodes,
  transactionBenefits,
  transactions as t,
  transactionTypes,
} from '../../db/schema/index.js';
import { type Caller, scopeCondition } from '../../platform/caller.js';
import { agencyIdOf, programIdOf } from '../../platform/search.js';

// The SQL of the transactions area (decision 0033). Every read is AND-ed with the caller's scope: program admins by
// program_id, agency staff by the agency_id the row was written with, recipients by their own account ids. Every
// criterion matches an index that leads with it and ends with trx_datetime, so a page walks the index newest first
// and stops; the capped count walks the same index (docs/data-model.md).

export const transactionScope = (caller: Caller) =>
  scopeCondition(caller, { programId: t.programId, agencyId: t.agencyId, accountId: t.accountId });

/** A search after its program and agency are resolved to ids and its date-times to the window's instants. */
export interface TransactionFilter {
  /** The program's id in digits or its uuid, resolved in the search's statement (platform/search.ts programIdOf). */
  program?: string;
  agencyUuid?: string;
  merchantNbr?: string;
  recipientIdentifier?: string;
  accountUuid?: string;
  trxTypeId?: number;
  respCodeId?: number;
  start?: Date;
  end?: Date;
}

export function transactionConditions(caller: Caller, f: TransactionFilter): SQL | undefined {
  return and(
    transactionScope(caller),
    f.program === undefined ? undefined : eq(t.programId, programIdOf(f.program)),
    f.agencyUuid === undefined ? undefined : eq(t.agencyId, agencyIdOf(f.agencyUuid)),
    f.trxTypeId === undefined ? undefined : eq(t.trxTypeId, f.trxTypeId),
    f.respCodeId === undefined ? undefined : eq(t.respCodeId, f.respCodeId),
    f.start === undefined ? undefined : gte(t.trxDatetime, f.start),
    f.end === undefined ? undefined : lte(t.trxDatetime, f.end),
    // merchantNbr: the exact Merchant ID (merchants_identifier_key), one merchant, then its index.
    f.merchantNbr === undefined
      ? undefined
      : eq(
          t.merchantId,
          sql`(select ${merchants.id} from ${merchants} where ${merchants.merchantIdentifier} = ${f.merchantNbr})`,
        ),
    // recipientIdentifier: the exact Account ID, one account per program (recipient_accounts_identifier_idx).
    f.recipientIdentifier === undefined
      ? undefined
      : inArray(
          t.accountId,
          sql`(select ${ra.id} from ${ra} where ${ra.recipientIdentifier} = ${f.recipientIdentifier})`,
        ),
    f.accountUuid === undefined
      ? undefined
      : eq(t.accountId, sql`(select ${ra.id} from ${ra} where ${ra.uuid} = ${f.accountUuid})`),
  );
}

/** Newest first; the id breaks ties of one instant (an incremental sort on the (…, trx_datetime) indexes). */
const NEWEST_FIRST = [desc(t.trxDatetime), desc(t.id)];

export function searchTransactionPageQuery(
  db: DbOrTx,
  caller: Caller,
  f: TransactionFilter,
  paging: { limit: number; offset: number },
) {
  return db
    .select({ id: t.id })
    .from(t)
    .where(transactionConditions(caller, f))
    .orderBy(...NEWEST_FIRST)
    .limit(paging.limit)
    .offset(paging.offset);
}

function listRows<Extra extends Record<string, SQL.Aliased | SQL>>(db: DbOrTx, extra?: Extra) {
  return db
    .select({
      ...(extra as Extra),
      id: t.id,
      trxUuid: t.uuid,
      trxDatetime: t.trxDatetime,
      programName: programs.name,
      programUuid: programs.uuid,
      trxTypeId: t.trxTypeId,
      trxType: transactionTypes.descr,
      reqAmt: t.reqAmt,
      settleAmt: t.settleAmt,
      respCodeId: t.respCodeId,
      responseCode: responseCodes.code,
      responseText: responseCodes.descr,
      merchantName: merchants.name,
    })
    .from(t)
    .innerJoin(programs, eq(programs.id, t.programId))
    .innerJoin(transactionTypes, eq(transactionTypes.id, t.trxTypeId))
    .innerJoin(responseCodes, eq(responseCodes.id, t.respCodeId))
    .leftJoin(merchants, eq(merchants.id, t.merchantId))
    .$dynamic();
}
export type TransactionListRecord = Awaited<ReturnType<typeof listRows<Record<never, never>>>>[number];

/** The ids of a page, newest first: the index walk, as a subquery its rows join to. */
function pageIds(db: DbOrTx, caller: Caller, f: TransactionFilter, paging: { limit: number; offset: number }) {
  return searchTransactionPageQuery(db, caller, f, paging).as('page');
}

/** One page of the search in one statement: the page's ids (the index walk), then their rows, in the page's order. */
export function searchTransactionRows(
  db: DbOrTx,
  caller: Caller,
  f: TransactionFilter,
  paging: { limit: number; offset: number },
): Promise<TransactionListRecord[]> {
  const page = pageIds(db, caller, f, paging);
  return listRows(db)
    .innerJoin(page, eq(page.id, t.id))
    .orderBy(...NEWEST_FIRST);
}

/**
 * A page and the capped count in one statement (platform/search.ts rowsWithCount): the count is an uncorrelated
 * scalar subquery, which PostgreSQL runs once for the statement. An empty page carries no count.
 */
export async function searchTransactionRowsWithCount(
  db: DbOrTx,
  caller: Caller,
  f: TransactionFilter,
  paging: { limit: number; offset: number },
  cap: number,
): Promise<{ rows: TransactionListRecord[]; count: number | undefined }> {
  const found = await rowsWithCountQuery(db, caller, f, paging, cap);
  return { rows: found, count: found[0] === undefined ? undefined : Number(found[0].total) };
}

/** The statement of searchTransactionRowsWithCount (the benchmark times it raw). */
export function rowsWithCountQuery(
  db: DbOrTx,
  caller: Caller,
  f: TransactionFilter,
  paging: { limit: number; offset: number },
  cap: number,
) {
  const page = pageIds(db, caller, f, paging);
  return listRows(db, { total: sql<number>`(${countTransactionsQuery(caller, f, cap)})` })
    .innerJoin(page, eq(page.id, t.id))
    .orderBy(...NEWEST_FIRST);
}

/** Counts matches up to cap + 1 (a LIMIT subquery over the same index walk as the page). */
export function countTransactionsQuery(caller: Caller, f: TransactionFilter, cap: number): SQL {
  return sql`select count(*)::int as n from (select 1 from ${t} where ${transactionConditions(caller, f) ?? sql`true`} limit ${cap + 1}) as matches`;
}

export async function countTransactionsUpTo(db: DbOrTx, caller: Caller, f: TransactionFilter, cap: number) {
  const result = (await db.execute(countTransactionsQuery(caller, f, cap))) as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * One export batch, newest first as the screen lists them: the matches after the previous batch's last row by
 * (trx_datetime, id) descending (keyset pagination, platform/search.ts). The instant is carried as PostgreSQL's own
 * text, because a JavaScript Date would drop its microseconds and skip rows of the same millisecond.
 */
export function exportTransactionBatch(
  db: DbOrTx,
  caller: Caller,
  f: TransactionFilter,
  after: { id: number; keyAt: string } | undefined,
  limit: number,
) {
  const afterCondition =
    after === undefined
      ? undefined
      : and(
          // The first conjunct is what an index ending in trx_datetime can use; the second breaks ties by id.
          lte(t.trxDatetime, sql`${after.keyAt}::timestamptz`),
          or(lt(t.trxDatetime, sql`${after.keyAt}::timestamptz`), lt(t.id, after.id)),
        );
  return db
    .select({
      id: t.id,
      keyAt: sql<string>`${t.trxDatetime}::text`,
      trxDatetime: t.trxDatetime,
      programName: programs.name,
      programTimeZone: programs.timeZone,
      recipientIdentifier: ra.recipientIdentifier,
      trxType: transactionTypes.descr,
      reqAmt: t.reqAmt,
      settleAmt: t.settleAmt,
      responseCode: responseCodes.code,
      responseText: responseCodes.descr,
      merchantIdentifier: merchants.merchantIdentifier,
      merchantName: merchants.name,
      panLast4: pans.panLast4,
      authNumber: t.authNumber,
      traceNumber: t.traceNumber,
    })
    .from(t)
    .innerJoin(programs, eq(programs.id, t.programId))
    .innerJoin(transactionTypes, eq(transactionTypes.id, t.trxTypeId))
    .innerJoin(responseCodes, eq(responseCodes.id, t.respCodeId))
    .leftJoin(ra, eq(ra.id, t.accountId))
    .leftJoin(merchants, eq(merchants.id, t.merchantId))
    .leftJoin(pans, eq(pans.id, t.panId))
    .where(and(transactionConditions(caller, f), afterCondition))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
}
export type TransactionExportRecord = Awaited<ReturnType<typeof exportTransactionBatch>>[number];

// ---------------------------------------------------------------------------------------------------------------
// One transaction

interface LinkedRecord {
  trxUuid: string;
  trxDatetime: string;
  trxType: string;
  reqAmt: string | number;
}
interface BenefitAffectedRecord {
  benefitUuid: string;
  authorizationNumber: string;
  amount: string | number;
}

const original = alias(t, 'original');
const originalType = alias(transactionTypes, 'original_type');

/**
 * Everything the detail shows, in one statement (the caller's, then this: two per request): the row with its
 * program, type, response, account, card (last four only), merchant, the transaction it reverses, the reversal
 * that reverses it, and the benefits it touched as JSON. Nothing when missing or outside the caller's scope.
 */
export async function findTransactionDetail(db: DbOrTx, caller: Caller, trxUuid: string) {
  const [row] = await db
    .select({
      trx: t,
      programUuid: programs.uuid,
      programName: programs.name,
      trxType: transactionTypes.descr,
      responseCode: responseCodes.code,
      responseText: responseCodes.descr,
      accountUuid: ra.uuid,
      recipientIdentifier: ra.recipientIdentifier,
      firstname: ra.firstName,
      lastname: ra.lastName,
      panLast4: pans.panLast4,
      merchantUuid: merchants.uuid,
      merchantName: merchants.name,
      merchantIdentifier: merchants.merchantIdentifier,
      originalUuid: original.uuid,
      originalDatetime: original.trxDatetime,
      originalType: originalType.descr,
      originalReqAmt: original.reqAmt,
      reversedBy: sql<LinkedRecord | null>`(
        select json_build_object('trxUuid', r.uuid, 'trxDatetime', r.trx_datetime, 'trxType', rt.descr,
          'reqAmt', r.req_amt)
        from ${t} r join ${transactionTypes} rt on rt.id = r.trx_type_id
        where r.reversal_of_id = ${t.id} order by r.trx_datetime limit 1)`,
      benefits: sql<BenefitAffectedRecord[]>`(
        select coalesce(json_agg(json_build_object('benefitUuid', b.uuid,
          'authorizationNumber', b.authorization_number, 'amount', tb.amount) order by b.expiration_date, b.id), '[]')
        from ${transactionBenefits} tb join ${benefits} b on b.id = tb.benefit_id
        where tb.transaction_id = ${t.id})`,
      // What the transaction engine's accruals of this purchase earned (decision 0044): approved type 6 rows it caused.
      incentiveEarned: sql<string | null>`(
        select sum(a.settle_amt)::text from ${t} a
        where a.caused_by_id = ${t.id} and a.trx_type_id = 6 and a.resp_code_id = 1)`,
    })
    .from(t)
    .innerJoin(programs, eq(programs.id, t.programId))
    .innerJoin(transactionTypes, eq(transactionTypes.id, t.trxTypeId))
    .innerJoin(responseCodes, eq(responseCodes.id, t.respCodeId))
    .leftJoin(ra, eq(ra.id, t.accountId))
    .leftJoin(pans, eq(pans.id, t.panId))
    .leftJoin(merchants, eq(merchants.id, t.merchantId))
    .leftJoin(original, eq(original.id, t.reversalOfId))
    .leftJoin(originalType, eq(originalType.id, original.trxTypeId))
    .where(and(eq(t.uuid, trxUuid), transactionScope(caller)))
    .limit(1);
  return row;
}
export type TransactionDetailRecord = NonNullable<Awaited<ReturnType<typeof findTransactionDetail>>>;

/** The recipient's newest transactions in one program, named by uuid (the program detail's recent list). */
export function recentTransactions(db: DbOrTx, accountIds: readonly number[], programUuid: string, limit: number) {
  if (accountIds.length === 0) return Promise.resolve([]);
  return listRows(db)
    .where(and(eq(programs.uuid, programUuid), inArray(t.accountId, [...accountIds])))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
}
