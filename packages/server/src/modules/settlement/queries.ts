import { type SQL, sql } from 'drizzle-orm';
import {
  BATCH_STATUS_LABELS,
  BENEFIT_KIND_LABELS,
  type BatchHold,
  type BatchLine,
  type BatchRow,
  type HeldMerchant,
  HOLD_REASON_LABELS,
} from '@ebt/core/settlement';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../platform/caller.js';
import { holdReason, rowsOf } from './close-queries.js';

// The reads of the settlement area: batches in the caller's scope (program admins: their programs; platform
// administrators: all), a batch's lines and holds, the merchants on hold now.

/** The caller's programs as SQL over a program id column. */
function programScope(caller: Caller, programId: SQL): SQL {
  if (caller.scope === 'all') return sql`true`;
  if (caller.scope === 'programs' && caller.programIds.length > 0)
    return sql`${programId} = any(${sql.param([...caller.programIds])}::int[])`;
  return sql`false`;
}

/** The caller's programs as SQL over settlement_batches s. */
export function batchScope(caller: Caller): SQL {
  return programScope(caller, sql`s.program_id`);
}

interface BatchDbRow {
  id: string | number;
  uuid: string;
  program_id: number;
  business_day: string;
  cutoff_at: Date | string;
  program_uuid: string;
  program_name: string;
  program_time_zone: string;
  merchant_count: number;
  transaction_count: number;
  gross_amt: string;
  refund_amt: string;
  reversal_amt: string;
  fee_amt: string;
  net_amt: string;
  held_amt: string;
  held_merchant_count: number;
  status_id: number;
  closed_at: Date | string;
  file_downloaded_at: Date | string | null;
  paid_at: Date | string | null;
  bank_reference: string | null;
}

const instant = (value: Date | string) => new Date(value).toISOString();
const orNull = (value: Date | string | null) => (value == null ? null : instant(value));

function batchOf(r: BatchDbRow): BatchRow {
  return {
    batchUuid: r.uuid,
    batchNbr: Number(r.id),
    businessDay: String(r.business_day).slice(0, 10),
    cutoffAt: instant(r.cutoff_at),
    programUuid: r.program_uuid,
    programName: r.program_name,
    merchantCount: Number(r.merchant_count),
    transactionCount: Number(r.transaction_count),
    grossAmt: Number(r.gross_amt),
    refundAmt: Number(r.refund_amt),
    reversalAmt: Number(r.reversal_amt),
    feeAmt: Number(r.fee_amt),
    netAmt: Number(r.net_amt),
    heldAmt: Number(r.held_amt),
    heldMerchantCount: Number(r.held_merchant_count),
    statusId: r.status_id,
    status: BATCH_STATUS_LABELS[r.status_id] ?? String(r.status_id),
    closedAt: instant(r.closed_at),
    fileDownloadedAt: orNull(r.file_downloaded_at),
    paidAt: orNull(r.paid_at),
    bankReference: r.bank_reference,
  };
}

const batchSelect = sql`
  select s.id, s.uuid, s.program_id, s.business_day::text as business_day, s.cutoff_at, p.uuid as program_uuid,
    p.name as program_name, p.time_zone as program_time_zone, s.merchant_count, s.transaction_count, s.gross_amt, s.refund_amt, s.reversal_amt,
    s.fee_amt, s.net_amt, s.held_amt, s.held_merchant_count, s.status_id, s.closed_at, s.file_downloaded_at,
    s.paid_at, s.bank_reference
  from settlement_batches s join programs p on p.id = s.program_id`;

/** Batches in scope, newest first, at most `limit` (one more tells the list it was capped). */
export async function listBatches(db: DbOrTx, caller: Caller, programUuid: string | undefined, limit: number) {
  const program = programUuid ? sql`and p.uuid = ${programUuid}` : sql``;
  const rows = await rowsOf<BatchDbRow>(
    db,
    sql`${batchSelect} where ${batchScope(caller)} ${program} order by s.cutoff_at desc, s.id desc limit ${limit}`,
  );
  return rows.map(batchOf);
}

