/**
 * Settlement of a day: 100,000 approved transactions over 5,000 merchants closed into one batch on
 * PostgreSQL; goal: the close under 5 s. Prints the close's time beside the goal and the load average and exits 1 when
 * the goal is missed, or when the batch's net and fees differ from a direct sum of its transactions.
 *
 *   npm run bench:settlement                                         # PostgreSQL at 127.0.0.1:5432, user postgres
 *   BENCH_ROWS=20000 BENCH_MERCHANTS=1000 npm run bench:settlement   # a reduced scale
 *   BENCH_HISTORY=2000000 npm run bench:settlement                   # with settled history before the day
 *
 * Creates a scratch database, migrates it, bulk-inserts a program with two funding sources and an incentive (2.5%
 * redemption fee), accounts with a regular and an incentive benefit each, the merchants (one in fifty without bank
 * information: held), and the day's transactions (90% purchases, 6% refunds, 4% purchase reversals) with one
 * transaction_benefits row each; optionally a settled history. Then `closeBatch` (the job's close) is timed, and its
 * totals are checked against a direct sum. Drops the database at the end. Results: bench/README.md "Settlement".
 * The goal is held at whatever scale the run is asked for (BENCH_ROWS), and the scale is printed.
 */
import { performance } from 'node:perf_hooks';
import { migrateDatabase } from '../packages/server/src/db/migrate.js';
import { ensureReferenceData } from '../packages/server/src/db/reference-data.js';
import { closeBatch } from '../packages/server/src/modules/settlement/close.js';
import { benchGoal, loadAverage, scratchPostgresDatabase, seconds } from './shared.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 5_000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 20_000);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 0);
const GOAL = benchGoal('issue 24: a day closed into its batch under 5 s', 5000, { digits: 0 });

