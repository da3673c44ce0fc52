import { and, asc, type AnyColumn, eq, exists, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  merchantAddresses,
  merchantBankAccounts,
  merchantPrograms,
  merchants,
  programs,
} from '../../db/schema/index.js';
import type { Caller } from '../../platform/caller.js';
import { escapeLike, startsWith } from '../../platform/search-sql.js';

// The SQL of the merchant read side. A merchant belongs to no program of its own: it is mapped to programs
// (merchant_programs), so every read is AND-ed with "mapped to one of the caller's programs" (platform admins: all).
// Staff see the merchants of their programs whatever the status; recipients (resolution 10) only active merchants
// with an active mapping to one of their programs.

const ACTIVE = 0;

/** The programs whose mappings the caller sees, as a condition on merchant_programs (undefined: all of them). */
function mappingScope(caller: Caller): SQL | undefined {
  if (caller.scope === 'all') return undefined;
  if (caller.scope === 'none' || caller.programIds.length === 0) return sql`false`;
  const inPrograms = inArray(merchantPrograms.programId, [...caller.programIds]);
  return caller.scope === 'self' ? and(inPrograms, eq(merchantPrograms.statusId, ACTIVE)) : inPrograms;
}

/**
 * The merchant (by its id column) is visible to the caller: mapped to one of their programs, and to `programId` when
 * the search names one. Both in one EXISTS, so a search row costs one mapping probe, not two (bench/merchants-search.ts).
 */
function merchantScope(db: DbOrTx, caller: Caller, merchantId: AnyColumn, programId?: number): SQL | undefined {
  if (caller.scope === 'all' && programId === undefined) return undefined;
  const mapped = exists(
    db
      .select({ one: sql`1` })
      .from(merchantPrograms)
      .where(
        and(
          eq(merchantPrograms.merchantId, merchantId),
          caller.scope === 'all' ? undefined : mappingScope(caller),
          programId === undefined ? undefined : eq(merchantPrograms.programId, programId),
        ),
      ),
  );
  return caller.scope === 'self' ? and(mapped, eq(merchants.statusId, ACTIVE)) : mapped;
}

/** The merchant row of a query (`from merchants`) is one the caller may see (its mappings; decision 0020). */
export const merchantVisible = (db: DbOrTx, caller: Caller) => merchantScope(db, caller, merchants.id);

/** A list of ids as one int[] parameter (a literal `{1,2}`: one bind value on PGlite and node-postgres alike). */
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * The search's scope: staff (and platform admins naming a program) test the row's own `program_ids`, which the
 * trigger keeps equal to its mappings (decision 0026), so a broad search walking thousands of rows in name order
 * pays no mapping probe for each; recipients, whose scope depends on the mapping's status, keep the EXISTS.
 */
function searchScope(db: DbOrTx, caller: Caller, programId?: number): SQL | undefined {
  if (caller.scope === 'self') return merchantScope(db, caller, merchants.id, programId);
  if (caller.scope === 'none' || (caller.scope !== 'all' && caller.programIds.length === 0)) return sql`false`;
  return and(
    caller.scope === 'all' ? undefined : sql`${merchants.programIds} && ${intArray(caller.programIds)}`,
    programId === undefined ? undefined : sql`${merchants.programIds} @> ${intArray([programId])}`,
  );
}

export interface MerchantFilter {
  merchantId?: string;
  merchantName?: string;
  fnsNumber?: string;
  email?: string;
  programId?: number;
  /** The recipient portal's criteria (A§5): the registered address's city (prefix) and state, a phone (prefix). */
  city?: string;
  stateCode?: string;
  phone?: string;
}

/**
 * The search's order: the name case-folded, in byte order, which merchants_name_order_idx holds (with id after it),
 * so a broad search reads its first 1000 rows off the index and a short name is a prefix range of it.
 */
const NAME_ORDER = sql`(lower(${merchants.name}) collate "C")`;

/** Names of three or more characters match anywhere (the trigram index); shorter ones as a prefix. */
const TRIGRAM_MIN = 3;

