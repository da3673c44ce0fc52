import { sql } from 'drizzle-orm';
import {
  type ReconciliationAnswer,
  type ReconciliationFigures,
  type ReconciliationQuery,
  type ReconciliationRow,
  SETTLEMENT_MESSAGES,
} from '@ebt/core/settlement';
import { BENEFIT_STATUS } from '@ebt/core/enums';
import { fromCents, toCents } from '@ebt/core/format';
import type { DbOrTx } from '../../db/client.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { programInScope } from '../../platform/search.js';
import { rowsOf } from './close-queries.js';

// Reconciliation of a program over a range of its days (decision 0058; docs/settlement.md
// "Reconciliation"): per funding source and in total, the money issued, redeemed (settled or not yet), the redemption
// fees, what is outstanding, expired and expunged. Every figure is a sum of benefits or transaction_benefits rows, in
// one statement; a benefit's funding source is the one money is attributed to (for a refund, the purchase's benefit
// it gives back for, as the batch lines do).

const FIGURES = [
  'issuedAmt',
  'redeemedSettledAmt',
  'redeemedUnsettledAmt',
  'feeAmt',
  'outstandingAmt',
  'expiredAmt',
  'expungedAmt',
] as const satisfies readonly (keyof ReconciliationFigures)[];

interface FigureRow {
  funding_source_id: number | null;
  funding_source_name: string | null;
  issued: string;
  settled: string;
  unsettled: string;
  fees: string;
  outstanding: string;
  expired: string;
  expunged: string;
}

/** The figures per funding source of the program between two of its days (both included). */
export async function reconciliationRows(db: DbOrTx, programId: number, startDate: string, endDate: string) {
  const start = sql`${startDate}::date`;
  const end = sql`${endDate}::date`;
  const rows = await rowsOf<FigureRow>(
    db,
    sql`with p as (select id, time_zone from programs where id = ${programId}),
      figures as (
        select b.funding_source_id,
          case when b.status_id <> ${BENEFIT_STATUS.VOIDED} and b.available_date between ${start} and ${end}
            then b.amount else 0 end as issued,
          0::numeric as settled, 0::numeric as unsettled, 0::numeric as fees,
          case when b.status_id = ${BENEFIT_STATUS.ISSUED} and b.available_date between ${start} and ${end}
            then b.balance else 0 end as outstanding,
          case when b.status_id = ${BENEFIT_STATUS.EXPIRED} and b.expiration_date between ${start} and ${end}
            then b.balance else 0 end as expired,
          case when b.status_id = ${BENEFIT_STATUS.EXPUNGED} and b.expiration_date between ${start} and ${end}
            then coalesce(b.expunged_amt, 0) else 0 end as expunged
        from benefits b
        where b.program_id = ${programId}
          and (b.available_date between ${start} and ${end} or b.expiration_date between ${start} and ${end})
        union all
        select b.funding_source_id, 0,
          case when e.transaction_id is not null then m.signed else 0 end,
          case when e.transaction_id is null then m.signed else 0 end,
          case when b.benefit_type_id = 2
            then m.sign * round(tb.amount * coalesce(i.redemption_fee_rate, 0) / 100, 2) else 0 end,
          0, 0, 0
        from p
        join transactions t on t.program_id = p.id
          and t.trx_datetime >= (${start})::timestamp at time zone p.time_zone
          and t.trx_datetime < (${end} + 1)::timestamp at time zone p.time_zone
        join transaction_benefits tb on tb.transaction_id = t.id
        join benefits b on b.id = coalesce(tb.original_benefit_id, tb.benefit_id)
        left join incentives i on i.id = b.incentive_id
        left join settlement_entries e on e.transaction_id = t.id
        cross join lateral (
          select case when t.trx_type_id in (1, 5) then 1 else -1 end as sign,
            case when t.trx_type_id in (1, 5) then tb.amount else -tb.amount end as signed
        ) m
        where t.resp_code_id = 1 and t.trx_type_id in (1, 2, 4, 5)
      )
      select f.funding_source_id, fs.name as funding_source_name, sum(f.issued) as issued, sum(f.settled) as settled,
        sum(f.unsettled) as unsettled, sum(f.fees) as fees, sum(f.outstanding) as outstanding,
        sum(f.expired) as expired, sum(f.expunged) as expunged
      from figures f left join funding_sources fs on fs.id = f.funding_source_id
      group by f.funding_source_id, fs.name
      order by fs.name nulls last, f.funding_source_id`,
  );
  return rows.map((r): ReconciliationRow => ({
    fundingSourceId: r.funding_source_id === null ? null : Number(r.funding_source_id),
    fundingSourceName: r.funding_source_name,
    issuedAmt: Number(r.issued),
    redeemedSettledAmt: Number(r.settled),
    redeemedUnsettledAmt: Number(r.unsettled),
    feeAmt: Number(r.fees),
    outstandingAmt: Number(r.outstanding),
    expiredAmt: Number(r.expired),
    expungedAmt: Number(r.expunged),
  }));
}

/** The figures of all sources added up (in cents, so the total is exact). */
export function totalOf(rows: ReconciliationRow[]): ReconciliationFigures {
  const total = {} as ReconciliationFigures;
  for (const key of FIGURES) total[key] = Number(fromCents(rows.reduce((s, r) => s + toCents(r[key]), 0)));
  return total;
}

/** GET /settlement-api/reconciliation: the program (in the caller's scope, else 404) over the range. */
export async function getReconciliation(
  context: RequestContext,
  query: ReconciliationQuery,
): Promise<ReconciliationAnswer> {
  const ctx = requireCaller(context);
  const program = await programInScope(ctx, { uuid: query.programUuid.toLowerCase() });
  if (!program) throw AppError.notFound(SETTLEMENT_MESSAGES.PROGRAM_NOT_FOUND);
  const sources = await reconciliationRows(ctx.db, program.id, query.startDate, query.endDate);
  return {
    programUuid: program.uuid,
    programName: program.name,
    startDate: query.startDate,
    endDate: query.endDate,
    sources,
    total: totalOf(sources),
  };
}
