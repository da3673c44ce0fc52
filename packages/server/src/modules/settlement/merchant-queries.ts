import { sql } from 'drizzle-orm';
import {
  BATCH_STATUS_LABELS,
  BENEFIT_KIND_LABELS,
  type MerchantBatchRow,
  type SettledPart,
  type SettledTransaction,
} from '@ebt/core/settlement';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../platform/caller.js';
import { rowsOf } from './close-queries.js';
import { batchScope } from './queries.js';

// The reads of one merchant's settlements (decision 0068): its batches, its transactions of a
// batch (settlement_entries by batch and merchant, settlement_entries_batch_merchant_idx), and what its statement
// prints about the merchant and the program. Every read is scoped like the batches: the caller's programs.

const instant = (value: Date | string) => new Date(value).toISOString();

/**
 * A merchant by uuid when the caller may see it: platform administrators any, program admins one mapped to one of
 * their programs (merchants.program_ids, kept by a trigger). Undefined otherwise, like a missing one.
 */
export async function findMerchantInScope(db: DbOrTx, caller: Caller, merchantUuid: string) {
  const scope =
    caller.scope === 'all'
      ? sql`true`
      : caller.scope === 'programs' && caller.programIds.length > 0
        ? sql`m.program_ids && ${sql.param([...caller.programIds])}::int[]`
        : sql`false`;
  const [row] = await rowsOf<{
    id: number;
    uuid: string;
    name: string;
    merchant_identifier: string;
    email: string | null;
  }>(
    db,
    sql`select m.id, m.uuid, m.name, m.merchant_identifier, m.email from merchants m
      where m.uuid = ${merchantUuid} and ${scope}`,
  );
  return row
    ? { id: Number(row.id), uuid: row.uuid, name: row.name, identifier: row.merchant_identifier, email: row.email }
    : undefined;
}

/** The batches in scope that paid (or charged) the merchant, newest first, with its share of each; `limit` rows. */
export async function merchantBatches(
  db: DbOrTx,
  caller: Caller,
  merchantId: number,
  limit: number,
): Promise<MerchantBatchRow[]> {
  const rows = await rowsOf<{
    uuid: string;
    id: string | number;
    business_day: string;
    cutoff_at: Date | string;
    program_uuid: string;
    program_name: string;
    status_id: number;
    transaction_count: string | number;
    gross_amt: string;
    refund_amt: string;
    reversal_amt: string;
    fee_amt: string;
    net_amt: string;
  }>(
    db,
    sql`select s.uuid, s.id, s.business_day::text as business_day, s.cutoff_at, p.uuid as program_uuid,
        p.name as program_name, s.status_id, l.transaction_count, l.gross_amt, l.refund_amt, l.reversal_amt,
        l.fee_amt, l.net_amt
      from (
        -- A transaction drawing on two benefits counts in two lines: the merchant's count comes from its entries.
        select batch_id, (select count(*) from settlement_entries e
            where e.batch_id = settlement_lines.batch_id and e.merchant_id = ${merchantId}) as transaction_count,
          sum(gross_amt) as gross_amt,
          sum(refund_amt) as refund_amt, sum(reversal_amt) as reversal_amt, sum(fee_amt) as fee_amt,
          sum(net_amt) as net_amt
        from settlement_lines where merchant_id = ${merchantId} group by batch_id
      ) l
      join settlement_batches s on s.id = l.batch_id
      join programs p on p.id = s.program_id
      where ${batchScope(caller)}
      order by s.cutoff_at desc, s.id desc limit ${limit}`,
  );
  return rows.map((r) => ({
    batchUuid: r.uuid,
    batchNbr: Number(r.id),
    businessDay: String(r.business_day).slice(0, 10),
    cutoffAt: instant(r.cutoff_at),
    programUuid: r.program_uuid,
    programName: r.program_name,
    statusId: r.status_id,
    status: BATCH_STATUS_LABELS[r.status_id] ?? String(r.status_id),
    transactionCount: Number(r.transaction_count),
    grossAmt: Number(r.gross_amt),
    refundAmt: Number(r.refund_amt),
    reversalAmt: Number(r.reversal_amt),
    feeAmt: Number(r.fee_amt),
    netAmt: Number(r.net_amt),
  }));
}

