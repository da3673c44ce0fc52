import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  auditLog,
  merchantAddresses,
  merchantBankAccounts,
  merchantPrograms,
  merchants,
} from '../../db/schema/index.js';
import type { AuditStamp } from '../../platform/audit.js';
import { chunks } from '../../platform/import-sql.js';

// The reads and writes of the merchant file import (docs/merchant-file.md, decision 0023). Every one works on a whole
// file at once, its keys or rows passed as one JSON parameter (json_to_recordset) rather than thousands of bind
// parameters: a 1 MB file (about 5,800 rows) costs about ten statements, never one per row. (Drizzle's multi-row
// VALUES with 17 parameters a merchant cost three times the Node time and twice the database's.)

/** Rows per statement: one JSON parameter each (a whole 1 MB file in one or two statements). */
const JSON_CHUNK = 5000;

/** A merchant the file names, as the import compares and audits it (never its tax id or bank numbers). */
export interface ExistingMerchant {
  id: number;
  uuid: string;
  merchantIdentifier: string;
  statusId: number;
  name: string;
  fnsNumber: string | null;
  email: string | null;
  businessPhone: string | null;
  mobilePhone: string | null;
  taxClassId: number | null;
  tinTypeId: number | null;
  updationChannel: string | null;
}

/**
 * The merchants holding any of the identifiers, their rows locked until the import ends, in id order (two imports lock
 * alike, so they cannot deadlock), served by merchants_identifier_key.
 */
export async function lockMerchantsByIdentifier(db: DbOrTx, identifiers: string[]): Promise<ExistingMerchant[]> {
  const found: ExistingMerchant[] = [];
  for (const part of chunks([...new Set(identifiers)], JSON_CHUNK)) {
    found.push(
      ...(await db
        .select({
          id: merchants.id,
          uuid: merchants.uuid,
          merchantIdentifier: merchants.merchantIdentifier,
          statusId: merchants.statusId,
          name: merchants.name,
          fnsNumber: merchants.fnsNumber,
          email: merchants.email,
          businessPhone: merchants.businessPhone,
          mobilePhone: merchants.mobilePhone,
          taxClassId: merchants.taxClassId,
          tinTypeId: merchants.tinTypeId,
          updationChannel: merchants.updationChannel,
        })
        .from(merchants)
        .where(sql`${merchants.merchantIdentifier} in (select json_array_elements_text(${JSON.stringify(part)}::json))`)
        .orderBy(merchants.id)
        .for('update')),
    );
  }
  return found;
}

/** Which of the merchants are mapped (either status) to which programs. */
export async function loadMappings(db: DbOrTx, merchantIds: number[]) {
  const found: { merchantId: number; programId: number }[] = [];
  for (const part of chunks(merchantIds, JSON_CHUNK))
    found.push(
      ...(await db
        .select({ merchantId: merchantPrograms.merchantId, programId: merchantPrograms.programId })
        .from(merchantPrograms)
        .where(inArray(merchantPrograms.merchantId, part))),
    );
  return found;
}

/** The stored addresses of the merchants a 04 row updates (compared to the row: an equal row changes nothing). */
export async function loadAddresses(db: DbOrTx, merchantIds: number[]) {
  const found: {
    merchantId: number;
    kind: string;
    address1: string;
    address2: string | null;
    city: string;
    stateCode: string;
    zipcode: string;
    latitude: string | null;
    longitude: string | null;
  }[] = [];
  for (const part of chunks(merchantIds, JSON_CHUNK))
    found.push(
      ...(await db
        .select({
          merchantId: merchantAddresses.merchantId,
          kind: merchantAddresses.kind,
          address1: merchantAddresses.address1,
          address2: merchantAddresses.address2,
          city: merchantAddresses.city,
          stateCode: merchantAddresses.stateCode,
          zipcode: merchantAddresses.zipcode,
          latitude: merchantAddresses.latitude,
          longitude: merchantAddresses.longitude,
        })
        .from(merchantAddresses)
        .where(inArray(merchantAddresses.merchantId, part))),
    );
  return found;
}

/** Which of the identifiers are taken (the generated ones are checked before they are inserted). */
export async function takenIdentifiers(db: DbOrTx, identifiers: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const part of chunks(identifiers, JSON_CHUNK)) {
    const rows = await db
      .select({ identifier: merchants.merchantIdentifier })
      .from(merchants)
      .where(sql`${merchants.merchantIdentifier} in (select json_array_elements_text(${JSON.stringify(part)}::json))`);
    for (const r of rows) taken.add(r.identifier);
  }
  return taken;
}

