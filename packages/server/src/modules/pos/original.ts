import { sql } from 'drizzle-orm';
import { toCents } from '@ebt/core/format';
import type { OriginalReference } from '@ebt/core/pos';
import type { DbOrTx } from '../../db/client.js';
import { notDuplicate } from './retry.js';

// The transaction a refund or reversal names (decision 0044): by trxUuid, or by terminal, trace number and day.
// A refund may name a purchase of any terminal of its merchant; a reversal only one of its own terminal. By trace
// number, the original is the call that holds it, never a 94 declined under it (retry.ts).

export interface OriginalTransaction {
  id: number;
  uuid: string;
  trxTypeId: number;
  respCodeId: number;
  merchantId: number | null;
  terminalCode: string | null;
  panId: number | null;
  traceNumber: string | null;
  traceDay: string | null;
  trxDatetime: Date;
  settleCents: number;
  reversed: boolean;
  /** What approved, unreversed refunds have given back of it (a purchase). */
  refundedCents: number;
}

interface Row {
  id: string | number;
  uuid: string;
  trx_type_id: number;
  resp_code_id: number;
  merchant_id: number | null;
  terminal_id: string | null;
  pan_id: number | null;
  trace_number: string | null;
  trace_day: string | null;
  trx_datetime: string | Date;
  settle_amt: string | null;
  reversed: boolean;
  refunded: string | number;
}

/** The original of `reference` among the merchant's (or, with `terminalCode`, the terminal's) purchases and refunds. */
export async function findOriginal(
  db: DbOrTx,
  reference: OriginalReference,
  scope: { merchantId: number; terminalCode: string; sameTerminal: boolean },
): Promise<OriginalTransaction | null> {
  const terminal = scope.sameTerminal ? scope.terminalCode : (reference.terminalId ?? scope.terminalCode);
  const which = reference.trxUuid
    ? sql`t.uuid = ${reference.trxUuid}`
    : sql`t.terminal_id = ${terminal} and t.trace_day = ${reference.date}::date and t.trace_number = ${reference.traceNumber}
        and t.trx_type_id in (1, 2, 3) and ${sql.raw(notDuplicate('t'))}`;
  const result = await db.execute(sql`
    select t.id, t.uuid, t.trx_type_id, t.resp_code_id, t.merchant_id, t.terminal_id, t.pan_id, t.trace_number,
      t.trace_day::text as trace_day, t.trx_datetime, t.settle_amt, t.reversed_at is not null as reversed,
      coalesce((select sum(r.settle_amt) from transactions r
        where r.original_id = t.id and r.trx_type_id = 2 and r.resp_code_id = 1 and r.reversed_at is null), 0) as refunded
    from transactions t
    where ${which} and t.merchant_id = ${scope.merchantId} and t.trx_type_id in (1, 2, 3)
      ${scope.sameTerminal ? sql`and t.terminal_id = ${scope.terminalCode}` : sql``}
    limit 1`);
  const row = (result as unknown as { rows: Row[] }).rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    uuid: row.uuid,
    trxTypeId: Number(row.trx_type_id),
    respCodeId: Number(row.resp_code_id),
    merchantId: row.merchant_id === null ? null : Number(row.merchant_id),
    terminalCode: row.terminal_id,
    panId: row.pan_id === null ? null : Number(row.pan_id),
    traceNumber: row.trace_number,
    traceDay: row.trace_day,
    trxDatetime: new Date(row.trx_datetime),
    settleCents: toCents(row.settle_amt),
    reversed: row.reversed,
    refundedCents: toCents(row.refunded),
  };
}

/** A benefit a transaction moved, locked, with its state now. */
export interface MovedBenefit {
  benefitId: number;
  /** What the transaction moved (debited for a purchase, credited for a refund). */
  cents: number;
  /** For a purchase's benefit: what approved, unreversed refunds credited back for it. */
  refundedCents: number;
  balanceCents: number;
  statusId: number;
  typeId: number;
  expirationDate: string;
  fundingSourceId: number | null;
  agencyId: number | null;
  originalBenefitId: number | null;
}

/** The benefits a transaction moved, locked in id order. */
export async function lockMovedBenefits(tx: DbOrTx, transactionId: number): Promise<MovedBenefit[]> {
  const result = await tx.execute(sql`
    select b.id, tb.amount, tb.original_benefit_id, b.balance, b.status_id, b.benefit_type_id,
      b.expiration_date::text as expiration_date, b.funding_source_id, b.agency_id,
      coalesce((select sum(rb.amount) from transactions r
        join transaction_benefits rb on rb.transaction_id = r.id
        where r.original_id = ${transactionId} and r.trx_type_id = 2 and r.resp_code_id = 1 and r.reversed_at is null
          and rb.original_benefit_id = b.id), 0) as refunded
    from transaction_benefits tb join benefits b on b.id = tb.benefit_id
    where tb.transaction_id = ${transactionId}
    order by b.id
    for update of b`);
  return (
    result as unknown as {
      rows: {
        id: number;
        amount: string;
        original_benefit_id: number | null;
        balance: string;
        status_id: number;
        benefit_type_id: number;
        expiration_date: string;
        funding_source_id: number | null;
        agency_id: number | null;
        refunded: string | number;
      }[];
    }
  ).rows.map((r) => ({
    benefitId: Number(r.id),
    cents: toCents(r.amount),
    refundedCents: toCents(r.refunded),
    balanceCents: toCents(r.balance),
    statusId: Number(r.status_id),
    typeId: Number(r.benefit_type_id),
    expirationDate: r.expiration_date,
    fundingSourceId: r.funding_source_id === null ? null : Number(r.funding_source_id),
    agencyId: r.agency_id === null ? null : Number(r.agency_id),
    originalBenefitId: r.original_benefit_id === null ? null : Number(r.original_benefit_id),
  }));
}

/** Whether the transaction has been reversed, read under the caller's account lock (the look-up before may be stale). */
export async function reversedNow(tx: DbOrTx, transactionId: number): Promise<boolean> {
  const result = await tx.execute(
    sql`select reversed_at is not null as reversed from transactions where id = ${transactionId}`,
  );
  return (result as unknown as { rows: { reversed: boolean }[] }).rows[0]?.reversed === true;
}