/** A batch by uuid in the caller's scope, with its id and program id, or undefined (missing and out of scope alike). */
export async function findBatch(db: DbOrTx, caller: Caller, batchUuid: string, lock = false) {
  const [row] = await rowsOf<BatchDbRow>(
    db,
    sql`${batchSelect} where s.uuid = ${batchUuid} and ${batchScope(caller)} ${lock ? sql`for update of s` : sql``}`,
  );
  return row ? { id: Number(row.id), programId: row.program_id, batch: batchOf(row) } : undefined;
}

export async function batchLines(db: DbOrTx, batchId: number): Promise<BatchLine[]> {
  const rows = await rowsOf<{
    merchant_uuid: string;
    merchant_identifier: string;
    merchant_name: string;
    funding_source_id: number | null;
    funding_source_name: string | null;
    benefit_type_id: number;
    transaction_count: number;
    gross_amt: string;
    refund_amt: string;
    reversal_amt: string;
    fee_amt: string;
    net_amt: string;
  }>(
    db,
    sql`select m.uuid as merchant_uuid, m.merchant_identifier, m.name as merchant_name, l.funding_source_id,
        f.name as funding_source_name, l.benefit_type_id, l.transaction_count, l.gross_amt, l.refund_amt,
        l.reversal_amt, l.fee_amt, l.net_amt
      from settlement_lines l join merchants m on m.id = l.merchant_id
      left join funding_sources f on f.id = l.funding_source_id
      where l.batch_id = ${batchId}
      order by lower(m.name), m.id, f.name nulls last, l.benefit_type_id`,
  );
  return rows.map((r) => ({
    merchantUuid: r.merchant_uuid,
    merchantIdentifier: r.merchant_identifier,
    merchantName: r.merchant_name,
    fundingSourceId: r.funding_source_id,
    fundingSourceName: r.funding_source_name,
    benefitTypeId: r.benefit_type_id,
    benefitType: BENEFIT_KIND_LABELS[r.benefit_type_id] ?? String(r.benefit_type_id),
    transactionCount: Number(r.transaction_count),
    grossAmt: Number(r.gross_amt),
    refundAmt: Number(r.refund_amt),
    reversalAmt: Number(r.reversal_amt),
    feeAmt: Number(r.fee_amt),
    netAmt: Number(r.net_amt),
  }));
}

export async function batchHolds(db: DbOrTx, batchId: number): Promise<BatchHold[]> {
  const rows = await rowsOf<{
    merchant_uuid: string;
    merchant_identifier: string;
    merchant_name: string;
    reason_id: number;
    transaction_count: number;
    held_amt: string;
  }>(
    db,
    sql`select m.uuid as merchant_uuid, m.merchant_identifier, m.name as merchant_name, h.reason_id,
        h.transaction_count, h.held_amt
      from settlement_holds h join merchants m on m.id = h.merchant_id
      where h.batch_id = ${batchId} order by lower(m.name), m.id`,
  );
  return rows.map((r) => ({
    merchantUuid: r.merchant_uuid,
    merchantIdentifier: r.merchant_identifier,
    merchantName: r.merchant_name,
    reasonId: r.reason_id,
    reason: HOLD_REASON_LABELS[r.reason_id] ?? String(r.reason_id),
    transactionCount: Number(r.transaction_count),
    heldAmt: Number(r.held_amt),
  }));
}

/** The list's criteria for its export: one program (by uuid) or every program in scope. */
export interface BatchFilter {
  programUuid: string | undefined;
}

/** A batch of the list's export, with its program's time zone (the export writes local times). */
export type BatchExportRow = BatchRow & { id: number; programTimeZone: string };

const programOf = (filter: BatchFilter) => (filter.programUuid ? sql`and p.uuid = ${filter.programUuid}` : sql``);

