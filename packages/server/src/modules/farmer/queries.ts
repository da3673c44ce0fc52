import { type SQL, sql } from 'drizzle-orm';
import type { FarmerHold, FarmerLocation, FarmerPayout, FarmerSale, FarmerSalesTotals } from '@ebt/core/farmer';
import { BATCH_STATUS_LABELS, HOLD_REASON_LABELS } from '@ebt/core/settlement';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../platform/caller.js';
import { holdReason } from '../settlement/index.js';

// The SQL of the farmer users' merchant portal. Every read takes the caller's merchant ids (caller.merchantIds, the
// merchant_users links not revoked) and reads nothing else.

export interface FarmerMerchantRow {
  merchant_uuid: string;
  merchant_identifier: string;
  name: string;
  status_id: number;
  city: string | null;
  state: string | null;
  programs: {
    programUuid: string;
    programName: string;
    active: boolean;
    hasIncentives: boolean;
    pinRequired: boolean;
    timeZone: string;
  }[];
}

const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * The caller's merchants with their programs, in one statement: the physical address's city (else the registered
 * one's), and per program whether an incentive is in effect on the program's own today.
 */
export async function farmerMerchants(db: DbOrTx, merchantIds: readonly number[]): Promise<FarmerMerchantRow[]> {
  if (merchantIds.length === 0) return [];
  const result = await db.execute(sql`
    select m.uuid as merchant_uuid, m.merchant_identifier, m.name, m.status_id, a.city, a.state_code as state,
           coalesce((
             select json_agg(json_build_object(
                      'programUuid', p.uuid, 'programName', p.name, 'active', mp.status_id = 0,
                      'hasIncentives', exists (
                        select 1 from incentives i
                         where i.program_id = p.id
                           and i.start_date <= (now() at time zone p.time_zone)::date
                           and (i.end_date is null or i.end_date >= (now() at time zone p.time_zone)::date)),
                      'pinRequired', p.pin_required, 'timeZone', p.time_zone) order by lower(p.name), p.id)
               from merchant_programs mp join programs p on p.id = mp.program_id
              where mp.merchant_id = m.id), '[]'::json) as programs
      from merchants m
      left join lateral (
        select ma.city, ma.state_code from merchant_addresses ma
         where ma.merchant_id = m.id and ma.kind in ('physical', 'registered')
         order by ma.kind = 'physical' desc limit 1) a on true
     where m.id = any(${idArray(merchantIds)})
     order by lower(m.name), m.id`);
  return (result as unknown as { rows: FarmerMerchantRow[] }).rows;
}

// ---------------------------------------------------------------------------------------------------------------
// The portal's reads (docs/farmer-app.md): a merchant of the caller, its sales, payouts, holds and business.

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const instant = (value: Date | string) => new Date(value).toISOString();

/** The caller's merchant by uuid: undefined for one they do not sell for, as for a missing one. */
export async function merchantOfCaller(db: DbOrTx, merchantIds: readonly number[], merchantUuid: string) {
  if (merchantIds.length === 0) return undefined;
  const [row] = await rowsOf<{
    id: number;
    uuid: string;
    name: string;
    merchant_identifier: string;
    time_zone: string | null;
  }>(
    db,
    sql`select m.id, m.uuid, m.name, m.merchant_identifier,
        (select p.time_zone from merchant_programs mp join programs p on p.id = mp.program_id
          where mp.merchant_id = m.id order by mp.status_id, lower(p.name), p.id limit 1) as time_zone
      from merchants m where m.uuid = ${merchantUuid} and m.id = any(${idArray(merchantIds)})`,
  );
  return row
    ? {
        id: Number(row.id),
        uuid: row.uuid,
        name: row.name,
        identifier: row.merchant_identifier,
        timeZone: row.time_zone,
      }
    : undefined;
}

/** What the sales search matches: one merchant of the caller, days in each sale's program zone, and the filters. */
export interface SalesFilter {
  merchantId: number;
  from: string;
  to: string;
  /** An index range on (merchant_id, trx_datetime) that holds every zone's days of the range. */
  lower: string;
  upper: string;
  programUuid: string | null;
  trxTypeIds: readonly number[];
  approved: boolean | null;
  /** The engine's reversal window, and the moment it is measured from (an ISO instant). */
  windowHours: number;
  now: string;
}

const SALE_TYPES = [1, 2, 4, 5];

function salesWhere(caller: Caller, filter: SalesFilter, options: { kinds: boolean }): SQL {
  const types = options.kinds ? filter.trxTypeIds : SALE_TYPES;
  return sql`t.merchant_id = ${filter.merchantId} and t.merchant_id = any(${idArray(caller.merchantIds)})
    and t.trx_datetime >= ${filter.lower}::timestamptz and t.trx_datetime < ${filter.upper}::timestamptz
    and (t.trx_datetime at time zone p.time_zone)::date between ${filter.from}::date and ${filter.to}::date
    and t.trx_type_id = any(${`{${types.join(',')}}`}::smallint[])
    ${filter.programUuid ? sql`and p.uuid = ${filter.programUuid}` : sql``}
    ${options.kinds && filter.approved !== null ? (filter.approved ? sql`and t.resp_code_id = 1` : sql`and t.resp_code_id <> 1`) : sql``}`;
}

interface SaleDbRow {
  id: string | number;
  uuid: string;
  trx_datetime: Date | string;
  program_uuid: string;
  program_name: string;
  time_zone: string;
  trx_type_id: number;
  trx_type: string;
  resp_code_id: number;
  response_code: string;
  response_text: string;
  req_amt: string;
  settle_amt: string | null;
  pan_last4: string | null;
  terminal_id: string | null;
  trace_number: string | null;
  reversed: boolean;
  refunded: string;
  voidable: boolean;
  local_day: string;
  local_time: string;
}

export type SaleRow = FarmerSale & { id: number; localDay: string; localTime: string };

function saleOf(r: SaleDbRow): SaleRow {
  const approved = r.resp_code_id === 1;
  const approvedAmt = approved ? Number(r.settle_amt ?? r.req_amt) : 0;
  const refundable =
    approved && r.trx_type_id === 1 && !r.reversed
      ? Math.max(0, Math.round((approvedAmt - Number(r.refunded)) * 100) / 100)
      : 0;
  return {
    id: Number(r.id),
    trxUuid: r.uuid,
    trxDatetime: instant(r.trx_datetime),
    programUuid: r.program_uuid,
    programName: r.program_name,
    timeZone: r.time_zone,
    trxTypeId: r.trx_type_id,
    trxType: r.trx_type,
    approved,
    responseCode: r.response_code,
    responseText: r.response_text,
    reqAmt: Number(r.req_amt),
    approvedAmt,
    cardLast4: r.pan_last4,
    terminalId: r.terminal_id,
    traceNumber: r.trace_number,
    refundable,
    reversed: r.reversed,
    voidable: r.voidable,
    localDay: r.local_day,
    localTime: r.local_time,
  };
}

/**
 * A sale with what the list needs to offer a refund or a void: what its approved refunds not reversed gave back, and
 * whether its terminal may still void it (docs/transaction-engine.md "Reversal": the window, no refunds, and the
 * terminal's last sale). Read by transactions_merchant_datetime_idx; the refunds by transactions_original_id_idx.
 */
function saleSelect(filter: SalesFilter): SQL {
  return sql`select t.id, t.uuid, t.trx_datetime, p.uuid as program_uuid, p.name as program_name, p.time_zone,
      t.trx_type_id, tt.descr as trx_type, t.resp_code_id, rc.code as response_code, rc.descr as response_text,
      t.req_amt, t.settle_amt, pn.pan_last4, t.terminal_id, t.trace_number, t.reversed_at is not null as reversed,
      to_char(t.trx_datetime at time zone p.time_zone, 'YYYY-MM-DD') as local_day,
      to_char(t.trx_datetime at time zone p.time_zone, 'HH24:MI:SS') as local_time,
      case when t.trx_type_id = 1 and t.resp_code_id = 1 then coalesce((select sum(r.settle_amt) from transactions r
        where r.original_id = t.id and r.trx_type_id = 2 and r.resp_code_id = 1 and r.reversed_at is null), 0)
        else 0 end as refunded,
      (t.trx_type_id = 1 and t.resp_code_id = 1 and t.reversed_at is null and t.terminal_id is not null
        and t.trx_datetime > ${filter.now}::timestamptz - make_interval(hours => ${filter.windowHours})
        and not exists (select 1 from transactions r
          where r.original_id = t.id and r.trx_type_id = 2 and r.resp_code_id = 1)
        and not exists (select 1 from transactions l
          where l.merchant_id = t.merchant_id and l.terminal_id = t.terminal_id and l.trx_type_id = 1
            and l.resp_code_id = 1 and (l.trx_datetime, l.id) > (t.trx_datetime, t.id))) as voidable
    from transactions t
    join programs p on p.id = t.program_id
    join transaction_types tt on tt.id = t.trx_type_id
    join response_codes rc on rc.id = t.resp_code_id
    left join pans pn on pn.id = t.pan_id`;
}

/** A page of the sales, newest first. */
export async function salesRows(
  db: DbOrTx,
  caller: Caller,
  filter: SalesFilter,
  window: { limit: number; offset: number },
): Promise<SaleRow[]> {
  const rows = await rowsOf<SaleDbRow>(
    db,
    sql`${saleSelect(filter)} where ${salesWhere(caller, filter, { kinds: true })}
      order by t.trx_datetime desc, t.id desc limit ${window.limit} offset ${window.offset}`,
  );
  return rows.map(saleOf);
}

/** How many sales match, counted up to `cap` + 1. */
export async function countSales(db: DbOrTx, caller: Caller, filter: SalesFilter, cap: number): Promise<number> {
  const [row] = await rowsOf<{ n: string | number }>(
    db,
    sql`select count(*) as n from (select 1 from transactions t join programs p on p.id = t.program_id
      where ${salesWhere(caller, filter, { kinds: true })} limit ${cap + 1}) c`,
  );
  return Number(row?.n ?? 0);
}

/** One export batch, newest first, after the last row of the previous one. */
export async function exportSalesBatch(
  db: DbOrTx,
  caller: Caller,
  filter: SalesFilter,
  after: SaleRow | undefined,
  limit: number,
): Promise<SaleRow[]> {
  const keyset = after ? sql`and (t.trx_datetime, t.id) < (${after.trxDatetime}::timestamptz, ${after.id})` : sql``;
  const rows = await rowsOf<SaleDbRow>(
    db,
    sql`${saleSelect(filter)} where ${salesWhere(caller, filter, { kinds: true })} ${keyset}
      order by t.trx_datetime desc, t.id desc limit ${limit}`,
  );
  return rows.map(saleOf);
}

/**
 * The range's figures (every kind, the program filter kept): approved purchases, refunds and reversals, the net as
 * settlement counts it (purchases and refund reversals add, refunds and purchase reversals take away), declines.
 */
export async function salesTotals(db: DbOrTx, caller: Caller, filter: SalesFilter): Promise<FarmerSalesTotals> {
  const [row] = await rowsOf<{
    sales_count: string | number;
    sales_amt: string | null;
    refunds_count: string | number;
    refunds_amt: string | null;
    voids_count: string | number;
    net_amt: string | null;
    declined_count: string | number;
  }>(
    db,
    sql`select
        count(*) filter (where t.resp_code_id = 1 and t.trx_type_id = 1) as sales_count,
        coalesce(sum(t.settle_amt) filter (where t.resp_code_id = 1 and t.trx_type_id = 1), 0) as sales_amt,
        count(*) filter (where t.resp_code_id = 1 and t.trx_type_id = 2) as refunds_count,
        coalesce(sum(t.settle_amt) filter (where t.resp_code_id = 1 and t.trx_type_id = 2), 0) as refunds_amt,
        count(*) filter (where t.resp_code_id = 1 and t.trx_type_id in (4, 5)) as voids_count,
        coalesce(sum(case when t.trx_type_id in (1, 5) then t.settle_amt else -t.settle_amt end)
          filter (where t.resp_code_id = 1), 0) as net_amt,
        count(*) filter (where t.resp_code_id <> 1) as declined_count
      from transactions t join programs p on p.id = t.program_id
      where ${salesWhere(caller, filter, { kinds: false })}`,
  );
  return {
    salesCount: Number(row?.sales_count ?? 0),
    salesAmt: Number(row?.sales_amt ?? 0),
    refundsCount: Number(row?.refunds_count ?? 0),
    refundsAmt: Number(row?.refunds_amt ?? 0),
    voidsCount: Number(row?.voids_count ?? 0),
    netAmt: Number(row?.net_amt ?? 0),
    declinedCount: Number(row?.declined_count ?? 0),
  };
}

interface PayoutDbRow {
  uuid: string;
  id: string | number;
  program_name: string;
  business_day: string;
  cutoff_at: Date | string;
  period_start: Date | string | null;
  status_id: number;
  paid_at: Date | string | null;
  transaction_count: string | number;
  gross_amt: string;
  fee_amt: string;
  net_amt: string;
}

/**
 * The batches that paid (or charged) the merchant, newest first, with its share of each: its lines
 * (settlement_lines_merchant_idx), its entries counted (settlement_entries_batch_merchant_idx), and the program's
 * previous cut-off as the period's start (settlement_batches_program_cutoff_idx).
 */
export async function merchantPayouts(db: DbOrTx, merchantId: number, limit: number): Promise<FarmerPayout[]> {
  const rows = await rowsOf<PayoutDbRow>(
    db,
    sql`select s.uuid, s.id, p.name as program_name, s.business_day::text as business_day, s.cutoff_at,
        (select max(s2.cutoff_at) from settlement_batches s2
          where s2.program_id = s.program_id and s2.cutoff_at < s.cutoff_at) as period_start,
        s.status_id, s.paid_at,
        (select count(*) from settlement_entries e where e.batch_id = l.batch_id and e.merchant_id = ${merchantId})
          as transaction_count,
        l.gross_amt, l.fee_amt, l.net_amt
      from (select batch_id, sum(gross_amt) as gross_amt, sum(fee_amt) as fee_amt, sum(net_amt) as net_amt
          from settlement_lines where merchant_id = ${merchantId} group by batch_id) l
      join settlement_batches s on s.id = l.batch_id
      join programs p on p.id = s.program_id
      order by s.cutoff_at desc, s.id desc limit ${limit}`,
  );
  return rows.map((r) => ({
    batchUuid: r.uuid,
    batchNbr: Number(r.id),
    programName: r.program_name,
    businessDay: String(r.business_day).slice(0, 10),
    cutoffAt: instant(r.cutoff_at),
    periodStart: r.period_start == null ? null : instant(r.period_start),
    statusId: r.status_id,
    status: BATCH_STATUS_LABELS[r.status_id] ?? String(r.status_id),
    paidAt: r.paid_at == null ? null : instant(r.paid_at),
    transactionCount: Number(r.transaction_count),
    grossAmt: Number(r.gross_amt),
    feeAmt: Number(r.fee_amt),
    netAmt: Number(r.net_amt),
  }));
}

/**
 * The merchant's money waiting now that a close could not pay (settlement's hold reasons), by program: what settlement
 * would hold it for if the close ran now. The queue is read by its program index, over the merchant's programs.
 */
export async function merchantHolds(db: DbOrTx, merchantId: number): Promise<FarmerHold[]> {
  const rows = await rowsOf<{
    program_uuid: string;
    program_name: string;
    reason_id: number;
    transaction_count: string | number;
    held_amt: string;
    waiting_since: Date | string;
  }>(
    db,
    sql`with w as materialized (
        select q.transaction_id, q.program_id, q.trx_type_id, q.trx_datetime from settlement_queue q
        where q.program_id in (select program_id from merchant_programs where merchant_id = ${merchantId})
          and q.merchant_id = ${merchantId}
      )
      select p.uuid as program_uuid, p.name as program_name, ${holdReason} as reason_id,
        count(distinct w.transaction_id) as transaction_count,
        coalesce(sum(case when w.trx_type_id in (1, 5) then tb.amount else -tb.amount end), 0) as held_amt,
        min(w.trx_datetime) as waiting_since
      from w join programs p on p.id = w.program_id
      join merchants m on m.id = ${merchantId}
      left join merchant_bank_accounts ba on ba.merchant_id = m.id
      left join transaction_benefits tb on tb.transaction_id = w.transaction_id
      where ${holdReason} is not null
      group by p.id, p.uuid, p.name, m.status_id, ba.id, ba.account_number_encrypted, ba.routing_number_encrypted,
        ba.account_type_id, ba.last_name
      order by lower(p.name), p.id`,
  );
  return rows.map((r) => ({
    programUuid: r.program_uuid,
    programName: r.program_name,
    reasonId: Number(r.reason_id),
    reason: HOLD_REASON_LABELS[Number(r.reason_id)] ?? String(r.reason_id),
    transactionCount: Number(r.transaction_count),
    heldAmt: Number(r.held_amt),
    waitingSince: instant(r.waiting_since),
  }));
}

/** A batch that paid the merchant something (it has a line of it), by uuid; undefined otherwise. */
export async function payoutBatch(db: DbOrTx, merchantId: number, batchUuid: string) {
  const [row] = await rowsOf<{
    id: string | number;
    uuid: string;
    program_id: number;
    business_day: string;
    cutoff_at: Date | string;
    status_id: number;
  }>(
    db,
    sql`select s.id, s.uuid, s.program_id, s.business_day::text as business_day, s.cutoff_at, s.status_id
      from settlement_batches s
      where s.uuid = ${batchUuid}
        and exists (select 1 from settlement_lines l where l.merchant_id = ${merchantId} and l.batch_id = s.id)`,
  );
  return row
    ? {
        id: Number(row.id),
        uuid: row.uuid,
        programId: row.program_id,
        batchNbr: Number(row.id),
        businessDay: String(row.business_day).slice(0, 10),
        cutoffAt: instant(row.cutoff_at),
        statusId: row.status_id,
      }
    : undefined;
}

/**
 * The merchant's contact, addresses and bank account: the bank numbers' stored last four only (the ciphertexts are
 * never read), and whether settlement has all it needs (holdReason 3 otherwise).
 */
export async function merchantBusiness(db: DbOrTx, merchantId: number) {
  const [row] = await rowsOf<{
    email: string | null;
    phone: string | null;
    status_id: number;
    locations: FarmerLocation[];
    bank: {
      bankName: string | null;
      accountLast4: string | null;
      routingLast4: string | null;
      accountTypeId: number | null;
      complete: boolean;
    } | null;
  }>(
    db,
    sql`select m.email, coalesce(m.business_phone, m.mobile_phone) as phone, m.status_id,
        coalesce((select json_agg(json_build_object('kind', a.kind, 'address1', a.address1, 'address2', a.address2,
            'city', a.city, 'state', a.state_code, 'zipcode', a.zipcode)
            order by case a.kind when 'physical' then 0 when 'mailing' then 1 else 2 end)
          from merchant_addresses a where a.merchant_id = m.id), '[]'::json) as locations,
        (select json_build_object('bankName', ba.bank_name, 'accountLast4', ba.account_number_last4,
            'routingLast4', ba.routing_number_last4, 'accountTypeId', ba.account_type_id,
            'complete', ba.account_number_encrypted is not null and ba.routing_number_encrypted is not null
              and ba.account_type_id is not null and coalesce(ba.last_name, '') <> '')
          from merchant_bank_accounts ba where ba.merchant_id = m.id) as bank
      from merchants m where m.id = ${merchantId}`,
  );
  return row;
}