/** How many of the merchant's transactions the batch holds, counted up to `cap` + 1. */
export async function countBatchTransactions(db: DbOrTx, batchId: number, merchantId: number, cap: number) {
  const [row] = await rowsOf<{ n: string | number }>(
    db,
    sql`select count(*) as n from (select 1 from settlement_entries
      where batch_id = ${batchId} and merchant_id = ${merchantId} limit ${cap + 1}) c`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The merchant's transactions of the batch in time order, a window of them, each with its money per benefit. The
 * amounts and fees carry the sign they have in the batch's lines (settlement/close-queries.ts insertLines), so the
 * transactions of a merchant add up to its lines: purchases and refund reversals add, refunds and purchase reversals
 * take away.
 */
export async function batchTransactions(
  db: DbOrTx,
  batchId: number,
  merchantId: number,
  window: { limit: number; offset: number },
): Promise<SettledTransaction[]> {
  const rows = await rowsOf<{
    id: string | number;
    uuid: string;
    trx_datetime: Date | string;
    trx_type_id: number;
    trx_type: string;
    pan_last4: string | null;
  }>(
    db,
    sql`select t.id, t.uuid, t.trx_datetime, t.trx_type_id, tt.descr as trx_type, pn.pan_last4
      from settlement_entries e
      join transactions t on t.id = e.transaction_id
      join transaction_types tt on tt.id = t.trx_type_id
      left join pans pn on pn.id = t.pan_id
      where e.batch_id = ${batchId} and e.merchant_id = ${merchantId}
      order by t.trx_datetime, t.id
      limit ${window.limit} offset ${window.offset}`,
  );
  if (rows.length === 0) return [];
  const parts = await rowsOf<{
    transaction_id: string | number;
    funding_source_name: string | null;
    benefit_type_id: number;
    amount: string;
    fee: string;
  }>(
    db,
    sql`select tb.transaction_id, f.name as funding_source_name, b.benefit_type_id,
        case when t.trx_type_id in (1, 5) then tb.amount else -tb.amount end as amount,
        case when b.benefit_type_id = 2 then (case when t.trx_type_id in (1, 5) then 1 else -1 end)
          * round(tb.amount * coalesce(i.redemption_fee_rate, 0) / 100, 2) else 0 end as fee
      from transaction_benefits tb
      join transactions t on t.id = tb.transaction_id
      join benefits b on b.id = coalesce(tb.original_benefit_id, tb.benefit_id)
      left join incentives i on i.id = b.incentive_id
      left join funding_sources f on f.id = b.funding_source_id
      where tb.transaction_id = any(${sql.param(rows.map((r) => Number(r.id)))}::bigint[])
      order by tb.transaction_id, b.benefit_type_id desc, f.name nulls last, b.id`,
  );
  const byTransaction = new Map<number, SettledPart[]>();
  for (const p of parts) {
    const list = byTransaction.get(Number(p.transaction_id)) ?? [];
    list.push({
      fundingSourceName: p.funding_source_name,
      benefitTypeId: p.benefit_type_id,
      benefitType: BENEFIT_KIND_LABELS[p.benefit_type_id] ?? String(p.benefit_type_id),
      amount: Number(p.amount),
      feeAmt: Number(p.fee),
    });
    byTransaction.set(Number(p.transaction_id), list);
  }
  const cents = (n: number) => Math.round(n * 100);
  return rows.map((r) => {
    const own = byTransaction.get(Number(r.id)) ?? [];
    const amount = own.reduce((s, p) => s + cents(p.amount), 0);
    const fee = own.reduce((s, p) => s + cents(p.feeAmt), 0);
    return {
      trxUuid: r.uuid,
      trxDatetime: instant(r.trx_datetime),
      trxTypeId: r.trx_type_id,
      trxType: r.trx_type,
      pan: r.pan_last4 ? `*${r.pan_last4}` : null,
      amount: amount / 100,
      feeAmt: fee / 100,
      netAmt: (amount - fee) / 100,
      parts: own,
    };
  });
}

/** What the statement prints about the merchant (its mailing address, else its registered one) and the program. */
export async function statementParties(db: DbOrTx, merchantId: number, programId: number) {
  const [merchant] = await rowsOf<{
    address1: string | null;
    address2: string | null;
    city: string | null;
    state_code: string | null;
    zipcode: string | null;
  }>(
    db,
    sql`select a.address1, a.address2, a.city, a.state_code, a.zipcode from merchants m
      left join merchant_addresses a on a.merchant_id = m.id and a.kind in ('mailing', 'registered')
      where m.id = ${merchantId}
      order by case a.kind when 'mailing' then 0 else 1 end limit 1`,
  );
  const [program] = await rowsOf<{
    name: string;
    short_name: string;
    time_zone: string;
    contact_email: string | null;
    contact_phone: string | null;
    contact_address1: string | null;
    contact_address2: string | null;
    contact_city: string | null;
    contact_state_code: string | null;
    contact_zip: string | null;
  }>(
    db,
    sql`select name, short_name, time_zone, contact_email, contact_phone, contact_address1, contact_address2,
        contact_city, contact_state_code, contact_zip from programs where id = ${programId}`,
  );
  const cityLine = (city: string | null, state: string | null, zip: string | null) =>
    [[city, state].filter(Boolean).join(', '), zip].filter(Boolean).join(' ');
  return {
    merchantAddress: merchant?.address1
      ? [merchant.address1, merchant.address2, cityLine(merchant.city, merchant.state_code, merchant.zipcode)].filter(
          (line): line is string => Boolean(line),
        )
      : [],
    program: {
      name: program!.name,
      shortName: program!.short_name,
      timeZone: program!.time_zone,
      address: [
        program!.contact_address1,
        program!.contact_address2,
        cityLine(program!.contact_city, program!.contact_state_code, program!.contact_zip),
      ].filter((line): line is string => Boolean(line)),
      phone: program!.contact_phone,
      email: program!.contact_email,
    },
  };
}