/** How many batches the export would write, counted up to `cap` + 1. */
export async function countBatchesUpTo(db: DbOrTx, caller: Caller, filter: BatchFilter, cap: number) {
  const [row] = await rowsOf<{ n: string | number }>(
    db,
    sql`select count(*) as n from (select 1 from settlement_batches s join programs p on p.id = s.program_id
      where ${batchScope(caller)} ${programOf(filter)} limit ${cap + 1}) c`,
  );
  return Number(row?.n ?? 0);
}

/** One export batch in the list's order (newest cut-off first, then id), after the last row of the previous one. */
export async function exportBatchRows(
  db: DbOrTx,
  caller: Caller,
  filter: BatchFilter,
  after: BatchExportRow | undefined,
  limit: number,
): Promise<BatchExportRow[]> {
  const keyset = after ? sql`and (s.cutoff_at, s.id) < (${after.cutoffAt}::timestamptz, ${after.id})` : sql``;
  const rows = await rowsOf<BatchDbRow>(
    db,
    sql`${batchSelect} where ${batchScope(caller)} ${programOf(filter)} ${keyset}
      order by s.cutoff_at desc, s.id desc limit ${limit}`,
  );
  return rows.map((r) => ({ ...batchOf(r), id: Number(r.id), programTimeZone: r.program_time_zone }));
}

/**
 * The merchants on hold now in the caller's programs (one program by uuid, or all): each program's merchants with
 * approved money waiting in settlement_queue that cannot be paid (inactive, no or incomplete bank information), with
 * the reason, the count, what they are owed (purchases and refund reversals less refunds and purchase reversals) and
 * their oldest waiting transaction. By program, then merchant name; at most `limit` rows. The queue holds only what
 * waits, and is read by its (program_id, trx_datetime) index.
 */
export async function heldMerchants(
  db: DbOrTx,
  caller: Caller,
  programUuid: string | undefined,
  limit: number,
): Promise<HeldMerchant[]> {
  const program = programUuid ? sql`and q.program_id = (select id from programs where uuid = ${programUuid})` : sql``;
  const rows = await rowsOf<{
    program_uuid: string;
    program_name: string;
    merchant_uuid: string;
    merchant_identifier: string;
    merchant_name: string;
    reason_id: number;
    transaction_count: number | string;
    held_amt: string;
    waiting_since: Date | string;
  }>(
    db,
    sql`with w as materialized (
        select q.transaction_id, q.program_id, q.merchant_id, q.trx_type_id, q.trx_datetime from settlement_queue q
        where ${programScope(caller, sql`q.program_id`)} ${program}
      ),
      held as (
        select m.id, m.uuid, m.merchant_identifier, m.name, ${holdReason} as reason
        from merchants m left join merchant_bank_accounts ba on ba.merchant_id = m.id
        where m.id in (select distinct merchant_id from w) and ${holdReason} is not null
      )
      select p.uuid as program_uuid, p.name as program_name, h.uuid as merchant_uuid,
        h.merchant_identifier, h.name as merchant_name, h.reason as reason_id,
        count(distinct w.transaction_id) as transaction_count,
        coalesce(sum(case when w.trx_type_id in (1, 5) then tb.amount else -tb.amount end), 0) as held_amt,
        min(w.trx_datetime) as waiting_since
      from w join held h on h.id = w.merchant_id join programs p on p.id = w.program_id
      left join transaction_benefits tb on tb.transaction_id = w.transaction_id
      group by p.id, p.uuid, p.name, h.id, h.uuid, h.merchant_identifier, h.name, h.reason
      order by lower(p.name), p.id, lower(h.name), h.id
      limit ${limit}`,
  );
  return rows.map((r) => ({
    programUuid: r.program_uuid,
    programName: r.program_name,
    merchantUuid: r.merchant_uuid,
    merchantIdentifier: r.merchant_identifier,
    merchantName: r.merchant_name,
    reasonId: Number(r.reason_id),
    reason: HOLD_REASON_LABELS[Number(r.reason_id)] ?? String(r.reason_id),
    transactionCount: Number(r.transaction_count),
    heldAmt: Number(r.held_amt),
    waitingSince: instant(r.waiting_since),
  }));
}