/** A new merchant of a 01 or 02 row with everything written with it. */
export interface NewMerchant {
  merchantIdentifier: string;
  statusId: number;
  name: string;
  fnsNumber: string | null;
  email: string;
  businessPhone: string;
  mobilePhone: string;
  taxIdEncrypted: string | null;
  taxIdLast4: string | null;
  taxClassId: number | null;
  tinTypeId: number | null;
  latitude: string | null;
  longitude: string | null;
  programId: number;
  addresses: AddressRow[];
  bank: BankRow | null;
  /** The `after` of its `create` audit row, but for the Merchant ID (added by the statement: it may be drawn again). */
  audit: Record<string, unknown>;
}

/** One address as the JSON of the writes carries it. */
export interface AddressRow {
  kind: string;
  address1: string;
  address2: string | null;
  city: string;
  stateCode: string;
  zipcode: string;
  latitude: string | null;
  longitude: string | null;
}

/** A bank account as the JSON of the writes carries it: numbers sealed, with their last four. */
export interface BankRow {
  bankName: string | null;
  accountNumberEncrypted: string;
  accountNumberLast4: string;
  routingNumberEncrypted: string;
  routingNumberLast4: string;
  accountTypeId: number;
  firstName: string;
  middleName: string | null;
  lastName: string;
}

const ADDRESS_RECORD = sql.raw(`kind varchar(10), address1 varchar(60), address2 varchar(60), city varchar(60),
  state_code varchar(2), zipcode varchar(10), latitude numeric(9, 6), longitude numeric(9, 6)`);
const BANK_RECORD = sql.raw(`bank_name varchar(45), account_number_encrypted text, account_number_last4 varchar(4),
  routing_number_encrypted text, routing_number_last4 varchar(4), account_type_id smallint, first_name varchar(100),
  middle_name varchar(1), last_name varchar(100)`);

const addressJson = (a: AddressRow) => ({
  kind: a.kind,
  address1: a.address1,
  address2: a.address2,
  city: a.city,
  state_code: a.stateCode,
  zipcode: a.zipcode,
  latitude: a.latitude,
  longitude: a.longitude,
});
const bankJson = (b: BankRow) => ({
  bank_name: b.bankName,
  account_number_encrypted: b.accountNumberEncrypted,
  account_number_last4: b.accountNumberLast4,
  routing_number_encrypted: b.routingNumberEncrypted,
  routing_number_last4: b.routingNumberLast4,
  account_type_id: b.accountTypeId,
  first_name: b.firstName,
  middle_name: b.middleName,
  last_name: b.lastName,
});

/**
 * Inserts new merchants with their addresses, their active mapping and their bank account, one statement per
 * JSON_CHUNK merchants. An identifier another request took meanwhile inserts nothing of its row (the unique index
 * decides, and the addresses, mapping and bank account join only the merchants inserted): it is missing from the
 * answer, so its row can be refused or drawn again.
 */
