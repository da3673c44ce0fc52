import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { RESPONSE_CODE, TRANSACTION_TYPE as T } from '../../db/reference-data.js';
import {
  benefits,
  dashboardAgencyMerchantDays,
  dashboardAgencyMerchantMonths,
  dashboardMerchantDays,
  dashboardMerchantMonths,
  dashboardProgramMerchantDays,
  dashboardProgramMerchantMonths,
  dashboardPendingTransactions,
  dashboardRecipientDays,
  dashboardRedemptionDays,
} from '../../db/schema/index.js';
import { foldAllIssuanceJournal, rebuildIssuanceRollups } from '../../platform/issuance-totals.js';

// The dashboard's transaction roll-ups (docs/dashboard.md, decisions 0053 and 0066). The issuance roll-up follows
// benefits by itself (their triggers journal each change, the fold job adds it: decision 0101); these follow
// transactions, which the authorisation side writes:
// the engine's one write statement queues each call's rows in dashboard_pending_transactions (modules/pos/call-write.ts,
// an insert that waits on no other call) and the fold job adds
// them (foldPendingTotals), so no purchase waits on another's roll-up row. Contributions come from
// transaction_benefits: which benefits paid a purchase (or were credited by a refund, or created by an accrual), hence
// their funding source.

/**
 * One row per transaction_benefits row of the approved transactions chosen by `which`, with the transaction's day in
 * its program's time zone and what it adds: to redeemed (purchases and refund reversals add, refunds and purchase
 * reversals take away), to incentives earned (accruals add, clawbacks take away), and to the redemption count (a
 * purchase counts one, its reversal minus one, on the row of the benefit that paid most of it, so counts summed over
 * funding sources count each purchase once).
 */
function contributions(which: SQL): SQL {
  return sql`
    contribution as materialized (
      select t.id, t.program_id, t.agency_id, t.account_id, t.merchant_id, t.trx_type_id, b.funding_source_id,
        (t.trx_datetime at time zone p.time_zone)::date as day,
        case when t.trx_type_id in (${T.PURCHASE}, ${T.REFUND_REVERSAL}) then tb.amount
             when t.trx_type_id in (${T.REFUND}, ${T.PURCHASE_REVERSAL}) then -tb.amount else 0 end as redeemed,
        case when t.trx_type_id = ${T.INCENTIVE_ACCRUAL} then tb.amount
             when t.trx_type_id = ${T.INCENTIVE_CLAWBACK} then -tb.amount else 0 end as incentive,
        case when row_number() over (partition by t.id order by tb.amount desc, tb.benefit_id) = 1
             then case t.trx_type_id when ${T.PURCHASE} then 1 when ${T.PURCHASE_REVERSAL} then -1 else 0 end
             else 0 end as n
      from transactions t
      join programs p on p.id = t.program_id
      join transaction_benefits tb on tb.transaction_id = t.id
      join ${benefits} b on b.id = tb.benefit_id
      where ${which} and t.resp_code_id = ${RESPONSE_CODE.APPROVED}
        and t.trx_type_id in (${T.PURCHASE}, ${T.REFUND}, ${T.PURCHASE_REVERSAL}, ${T.REFUND_REVERSAL},
                              ${T.INCENTIVE_ACCRUAL}, ${T.INCENTIVE_CLAWBACK})
    )`;
}

const MONTH = `date_trunc('month', day)::date`;

/**
 * The merchant roll-ups (decisions 0067 and 0075): each table's key columns, what the merchant-day contribution puts
 * in them, its conflict target (the key, unless named) and whether it holds agencies' rows only.
 */