function filterConditions(db: DbOrTx, caller: Caller, f: MerchantFilter): SQL | undefined {
  const name = f.merchantName;
  return and(
    searchScope(db, caller, f.programId),
    f.merchantId === undefined ? undefined : eq(merchants.merchantIdentifier, f.merchantId),
    name === undefined
      ? undefined
      : name.length >= TRIGRAM_MIN
        ? sql`lower(${merchants.name}) like lower(${`%${escapeLike(name)}%`})`
        : startsWith(NAME_ORDER, name),
    f.fnsNumber === undefined ? undefined : eq(merchants.fnsNumber, f.fnsNumber),
    f.email === undefined ? undefined : startsWith(sql`lower(${merchants.email})`, f.email),
    f.city === undefined && f.stateCode === undefined
      ? undefined
      : sql`exists (select 1 from ${merchantAddresses} where ${and(
          eq(merchantAddresses.merchantId, merchants.id),
          eq(merchantAddresses.kind, 'registered'),
          f.city === undefined ? undefined : startsWith(sql`lower(${merchantAddresses.city})`, f.city),
          f.stateCode === undefined ? undefined : eq(merchantAddresses.stateCode, f.stateCode.toUpperCase()),
        )})`,
    f.phone === undefined
      ? undefined
      : sql`(${merchants.businessPhone} like ${`${escapeLike(f.phone)}%`} or ${merchants.mobilePhone} like ${`${escapeLike(f.phone)}%`})`,
  );
}

const registered = and(eq(merchantAddresses.merchantId, merchants.id), eq(merchantAddresses.kind, 'registered'));

const rowFields = {
  id: merchants.id,
  merchantUuid: merchants.uuid,
  merchantIdentifier: merchants.merchantIdentifier,
  merchantName: merchants.name,
  fnsNumber: merchants.fnsNumber,
  email: merchants.email,
  businessPhone: merchants.businessPhone,
  mobilePhone: merchants.mobilePhone,
  merchantStatusId: merchants.statusId,
  city: merchantAddresses.city,
  stateCode: merchantAddresses.stateCode,
  zipcode: merchantAddresses.zipcode,
};

/**
 * The key of the search's order (then id). The name order, read off merchants_name_order_idx, except when an e-mail
 * prefix is given: its own index finds the matches and they are sorted. Walking the name order instead, the planner
 * expects e-mail matches spread evenly over the names, but e-mails follow names ('smith...' belongs to 'Smith ...'), so
 * the walk crosses most of the table before its first match (1.9 s at 1,000,000 merchants, bench/README.md). Hence the
 * same order as an expression no index holds.
 */
function searchOrderKey(filter: MerchantFilter): SQL {
  return filter.email === undefined ? NAME_ORDER : sql`(lower(${merchants.name}) || '') collate "C"`;
}

/**
 * Merchants matching the filter in the caller's scope, by name, at most `limit`. Two steps in one statement: the walk
 * picks the ids (from merchants_name_order_idx alone when name, programs and id are all it tests: an index-only scan),
 * then only those rows are read with their registered address (decision 0026).
 */
export function searchMerchantRows(db: DbOrTx, caller: Caller, filter: MerchantFilter, limit: number) {
  const key = searchOrderKey(filter);
  const walk = db
    .select({ id: sql<number>`${merchants.id}`.as('walk_id'), key: sql<string>`${key}`.as('walk_key') })
    .from(merchants)
    .where(filterConditions(db, caller, filter))
    .orderBy(key, asc(merchants.id))
    .limit(limit)
    .as('walk');
  return db
    .select(rowFields)
    .from(walk)
    .innerJoin(merchants, eq(merchants.id, walk.id))
    .leftJoin(merchantAddresses, registered)
    .orderBy(walk.key, walk.id);
}

export type MerchantRecord = Awaited<ReturnType<typeof searchMerchantRows>>[number];