async function main() {
  const database = await scratchPostgresDatabase('ebt_bench_settle');
  try {
    const { db, pool } = database;
    await migrateDatabase(database);
    await ensureReferenceData(db);
    const q = (text: string) => pool!.query(text);
    const version = ((await q('select version()')).rows[0] as { version: string }).version.split(',')[0];
    const n = (x: number) => x.toLocaleString('en-US');
    console.log(
      `${version}; ${n(ROWS)} transactions of the day over ${n(MERCHANTS)} merchants, ${n(HISTORY)} settled before`,
    );
    const started = performance.now();
    const program = Number(
      (await q(`insert into programs (name, short_name) values ('Bench Settlement', 'BSET') returning id`)).rows[0].id,
    );
    const funds = (
      await q(`insert into funding_sources (program_id, name) values (${program}, 'USDA'), (${program}, 'State')
        returning id`)
    ).rows.map((r: { id: number }) => Number(r.id));
    const incentive = Number(
      (
        await q(`insert into incentives (program_id, funding_source_id, name, start_date, match_rate, redemption_fee_rate)
          values (${program}, ${funds[1]}, 'Bench match', '2020-01-01', 100, 2.5) returning id`)
      ).rows[0].id,
    );
    await q(`insert into recipient_accounts (program_id, recipient_identifier, status_id, first_name, last_name, city,
        state_code, zipcode, email, mobile_phone, creation_channel)
      select ${program}, (20000000 + g)::text, 0, 'Pat', 'Bench' || g, 'Hartford', 'CT', '06103', 's' || g || '@example.com',
        '860' || lpad(g::text, 7, '0'), 'FILE' from generate_series(1, ${ACCOUNTS}) g`);
    const firstAccount = Number((await q('select min(id) as id from recipient_accounts')).rows[0].id);
    // Benefit 2k-1 of account k is regular (USDA), 2k its incentive benefit (State, the incentive's).
    await q(`insert into benefits (program_id, account_id, funding_source_id, incentive_id, benefit_type_id,
        authorization_number, status_id, available_date, expiration_date, amount, balance)
      select ${program}, ${firstAccount} + (g - 1) / 2, case when g % 2 = 1 then ${funds[0]} else ${funds[1]} end,
        case when g % 2 = 0 then ${incentive} end, case when g % 2 = 0 then 2 else 1 end, 'S' || g, 0,
        current_date - 30, current_date + 300, 500, 100
      from generate_series(1, ${ACCOUNTS * 2}) g`);
    const firstBenefit = Number((await q('select min(id) as id from benefits')).rows[0].id);
    await q(`insert into merchants (merchant_identifier, name)
      select 'SM' || g, 'Settle Market ' || g from generate_series(1, ${MERCHANTS}) g`);
    await q(`insert into merchant_programs (merchant_id, program_id) select id, ${program} from merchants`);
    await q(`insert into merchant_bank_accounts (merchant_id, account_number_encrypted, account_number_last4,
        routing_number_encrypted, routing_number_last4, account_type_id, first_name, last_name)
      select id, 'sealed', '1234', 'sealed', '0021', 0, 'Pat', 'Farmer' from merchants where id % 50 <> 0`);
    const firstMerchant = Number((await q('select min(id) as id from merchants')).rows[0].id);

    const insert = async (count: number, offset: number, at: string, settled: boolean) => {
      await q(`insert into transactions (trx_datetime, program_id, account_id, merchant_id, trx_type_id, resp_code_id,
          req_amt, settle_amt, trace_number)
        select ${at} - (g % 600) * interval '1 minute', ${program}, ${firstAccount} + (g::bigint * 7919) % ${ACCOUNTS},
          ${firstMerchant} + (g::bigint * 104729) % ${MERCHANTS},
          case when g % 50 < 45 then 1 when g % 50 < 48 then 2 else 4 end, 1, (1 + g % 40)::numeric(12,2),
          (1 + g % 40)::numeric(12,2), (${offset} + g)::text
        from generate_series(1, ${count}) g`);
      if (settled) {
        await q(`insert into settlement_entries (transaction_id, batch_id, merchant_id)
          select transaction_id, 0, merchant_id from settlement_queue`);
        await q('delete from settlement_queue');
      }
    };
    if (HISTORY > 0) {
      // A settled history: a batch row to point at, then the rows, taken out of the queue as a close would.
      await q(`insert into settlement_batches (id, program_id, business_day, cutoff_at)
        overriding system value values (0, ${program}, current_date - 2, now() - interval '2 days')`);
      await insert(HISTORY, 10_000_000, `now() - interval '2 days'`, true);
    }
    await insert(ROWS, 0, 'now()', false);
    // One row each: a transaction g of account k drew on its regular (even g) or its incentive benefit (odd g).
    await q(`insert into transaction_benefits (transaction_id, benefit_id, amount)
      select t.id, ${firstBenefit} + (t.account_id - ${firstAccount}) * 2 + (t.id % 2)::int, t.req_amt
      from transactions t`);
    await q('vacuum analyze');
    console.log(`seeded (${seconds(started)})`);

    const close = performance.now();
    const outcome = await closeBatch(db, {
      programId: program,
      cutoff: new Date(),
      closedBy: null,
      now: new Date(),
      scheduled: false,
    });
    const ms = performance.now() - close;
    if (outcome.kind !== 'closed') throw new Error(`close answered ${outcome.kind}`);
    const batch = (
      await q(`select merchant_count, transaction_count, gross_amt, refund_amt, reversal_amt, fee_amt, net_amt,
          held_amt, held_merchant_count, (select count(*) from settlement_lines where batch_id = ${outcome.batchId}) as lines
        from settlement_batches where id = ${outcome.batchId}`)
    ).rows[0] as Record<string, string>;
    const direct = (
      await q(`select sum(case when trx_type_id = 1 then settle_amt else -settle_amt end) as money
        from transactions t join settlement_entries e on e.transaction_id = t.id where e.batch_id = ${outcome.batchId}`)
    ).rows[0] as { money: string };
    GOAL.line(`closeBatch, a day of ${n(ROWS)} transactions`, ms, `load average ${loadAverage()}`);
    console.log(
      `batch: ${batch.merchant_count} merchants, ${batch.transaction_count} transactions, ${batch.lines} lines, gross ${batch.gross_amt}, refunds ${batch.refund_amt}, reversals ${batch.reversal_amt}, fees ${batch.fee_amt}, net ${batch.net_amt}; held ${batch.held_amt} at ${batch.held_merchant_count} merchants`,
    );
    const sumCheck = (Number(batch.net_amt) + Number(batch.fee_amt)).toFixed(2) === Number(direct.money).toFixed(2);
    console.log(
      `net + fees equals the direct sum of the batch's transactions: ${sumCheck ? 'yes' : `NO (${direct.money})`}`,
    );
    // A close whose totals are wrong has not done the work timed: the run fails.
    if (!sumCheck) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
