/**
 * The recipient portal's reads (issue 21 "Done when": home, balances and the notifications list answer in under 50 ms
 * for a recipient with 1,000 benefits and 10,000 transactions in a database of 1,000,000 recipients), on PostgreSQL:
 * each read a request over HTTP to the product listening on a port (buildApp, the request's whole path: session,
 * caller, read, serialisation, compression, the socket), held at p95 to the 50 ms.
 *
 *   npm run bench:recipient-portal                                  # 1,000,000 recipients
 *   BENCH_RECIPIENTS=100000 BENCH_RUNS=100 npm run bench:recipient-portal   # a reduced run
 *
 * Creates a scratch database, migrates it, bulk-loads the recipients (two benefits and, one in five, a notification
 * each; transactions for one in ten), then the measured recipient with 1,000 benefits, 10,000 transactions and 2,000
 * notifications, VACUUM ANALYZE; signs in as that recipient through the product's sign-in and times each read,
 * printing the round trips a request sent. Exits 1 when a read's p95 misses the goal, after printing every figure.
 * Drops the database at the end. Reading: bench/README.md "Recipient portal".
 */
import { performance } from 'node:perf_hooks';
import { authApi } from '@ebt/core/auth';
import { benefitApi } from '@ebt/core/benefits';
import { notificationApi } from '@ebt/core/notifications';
import { recipientApi } from '@ebt/core/recipients';
import { transactionApi } from '@ebt/core/transactions';
import type { Database } from '../packages/server/src/db/client.js';
import { migrateDatabase } from '../packages/server/src/db/migrate.js';
import { ensureReferenceData } from '../packages/server/src/db/reference-data.js';
import { hashPassword } from '../packages/server/src/platform/passwords.js';
import {
  apiPath,
  type BenchProduct,
  benchGoal,
  machineLoad,
  roundTrips,
  scratchPostgresDatabase,
  seconds,
  startProduct,
} from './shared.js';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const CHUNK = 200_000;
const HERO_BENEFITS = 1_000;
const HERO_TRANSACTIONS = 10_000;
const HERO_NOTIFICATIONS = 2_000;
const GOAL = benchGoal('issue 21: each read p95 over HTTP under 50 ms', 50);
const PASSWORD = 'Bench#Recipient2026';

