import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

// The SQL of a close (decision 0056). One transaction: the program row is claimed with
// FOR NO KEY UPDATE SKIP LOCKED (no key: the engine's inserts take KEY SHARE on it through their foreign key and must
// not wait), then the waiting transactions of merchants that can be paid get the batch's id (only where none is set:
// a transaction belongs to one batch, ever), their money is summed into lines, and the merchants held are recorded.
// A close that would pay nobody writes nothing: it stops before the batch row when no payable merchant waits, and rolls
// back when the lines net to zero for every merchant (docs/settlement.md "Cut-off and the close").

/** The rows of a raw statement, from node-postgres or PGlite alike. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** Claims the program for this close; null when another close holds it (or the program does not exist). */
export async function claimProgram(tx: DbOrTx, programId: number) {
  const [row] = await rowsOf<{ id: number; time_zone: string }>(
    tx,
    sql`select id, time_zone from programs where id = ${programId} for no key update skip locked`,
  );
  return row ?? null;
}

/** True when a batch of the program already covers `cutoff` (the job's cut-off was closed). */
export async function cutoffClosed(tx: DbOrTx, programId: number, cutoff: Date): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`select 1 from settlement_batches where program_id = ${programId} and cutoff_at >= ${cutoff.toISOString()}::timestamptz limit 1`,
  );
  return rows.length > 0;
}

/** The approved merchant money of the program not yet in a batch, up to the cut-off (settlement_queue). */
const waiting = (programId: number, cutoff: Date) => sql`
  select q.transaction_id as id, q.merchant_id, q.trx_type_id from settlement_queue q
  where q.program_id = ${programId} and q.trx_datetime <= ${cutoff.toISOString()}::timestamptz`;

/**
 * Why a merchant cannot be paid now, as SQL over merchants m and merchant_bank_accounts ba (null: it can): inactive,
 * no bank account, or an account without its numbers, type or holder.
 */
export const holdReason = sql`case
  when m.status_id <> 0 then 1
  when ba.id is null then 2
  when ba.account_number_encrypted is null or ba.routing_number_encrypted is null or ba.account_type_id is null
    or coalesce(ba.last_name, '') = '' then 3
end`;

/** True when some merchant that can be paid has money waiting up to the cut-off (else a close would pay nobody). */
export async function payableWaiting(tx: DbOrTx, programId: number, cutoff: Date): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`select 1 from merchants m left join merchant_bank_accounts ba on ba.merchant_id = m.id
      where m.id in (select w.merchant_id from (${waiting(programId, cutoff)}) w) and ${holdReason} is null limit 1`,
  );
  return rows.length > 0;
}

export async function insertBatch(
  tx: DbOrTx,
  values: { programId: number; businessDay: string; cutoff: Date; closedBy: number | null; now: Date },
): Promise<number> {
  const [row] = await rowsOf<{ id: string | number }>(
    tx,
    sql`insert into settlement_batches (program_id, business_day, cutoff_at, status_id, closed_by, closed_at)
      values (${values.programId}, ${values.businessDay}::date, ${values.cutoff.toISOString()}::timestamptz, 1,
        ${values.closedBy}, ${values.now.toISOString()}::timestamptz)
      returning id`,
  );
  return Number(row!.id);
}