/** Matches counted up to cap + 1 (the export says when it was cut). */
export async function countMerchantsUpTo(db: DbOrTx, caller: Caller, filter: MerchantFilter, cap: number) {
  const capped = db
    .select({ one: sql`1` })
    .from(merchants)
    .where(filterConditions(db, caller, filter))
    .limit(cap + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return row?.n ?? 0;
}

/** The export's rows after `afterId`, by id (keyset batches). */
export function exportMerchantBatch(
  db: DbOrTx,
  caller: Caller,
  filter: MerchantFilter,
  afterId: number,
  limit: number,
) {
  return db
    .select(rowFields)
    .from(merchants)
    .leftJoin(merchantAddresses, registered)
    .where(and(gt(merchants.id, afterId), filterConditions(db, caller, filter)))
    .orderBy(asc(merchants.id))
    .limit(limit);
}

/** A merchant's own columns as the detail and the writes read them (never the sealed tax id). */
const merchantFields = {
  id: merchants.id,
  uuid: merchants.uuid,
  merchantIdentifier: merchants.merchantIdentifier,
  statusId: merchants.statusId,
  name: merchants.name,
  fnsNumber: merchants.fnsNumber,
  email: merchants.email,
  taxIdLast4: merchants.taxIdLast4,
  taxClassId: merchants.taxClassId,
  tinTypeId: merchants.tinTypeId,
  businessPhone: merchants.businessPhone,
  mobilePhone: merchants.mobilePhone,
  creationChannel: merchants.creationChannel,
  updationChannel: merchants.updationChannel,
  latitude: merchants.latitude,
  longitude: merchants.longitude,
};

/** One merchant by uuid in the caller's scope, or undefined (missing and out of scope answer alike). */
export async function findMerchant(db: DbOrTx, caller: Caller, merchantUuid: string) {
  const [row] = await db
    .select(merchantFields)
    .from(merchants)
    .where(and(eq(merchants.uuid, merchantUuid), merchantScope(db, caller, merchants.id)))
    .limit(1);
  return row;
}

/**
 * GET /merchant-api/merchant/{id} in one statement (architecture.md "The request path": the caller, then the read): the
 * merchant in the caller's scope with its addresses, the mappings the caller sees and, when `withBank`, its bank
 * account (last fours only, the ciphertexts are not read), as JSON columns of the one row. Undefined when missing or out
 * of scope.
 */
export async function findMerchantDetail(db: DbOrTx, caller: Caller, merchantUuid: string, withBank: boolean) {
  const [row] = await db
    .select({
      ...merchantFields,
      // Written with the outer row named in full: Drizzle leaves a single-table select's columns unqualified, which
      // the subqueries' own tables would shadow.
      addresses: sql<MerchantAddressRow[]>`(
        select coalesce(json_agg(json_build_object('kind', a.kind, 'addressOne', a.address1, 'addressTwo', a.address2,
                 'city', a.city, 'stateCode', a.state_code, 'zipcode', a.zipcode)), '[]'::json)
          from ${merchantAddresses} a where a.merchant_id = "merchants"."id")`,
      mappings: sql<MerchantMappingRow[]>`(
        select coalesce(json_agg(json_build_object('programId', p.id, 'programUuid', p.uuid, 'programName', p.name,
                 'shortname', p.short_name, 'statusId', "merchant_programs"."status_id") order by p.name, p.id),
                 '[]'::json)
          from ${merchantPrograms} join ${programs} p on p.id = "merchant_programs"."program_id"
         where "merchant_programs"."merchant_id" = "merchants"."id" and ${mappingScope(caller) ?? sql`true`})`,
      bank: withBank
        ? sql<MerchantBankRow | null>`(
            select json_build_object('bankUuid', b.uuid, 'bankName', b.bank_name,
                     'accountNumberLast4', b.account_number_last4, 'routingNumberLast4', b.routing_number_last4,
                     'bankAccountType', b.account_type_id, 'firstName', b.first_name, 'middleName', b.middle_name,
                     'lastName', b.last_name)
              from ${merchantBankAccounts} b where b.merchant_id = "merchants"."id")`
        : sql<MerchantBankRow | null>`null::json`,
    })
    .from(merchants)
    .where(and(eq(merchants.uuid, merchantUuid), merchantScope(db, caller, merchants.id)))
    .limit(1);
  return row;
}

interface MerchantAddressRow {
  kind: string;
  addressOne: string;
  addressTwo: string | null;
  city: string;
  stateCode: string;
  zipcode: string;
}

interface MerchantMappingRow {
  programId: number;
  programUuid: string;
  programName: string;
  shortname: string;
  statusId: number;
}

interface MerchantBankRow {
  bankUuid: string;
  bankName: string | null;
  accountNumberLast4: string | null;
  routingNumberLast4: string | null;
  bankAccountType: number | null;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
}

/** The merchant's addresses (registered, mailing, physical). */
export function merchantAddressRows(db: DbOrTx, merchantId: number) {
  return db
    .select({
      kind: merchantAddresses.kind,
      addressOne: merchantAddresses.address1,
      addressTwo: merchantAddresses.address2,
      city: merchantAddresses.city,
      stateCode: merchantAddresses.stateCode,
      zipcode: merchantAddresses.zipcode,
    })
    .from(merchantAddresses)
    .where(eq(merchantAddresses.merchantId, merchantId));
}

/** The merchant's program mappings the caller sees, by program name. */
export function merchantMappings(db: DbOrTx, caller: Caller, merchantId: number) {
  return db
    .select({
      programId: programs.id,
      programUuid: programs.uuid,
      programName: programs.name,
      shortname: programs.shortName,
      statusId: merchantPrograms.statusId,
    })
    .from(merchantPrograms)
    .innerJoin(programs, eq(programs.id, merchantPrograms.programId))
    .where(and(eq(merchantPrograms.merchantId, merchantId), mappingScope(caller)))
    .orderBy(asc(programs.name), asc(programs.id));
}