async function main() {
  let database: (Database & { name: string }) | undefined;
  let product: BenchProduct | undefined;
  try {
    database = await scratchPostgresDatabase('ebt_bench_portal');
    const { pool } = database;
    await migrateDatabase(database);
    await ensureReferenceData(database.db);
    console.log(((await pool!.query('select version()')).rows[0].version as string).split(',')[0]);
    const started = performance.now();

    const programs = (
      await pool!.query(`
        insert into programs (name, short_name) values ('Bench Farmers Market', 'BFM'), ('Bench Senior Market', 'BSM')
        returning id`)
    ).rows.map((r: { id: number }) => r.id);
    const [p0, p1] = programs as [number, number];
    await pool!.query(
      `insert into merchants (merchant_identifier, name) select 'PM' || g, 'Portal Market ' || g from generate_series(1, 2000) g`,
    );
    const firstMerchant = Number((await pool!.query('select min(id) as id from merchants')).rows[0].id);

    for (let from = 1; from <= RECIPIENTS; from += CHUNK) {
      const to = Math.min(RECIPIENTS, from + CHUNK - 1);
      await pool!.query(`
        insert into recipient_accounts (program_id, recipient_identifier, status_id, first_name, last_name, city,
          state_code, zipcode, email, mobile_phone, creation_channel)
        select case when g % 3 = 0 then ${p1} else ${p0} end, (20000000 + g)::text, 0, 'Pat', 'Bench' || g, 'Hartford',
          'CT', '06103', 'p' || g || '@example.com', '860' || lpad(g::text, 7, '0'), 'FILE'
        from generate_series(${from}, ${to}) g`);
      await pool!.query(`
        insert into benefits (program_id, account_id, authorization_number, status_id, available_date, expiration_date,
          amount, balance, creation_channel)
        select ra.program_id, ra.id, 'PB' || ra.id || '-' || k, 0, current_date - 30 * k, current_date + 60 - 20 * k,
          40, 20, 'FILE'
        from recipient_accounts ra cross join generate_series(1, 2) k
        where ra.recipient_identifier::bigint between ${20000000 + from} and ${20000000 + to}`);
      await pool!.query(`
        insert into notifications (account_id, event_id, text, status_id, notified_date)
        select ra.id, 1, 'A benefit of $40.00 was issued to you.', (ra.id % 2)::smallint, now() - (ra.id % 90) * interval '1 day'
        from recipient_accounts ra
        where ra.recipient_identifier::bigint between ${20000000 + from} and ${20000000 + to} and ra.id % 5 = 0`);
      await pool!.query(`
        insert into transactions (trx_datetime, program_id, account_id, merchant_id, trx_type_id, resp_code_id, req_amt,
          settle_amt, settle_date, auth_number, trace_number, api_version, start_balance, end_balance)
        select now() - (ra.id % 365) * interval '1 day', ra.program_id, ra.id, ${firstMerchant} + ra.id % 2000, 1, 1, 5, 5,
          current_date, lpad((ra.id % 999999)::text, 6, '0'), (500000000000 + ra.id)::text, '2.1', 20, 15
        from recipient_accounts ra
        where ra.recipient_identifier::bigint between ${20000000 + from} and ${20000000 + to} and ra.id % 10 = 0`);
      console.log(`loaded ${to.toLocaleString('en-US')} recipients (${seconds(started)})`);
    }

    // The measured recipient: a user with an account in each program, 1,000 benefits, 10,000 transactions.
    const hash = await hashPassword(PASSWORD);
    const user = (
      await pool!.query(
        `insert into users (username, email, email_verified, first_name, last_name, role_id, status_id, password_hash)
         values ('benchrecipient', 'bench.recipient@example.com', true, 'Bench', 'Recipient', 3, 2, $1) returning id`,
        [hash],
      )
    ).rows[0].id as number;
    const hero = (
      await pool!.query(
        `insert into recipient_accounts (program_id, user_id, recipient_identifier, status_id, first_name, last_name, city,
           state_code, zipcode, email, mobile_phone, creation_channel)
         values ($1, $3, '19999998', 0, 'Bench', 'Recipient', 'Hartford', 'CT', '06103', 'bench.recipient@example.com', '8605550100', 'API'),
                ($2, $3, '19999999', 0, 'Bench', 'Recipient', 'Hartford', 'CT', '06103', 'bench.recipient@example.com', '8605550100', 'API')
         returning id`,
        [p0, p1, user],
      )
    ).rows.map((r: { id: number }) => r.id) as number[];
    const heroArray = `array[${hero.join(',')}]`;
    await pool!.query(`
      insert into benefits (program_id, account_id, authorization_number, status_id, available_date, expiration_date,
        amount, balance, creation_channel)
      select ra.program_id, ra.id, 'HB' || g, case when g % 4 = 0 then 1 else 0 end, current_date - (g % 400),
        current_date - (g % 400) + 120, 25, (g % 26)::numeric, 'FILE'
      from generate_series(1, ${HERO_BENEFITS}) g join recipient_accounts ra on ra.id = (${heroArray})[1 + g % 2]`);
    await pool!.query(`
      insert into transactions (trx_datetime, program_id, account_id, merchant_id, trx_type_id, resp_code_id, req_amt,
        settle_amt, settle_date, auth_number, trace_number, api_version, start_balance, end_balance)
      select now() - (g::float8 / ${HERO_TRANSACTIONS}) * interval '700 days', ra.program_id, ra.id, ${firstMerchant} + g % 2000,
        1, 1, 3, 3, current_date, lpad(g::text, 6, '0'), (600000000000 + g)::text, '2.1', 50, 47
      from generate_series(1, ${HERO_TRANSACTIONS}) g join recipient_accounts ra on ra.id = (${heroArray})[1 + g % 2]`);
    await pool!.query(`
      insert into notifications (account_id, event_id, text, status_id, notified_date)
      select (${heroArray})[1 + g % 2], 5, 'A purchase of $3.00 was made with your card.', (case when g % 3 = 0 then 0 else 1 end)::smallint,
        now() - g * interval '1 hour'
      from generate_series(1, ${HERO_NOTIFICATIONS}) g`);
    await pool!.query('vacuum analyze');
    const counts = (
      await pool!.query(`select (select count(*) from recipient_accounts) a, (select count(*) from benefits) b,
        (select count(*) from transactions) t, (select count(*) from notifications) n`)
    ).rows[0];
    console.log(
      `loaded ${Number(counts.a).toLocaleString('en-US')} accounts, ${Number(counts.b).toLocaleString('en-US')} benefits, ` +
        `${Number(counts.t).toLocaleString('en-US')} transactions, ${Number(counts.n).toLocaleString('en-US')} notifications ` +
        `in ${seconds(started)}\n`,
    );

    product = await startProduct(database);
    const token = await product.signIn('benchrecipient', PASSWORD);
    const programUuid = (await pool!.query('select uuid from programs where id = $1', [p0])).rows[0].uuid as string;
    const inProgram = { params: { programUuid } };

    const reads: [string, string][] = [
      ['session user (badge)', apiPath(authApi.currentUser)],
      ['home: programs', apiPath(recipientApi.ownPrograms)],
      ['home: balances', apiPath(benefitApi.balances)],
      ['total balance', apiPath(benefitApi.totalBalance)],
      ['program balance', apiPath(benefitApi.programBalance, inProgram)],
      ['recent transactions', apiPath(transactionApi.ownRecent, inProgram)],
      ['notifications, page 1 of 5', apiPath(notificationApi.list, { query: { page: 0, pageSize: 5 } })],
      ['notifications, page 100 of 5', apiPath(notificationApi.list, { query: { page: 99, pageSize: 5 } })],
      ['preferences', apiPath(notificationApi.preferences)],
    ];
    console.log(`${RUNS} requests each after 3 warm-ups; ${machineLoad()}`);
    console.log(
      '| read | HTTP p50 ms | HTTP p95 ms | HTTP max ms | round trips a request | goal: HTTP p95 | |\n|---|---:|---:|---:|---:|---|---|',
    );
    const f = (n: number) => n.toFixed(2);
    for (const [name, path] of reads) {
      const t = await product.time(path, token, RUNS);
      console.log(
        `| ${name} | ${f(t.p50)} | ${f(t.p95)} | ${f(t.max)} | ${roundTrips(t.roundTrips)} | ${GOAL.cell} | ${GOAL.check(name, t.p95)} |`,
      );
    }
    console.log(`\n${machineLoad()}`);
    GOAL.report();
  } finally {
    await product?.close();
    if (database) await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