/** Puts the waiting transactions of payable merchants in the batch; answers how many. */
export async function assignTransactions(tx: DbOrTx, batchId: number, programId: number, cutoff: Date) {
  const rows = await rowsOf<{ n: number | string }>(
    tx,
    sql`with w as (${waiting(programId, cutoff)}),
      payable as (
        select m.id from merchants m left join merchant_bank_accounts ba on ba.merchant_id = m.id
        where m.id in (select distinct merchant_id from w) and ${holdReason} is null
      ),
      moved as (
        delete from settlement_queue q using w
        where q.transaction_id = w.id and w.merchant_id in (select id from payable)
        returning q.transaction_id, q.merchant_id
      ),
      entered as (
        insert into settlement_entries (transaction_id, batch_id, merchant_id)
        select transaction_id, ${batchId}, merchant_id from moved
        returning 1
      )
      select count(*) as n from entered`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Sums the batch's transactions into lines (merchant, funding source, regular or incentive). */
export async function insertLines(tx: DbOrTx, batchId: number) {
  await tx.execute(sql`
    insert into settlement_lines (batch_id, merchant_id, funding_source_id, benefit_type_id, transaction_count,
      gross_amt, refund_amt, reversal_amt, fee_amt, net_amt)
    select ${batchId}, merchant_id, funding_source_id, benefit_type_id, count(distinct trx_id),
      sum(gross), sum(refund), sum(reversal), sum(fee), sum(gross) - sum(refund) - sum(reversal) - sum(fee)
    from (
      select t.id as trx_id, t.merchant_id, b.funding_source_id, b.benefit_type_id,
        case when t.trx_type_id = 1 then tb.amount else 0 end as gross,
        case when t.trx_type_id = 2 then tb.amount else 0 end as refund,
        case when t.trx_type_id = 4 then tb.amount when t.trx_type_id = 5 then -tb.amount else 0 end as reversal,
        case when b.benefit_type_id = 2 then (case when t.trx_type_id in (1, 5) then 1 else -1 end)
          * round(tb.amount * coalesce(i.redemption_fee_rate, 0) / 100, 2) else 0 end as fee
      from settlement_entries e
      join transactions t on t.id = e.transaction_id
      join transaction_benefits tb on tb.transaction_id = t.id
      join benefits b on b.id = coalesce(tb.original_benefit_id, tb.benefit_id)
      left join incentives i on i.id = b.incentive_id
      where e.batch_id = ${batchId}
    ) money
    group by merchant_id, funding_source_id, benefit_type_id`);
}

/** Records the merchants whose waiting money the batch did not take, with the reason and the amount. */
export async function insertHolds(tx: DbOrTx, batchId: number, programId: number, cutoff: Date) {
  await tx.execute(sql`
    with w as materialized (${waiting(programId, cutoff)}),
      held as (
        select m.id, ${holdReason} as reason
        from merchants m left join merchant_bank_accounts ba on ba.merchant_id = m.id
        where m.id in (select distinct merchant_id from w) and ${holdReason} is not null
      )
    insert into settlement_holds (batch_id, merchant_id, reason_id, transaction_count, held_amt)
    select ${batchId}, h.id, h.reason, count(distinct w.id),
      coalesce(sum(case when w.trx_type_id in (1, 5) then tb.amount else -tb.amount end), 0)
    from w join held h on h.id = w.merchant_id
    left join transaction_benefits tb on tb.transaction_id = w.id
    group by h.id, h.reason`);
}

/**
 * Writes the batch's totals from its lines and holds; answers how many merchants it pays, that is whose lines do not
 * net to zero (each is an entry of the ACH file).
 */
export async function totalBatch(tx: DbOrTx, batchId: number, transactionCount: number): Promise<number> {
  const [row] = await rowsOf<{ paid: number | string }>(
    tx,
    sql`with paid as (
        select count(*) as n from (select 1 from settlement_lines where batch_id = ${batchId}
          group by merchant_id having sum(net_amt) <> 0) p),
      l as (
        select count(distinct merchant_id) as merchants, coalesce(sum(gross_amt), 0) as gross,
          coalesce(sum(refund_amt), 0) as refunds, coalesce(sum(reversal_amt), 0) as reversals,
          coalesce(sum(fee_amt), 0) as fees, coalesce(sum(net_amt), 0) as net
        from settlement_lines where batch_id = ${batchId}),
      h as (select count(*) as n, coalesce(sum(held_amt), 0) as held from settlement_holds where batch_id = ${batchId})
      update settlement_batches s set merchant_count = l.merchants, transaction_count = ${transactionCount},
        gross_amt = l.gross, refund_amt = l.refunds, reversal_amt = l.reversals, fee_amt = l.fees, net_amt = l.net,
        held_amt = h.held, held_merchant_count = h.n
      from l, h, paid where s.id = ${batchId}
      returning paid.n as paid`,
  );
  return Number(row?.paid ?? 0);
}