const MERCHANT_ROLLUPS: { table: SQL; columns: string; values?: string; conflict?: string; agenciesOnly?: boolean }[] =
  [
    {
      table: sql`${dashboardMerchantDays}`,
      columns: 'program_id, day, merchant_id, agency_id, funding_source_id',
      conflict: 'on constraint dashboard_merchant_days_key',
    },
    {
      table: sql`${dashboardMerchantMonths}`,
      columns: 'program_id, month, merchant_id, agency_id, funding_source_id',
      values: `program_id, ${MONTH}, merchant_id, agency_id, funding_source_id`,
      conflict: 'on constraint dashboard_merchant_months_key',
    },
    { table: sql`${dashboardProgramMerchantDays}`, columns: 'program_id, day, merchant_id' },
    {
      table: sql`${dashboardProgramMerchantMonths}`,
      columns: 'program_id, month, merchant_id',
      values: `program_id, ${MONTH}, merchant_id`,
    },
    {
      table: sql`${dashboardAgencyMerchantDays}`,
      columns: 'program_id, agency_id, day, merchant_id',
      agenciesOnly: true,
    },
    {
      table: sql`${dashboardAgencyMerchantMonths}`,
      columns: 'program_id, agency_id, month, merchant_id',
      values: `program_id, agency_id, ${MONTH}, merchant_id`,
      agenciesOnly: true,
    },
  ];

/** Each merchant roll-up's upsert as a CTE reading `merchant_day`, summed by the table's own key, in key order. */
function merchantRollupUpserts(): SQL {
  const upserts = MERCHANT_ROLLUPS.map((r, i) => {
    const keys = r.columns
      .split(', ')
      .map((_, k) => k + 1)
      .join(', ');
    return sql`, merchant_rollup_${sql.raw(String(i))} as (
      insert into ${r.table} as d (${sql.raw(r.columns)}, redeemed_amount)
      select ${sql.raw(r.values ?? r.columns)}, sum(redeemed) from merchant_day
      ${r.agenciesOnly ? sql`where agency_id is not null` : sql``}
      group by ${sql.raw(keys)} order by ${sql.raw(keys)}
      on conflict ${sql.raw(r.conflict ?? `(${r.columns})`)} do update set
        redeemed_amount = d.redeemed_amount + excluded.redeemed_amount
      returning 1)`;
  });
  return sql.join(upserts, sql``);
}

/**
 * Adds the contributions of the transactions chosen by `which` to every transaction roll-up, in one statement
 * whatever their number: the contributions are joined once (materialized) and every table's upsert reads them, so
 * the tables agree by construction. A recipient counts once a day: the first purchase of the day (by id) names the
 * agency and funding source, and the recipient-days insert absorbs a concurrent one of the same recipient and day
 * ("do nothing"); the recipients it adds are counted in the same upsert of the redemption days as the amounts. Each
 * upsert takes its keys in key order, so concurrent callers lock shared rows in the same order.
 */
async function addTransactions(tx: DbOrTx, which: SQL): Promise<void> {
  await tx.execute(sql`
    with ${contributions(which)},
    first_purchase as (
      select distinct on (program_id, day, account_id) program_id, day, account_id, agency_id, funding_source_id
      from contribution where trx_type_id = ${T.PURCHASE} and n = 1 and account_id is not null
      order by program_id, day, account_id, id
    ),
    fresh as (
      insert into ${dashboardRecipientDays} (program_id, day, account_id, agency_id, funding_source_id)
      select * from first_purchase order by 1, 2, 3
      on conflict do nothing
      returning program_id, day, agency_id, funding_source_id
    ),
    redemption as (
      insert into ${dashboardRedemptionDays} as d
        (program_id, day, agency_id, funding_source_id, redeemed_amount, redemption_count, incentive_amount,
         recipient_count)
      select program_id, day, agency_id, funding_source_id, sum(redeemed), sum(n), sum(incentive), sum(recipients)
      from (
        select program_id, day, agency_id, funding_source_id, redeemed, n, incentive, 0 as recipients
        from contribution
        union all
        select program_id, day, agency_id, funding_source_id, 0, 0, 0, 1 from fresh
      ) added
      group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict on constraint dashboard_redemption_days_key do update set
        redeemed_amount = d.redeemed_amount + excluded.redeemed_amount,
        redemption_count = d.redemption_count + excluded.redemption_count,
        incentive_amount = d.incentive_amount + excluded.incentive_amount,
        recipient_count = d.recipient_count + excluded.recipient_count
      returning 1
    ),
    merchant_day as materialized (
      select program_id, day, merchant_id, agency_id, funding_source_id, sum(redeemed) as redeemed
      from contribution where merchant_id is not null and redeemed <> 0
      group by 1, 2, 3, 4, 5
    )
    ${merchantRollupUpserts()}
    select 1`);
}