export async function insertMerchants(db: DbOrTx, rows: NewMerchant[], stamp: AuditStamp) {
  const inserted: { id: number; uuid: string; merchantIdentifier: string }[] = [];
  for (const part of chunks(rows, JSON_CHUNK)) {
    const json = JSON.stringify(
      part.map((m) => ({
        merchant_identifier: m.merchantIdentifier,
        status_id: m.statusId,
        name: m.name,
        fns_number: m.fnsNumber,
        email: m.email,
        business_phone: m.businessPhone,
        mobile_phone: m.mobilePhone,
        tax_id_encrypted: m.taxIdEncrypted,
        tax_id_last4: m.taxIdLast4,
        tax_class_id: m.taxClassId,
        tin_type_id: m.tinTypeId,
        latitude: m.latitude,
        longitude: m.longitude,
        program_id: m.programId,
        bank: m.bank && bankJson(m.bank),
        audit: m.audit,
      })),
    );
    // The addresses as one flat array beside the merchants (joined by identifier): a nested array per merchant costs
    // PostgreSQL a json_to_recordset call per merchant.
    const addressesJson = JSON.stringify(
      part.flatMap((m) => m.addresses.map((a) => ({ merchant_identifier: m.merchantIdentifier, ...addressJson(a) }))),
    );
    const at = stamp.at;
    const result = (await db.execute(sql`
      with x as (
        select * from json_to_recordset(${json}::json) as x(merchant_identifier varchar(20), status_id smallint,
          name varchar(50), fns_number varchar(7), email varchar(255), business_phone varchar(20),
          mobile_phone varchar(20), tax_id_encrypted text, tax_id_last4 varchar(4), tax_class_id smallint,
          tin_type_id smallint, latitude numeric(9, 6), longitude numeric(9, 6), program_id int, bank json,
          audit jsonb)
      ),
      m as (
        insert into ${merchants} (merchant_identifier, status_id, name, fns_number, email, business_phone,
          mobile_phone, tax_id_encrypted, tax_id_last4, tax_class_id, tin_type_id, latitude, longitude, program_ids,
          creation_channel, created_at, updated_at)
        select merchant_identifier, status_id, name, fns_number, email, business_phone, mobile_phone,
          tax_id_encrypted, tax_id_last4, tax_class_id, tin_type_id, latitude, longitude, array[program_id], 'FILE',
          ${at}::timestamptz, ${at}::timestamptz
        from x
        on conflict (merchant_identifier) do nothing
        returning id, uuid, merchant_identifier
      ),
      mx as (
        select m.id, m.uuid, m.merchant_identifier, x.program_id, x.bank, x.audit
        from m join x using (merchant_identifier)
      ),
      addresses as (
        insert into ${merchantAddresses} (merchant_id, kind, address1, address2, city, state_code, zipcode,
          latitude, longitude)
        select mx.id, a.kind, a.address1, a.address2, a.city, a.state_code, a.zipcode, a.latitude, a.longitude
        from json_to_recordset(${addressesJson}::json) as a(merchant_identifier varchar(20), ${ADDRESS_RECORD})
        join mx using (merchant_identifier)
      ),
      -- program_ids is written above with the merchant, so the mapping trigger finds nothing to add (decision 0026).
      mappings as (
        insert into ${merchantPrograms} (merchant_id, program_id, status_id) select id, program_id, 0 from mx
      ),
      banks as (
        insert into ${merchantBankAccounts} (merchant_id, bank_name, account_number_encrypted, account_number_last4,
          routing_number_encrypted, routing_number_last4, account_type_id, first_name, middle_name, last_name)
        select mx.id, b.bank_name, b.account_number_encrypted, b.account_number_last4, b.routing_number_encrypted,
          b.routing_number_last4, b.account_type_id, b.first_name, b.middle_name, b.last_name
        from mx cross join json_to_record(mx.bank) as b(${BANK_RECORD})
        where mx.bank is not null
      ),
      -- The audit rows in the same statement (recordAudit's columns): their JSON is built once, not a second time for
      -- a statement of their own.
      audited as (
        insert into ${auditLog} (at, actor_user_id, action, entity, entity_id, before, after, ip, request_id)
        select ${at}::timestamptz, ${stamp.actorUserId}::int, 'create', 'merchant', mx.uuid::text, null,
          jsonb_build_object('merchantIdentifier', mx.merchant_identifier) || mx.audit,
          ${stamp.ip}::varchar, ${stamp.requestId}::varchar
        from mx order by mx.id
      )
      select id, uuid, merchant_identifier from m`)) as unknown as {
      rows: { id: number; uuid: string; merchant_identifier: string }[];
    };
    for (const r of result.rows)
      inserted.push({ id: Number(r.id), uuid: String(r.uuid), merchantIdentifier: r.merchant_identifier });
  }
  return inserted;
}

/** Replaces the three addresses of merchants a 04 row updates (one per kind: the unique index decides). */
export async function saveAddressRows(db: DbOrTx, rows: (AddressRow & { merchantId: number })[]) {
  for (const part of chunks(rows, JSON_CHUNK * 3)) {
    const json = JSON.stringify(part.map((a) => ({ merchant_id: a.merchantId, ...addressJson(a) })));
    await db.execute(sql`
      insert into ${merchantAddresses} (merchant_id, kind, address1, address2, city, state_code, zipcode, latitude,
        longitude)
      select merchant_id, kind, address1, address2, city, state_code, zipcode, latitude, longitude
      from json_to_recordset(${json}::json) as a(merchant_id int, ${ADDRESS_RECORD})
      on conflict (merchant_id, kind) do update set address1 = excluded.address1, address2 = excluded.address2,
        city = excluded.city, state_code = excluded.state_code, zipcode = excluded.zipcode,
        latitude = excluded.latitude, longitude = excluded.longitude`);
  }
}

/** Sets the bank account of merchants a 05 row names: inserted, or replaced when it has one (B§3: one per merchant). */
export async function saveBankAccounts(db: DbOrTx, rows: (BankRow & { merchantId: number })[], now: Date) {
  for (const part of chunks(rows, JSON_CHUNK)) {
    const json = JSON.stringify(part.map((b) => ({ merchant_id: b.merchantId, ...bankJson(b) })));
    await db.execute(sql`
      insert into ${merchantBankAccounts} (merchant_id, bank_name, account_number_encrypted, account_number_last4,
        routing_number_encrypted, routing_number_last4, account_type_id, first_name, middle_name, last_name)
      select merchant_id, bank_name, account_number_encrypted, account_number_last4, routing_number_encrypted,
        routing_number_last4, account_type_id, first_name, middle_name, last_name
      from json_to_recordset(${json}::json) as b(merchant_id int, ${BANK_RECORD})
      on conflict (merchant_id) do update set bank_name = excluded.bank_name,
        account_number_encrypted = excluded.account_number_encrypted,
        account_number_last4 = excluded.account_number_last4,
        routing_number_encrypted = excluded.routing_number_encrypted,
        routing_number_last4 = excluded.routing_number_last4, account_type_id = excluded.account_type_id,
        first_name = excluded.first_name, middle_name = excluded.middle_name, last_name = excluded.last_name,
        updated_at = ${now.toISOString()}::timestamptz`);
  }
}

/** One merchant's new values on a 04 or 05 row; tax fields null keep the stored ones. */
export interface MerchantChange {
  id: number;
  name: string | null;
  fnsNumber: string | null;
  email: string | null;
  businessPhone: string | null;
  mobilePhone: string | null;
  /** False on 05 rows: only the tax fields change. */
  setsForm: boolean;
  taxIdEncrypted: string | null;
  taxIdLast4: string | null;
  taxClassId: number | null;
  tinTypeId: number | null;
  latitude: string | null;
  longitude: string | null;
}

/** Applies 04 and 05 rows in multi-row UPDATEs (the rows are locked by lockMerchantsByIdentifier). */
export async function updateMerchants(db: DbOrTx, changes: MerchantChange[], now: Date) {
  for (const part of chunks(changes, JSON_CHUNK)) {
    const json = JSON.stringify(
      part.map((c) => ({
        id: c.id,
        sets_form: c.setsForm,
        name: c.name,
        fns_number: c.fnsNumber,
        email: c.email,
        business_phone: c.businessPhone,
        mobile_phone: c.mobilePhone,
        tax_id_encrypted: c.taxIdEncrypted,
        tax_id_last4: c.taxIdLast4,
        tax_class_id: c.taxClassId,
        tin_type_id: c.tinTypeId,
        latitude: c.latitude,
        longitude: c.longitude,
      })),
    );
    await db.execute(sql`
      update ${merchants} as m set
        name = case when v.sets_form then v.name else m.name end,
        fns_number = case when v.sets_form then v.fns_number else m.fns_number end,
        email = case when v.sets_form then v.email else m.email end,
        business_phone = case when v.sets_form then v.business_phone else m.business_phone end,
        mobile_phone = case when v.sets_form then v.mobile_phone else m.mobile_phone end,
        latitude = case when v.sets_form then v.latitude else m.latitude end,
        longitude = case when v.sets_form then v.longitude else m.longitude end,
        tax_id_encrypted = coalesce(v.tax_id_encrypted, m.tax_id_encrypted),
        tax_id_last4 = coalesce(v.tax_id_last4, m.tax_id_last4),
        tax_class_id = coalesce(v.tax_class_id, m.tax_class_id),
        tin_type_id = coalesce(v.tin_type_id, m.tin_type_id),
        updation_channel = 'FILE',
        updated_at = ${now.toISOString()}::timestamptz
      from json_to_recordset(${json}::json) as v(id int, sets_form boolean, name varchar(50), fns_number varchar(7),
        email varchar(255), business_phone varchar(20), mobile_phone varchar(20), tax_id_encrypted text,
        tax_id_last4 varchar(4), tax_class_id smallint, tin_type_id smallint, latitude numeric(9, 6),
        longitude numeric(9, 6))
      where m.id = v.id`);
  }
}

/** 03 rows: the merchants become Inactive (status 1); those already inactive are not touched. Answers the changed ids. */
export async function disableMerchants(db: DbOrTx, ids: number[], now: Date): Promise<Set<number>> {
  const changed = new Set<number>();
  for (const part of chunks(ids, JSON_CHUNK)) {
    const rows = await db
      .update(merchants)
      .set({ statusId: 1, updationChannel: 'FILE', updatedAt: now })
      .where(
        sql`${merchants.id} in (select json_array_elements_text(${JSON.stringify(part)}::json)::int)
        and ${merchants.statusId} <> 1`,
      )
      .returning({ id: merchants.id });
    for (const r of rows) changed.add(r.id);
  }
  return changed;
}