/**
 * Adds the contributions of these transactions (already inserted, with their transaction_benefits rows) to the
 * dashboard's daily roll-ups, in the caller's transaction. Call it once per transaction: a second call adds again.
 * Declined transactions and balance inquiries add nothing.
 */
export async function recordTransactionTotals(tx: DbOrTx, transactionIds: readonly number[]): Promise<void> {
  const ids = transactionIds.filter((id) => Number.isSafeInteger(id) && id > 0);
  if (ids.length === 0) return;
  await addTransactions(tx, sql`t.id = any(${`{${ids.join(',')}}`}::bigint[])`);
}

/** How many queued transactions one fold takes: a few seconds of a busy program's calls, one short transaction. */
export const FOLD_BATCH = 5_000;

/**
 * Adds up to `limit` queued transactions to the roll-ups and removes them from the queue, in one transaction; answers
 * how many it took. Claims with FOR UPDATE SKIP LOCKED, so instances folding at once take disjoint rows and a
 * transaction is added exactly once (a fold that fails rolls back and leaves its rows queued for the next).
 */
export async function foldPendingTotals(db: Db, limit = FOLD_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx.execute(sql`
      delete from ${dashboardPendingTransactions}
      where transaction_id in (
        select transaction_id from ${dashboardPendingTransactions}
        order by transaction_id limit ${limit} for update skip locked)
      returning transaction_id`);
    const ids = (claimed as unknown as { rows: { transaction_id: string | number }[] }).rows.map((r) =>
      Number(r.transaction_id),
    );
    if (ids.length > 0) await recordTransactionTotals(tx, ids);
    return ids.length;
  });
}

/**
 * Folds until the queue and the issuance journal are empty (the fold job's run, tests, the end of a bench run):
 * answers how many transactions it added.
 */
export async function foldAllPendingTotals(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await foldPendingTotals(db);
    total += n;
    if (n === 0) break;
  }
  await foldAllIssuanceJournal(db);
  return total;
}

/**
 * Recomputes every dashboard roll-up from benefits and transactions (idempotent): after bulk loads that write
 * transactions directly (the demo data, the bench seeds), and as the reference the tests compare running totals with.
 */
export async function rebuildDashboardTotals(db: DbOrTx): Promise<void> {
  // The rebuild adds every transaction, queued ones included: the queue is emptied first so none is added twice.
  await db.execute(sql`delete from ${dashboardPendingTransactions}`);
  await db.execute(sql`delete from ${dashboardRecipientDays}`);
  await db.execute(sql`delete from ${dashboardMerchantDays}`);
  await db.execute(sql`delete from ${dashboardMerchantMonths}`);
  await db.execute(sql`delete from ${dashboardProgramMerchantMonths}`);
  await db.execute(sql`delete from ${dashboardProgramMerchantDays}`);
  await db.execute(sql`delete from ${dashboardAgencyMerchantDays}`);
  await db.execute(sql`delete from ${dashboardAgencyMerchantMonths}`);
  await db.execute(sql`delete from ${dashboardRedemptionDays}`);
  // Both issuance roll-ups from the benefits, their journal emptied (decision 0101).
  await rebuildIssuanceRollups(db);
  await addTransactions(db, sql`true`);
}
