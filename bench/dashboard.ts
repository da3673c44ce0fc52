/**
 * The dashboard at 10,000,000 transactions and 5,000,000 benefits; goal: each dashboard read's p95 over
 * HTTP under 20 ms on PostgreSQL.
 *
 *   npm run bench:dashboard                                   # PostgreSQL at 127.0.0.1:5432, user postgres (trust)
 *   BENCH_ROWS=500000 BENCH_BENEFITS=250000 BENCH_ACCOUNTS=50000 npm run bench:dashboard   # a reduced scale
 *   BENCH_KEEP=1 BENCH_LOAD_ONLY=1 npm run bench:dashboard       # seed and keep the database (its name is printed)
 *   BENCH_REUSE_DB=name npm run bench:dashboard                  # read a kept database again, migrating it first
 *
 * Creates a database with a unique name, migrates it, bulk-inserts programs (with two funding sources each),
 * agencies, accounts, merchants, the benefits (whose issuance roll-up the triggers of migration 0022 keep as they
 * load) and the transactions with one transaction_benefits row each, in chunks of `insert ... select
 * generate_series`, as transactions-search.ts does. Then `rebuildDashboardTotals` computes the transaction roll-ups
 * (timed), VACUUM ANALYZE, and each dashboard read (the snapshot, the six chart series, top merchants, merchant
 * participation, program funding) is timed for a program admin and an agency user over the ranges as a request over
 * HTTP (GET /account-api/dash/..., to the product listening on a port, signed in as that user; the round trips a
 * request sent printed) and through its service in process (getSnapshot, getChartData, getTopMerchants,
 * getMerchantParticipation, getFundingBreakdown). Beside them: the raw aggregate of the transaction table the roll-ups
 * replace (redeemed in the range for the program), and the top merchants over the split merchant roll-ups beside the
 * unsplit ones (decision 0075), timed alternately. The screen's Retrieve Data (its ten reads sent at once) is timed for
 * both users alternately, and the agency user's p50 held to within 1.5 times the program admin's. Finally `recordTransactionTotals` of 1 and of 1,000 new transactions
 * is timed. Exits 1 when a read's HTTP p95 or the Retrieve ratio misses its goal, after printing every figure. Drops the database at the end
 * (unless kept). Results: bench/README.md "Dashboard".
 */
import { performance } from 'node:perf_hooks';
import { inArray, like } from 'drizzle-orm';
import type pg from 'pg';
import { dashboardApi, DashboardChartQuery, DashboardFilterQuery, type DateRange } from '@ebt/core/dashboard';
import { ROLE } from '@ebt/core/enums';
import type { Database } from '../packages/server/src/db/client.js';
import { migrateDatabase } from '../packages/server/src/db/migrate.js';
import { ensureReferenceData } from '../packages/server/src/db/reference-data.js';
import {
  agencies,
  fundingSources,
  programs,
  userAgencies,
  userPrograms,
  users,
} from '../packages/server/src/db/schema/index.js';
import { rebuildDashboardTotals, recordTransactionTotals } from '../packages/server/src/modules/dashboard/index.js';
import {
  getChartData,
  getFundingBreakdown,
  getMerchantParticipation,
  getSnapshot,
  getTopMerchants,
} from '../packages/server/src/modules/dashboard/read.js';
import {
  apiPath,
  type BenchProduct,
  benchConfig,
  benchContext,
  benchGoal,
  type BenchSession,
  benchSession,
  dropSecondaryIndexes,
  keptPostgresDatabase,
  machineLoad,
  percentile,
  roundTrips,
  scratchPostgresDatabase,
  seconds,
  startProduct,
  timed,
} from './shared.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000_000);
const BENEFITS = Number(process.env.BENCH_BENEFITS ?? 5_000_000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1_000_000);
const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const CHUNK = 500_000;
const REUSE = process.env.BENCH_REUSE_DB;
/** Transactions and benefits spread over this many days before now (more than a year: To Date differs from YTD). */
const DAYS = 400;
const GOAL = benchGoal('issue 22: each dashboard read p95 over HTTP under 20 ms', 20);
const RETRIEVE_GOAL = benchGoal(
  "issue 49: an agency user's Retrieve within 1.5 times a program admin's (ratio of p50s)",
  1.5,
  { unit: '×', sense: 'under', digits: 2 },
);

const n = (x: number) => x.toLocaleString('en-US');

/** The three programs, their four agencies and two funding sources each. */
async function seedPrograms(db: Database['db']) {
  const programRows = await db
    .insert(programs)
    .values(
      ['Bench Senior Market', 'Bench SNAP Incentive', 'Bench Produce Rx'].map((name, i) => ({
        name,
        shortName: `BD${i + 1}`,
        fundingAmount: '90000000.00',
      })),
    )
    .returning();
  const agencyRows = await db
    .insert(agencies)
    .values(
      programRows.flatMap((r, i) =>
        [1, 2, 3, 4].map((k) => ({ programId: r.id, name: `Agency ${i + 1}.${k}`, code: `D${i + 1}${k}` })),
      ),
    )
    .returning();
  const fundRows = await db
    .insert(fundingSources)
    .values(programRows.flatMap((r) => ['SNAP Match', 'City Grant'].map((name) => ({ programId: r.id, name }))))
    .returning();
  return { programRows, agencyRows, fundRows };
}

/** The same rows of a kept database, in the order seedPrograms made them. */
async function keptSeed(db: Database['db']) {
  const programRows = await db.select().from(programs).where(like(programs.shortName, 'BD_')).orderBy(programs.id);
  const ids = programRows.map((r) => r.id);
  const agencyRows = await db.select().from(agencies).where(inArray(agencies.programId, ids)).orderBy(agencies.id);
  const fundRows = await db
    .select()
    .from(fundingSources)
    .where(inArray(fundingSources.programId, ids))
    .orderBy(fundingSources.id);
  return { programRows, agencyRows, fundRows };
}

/**
 * Bulk-loads accounts, merchants, benefits and transactions, then rebuilds the transaction roll-ups (timed).
 */
async function loadRows(database: Database, p: number[], byProgram: number[][], funds: number[][]) {
  const { db, pool } = database;
  const started = performance.now();
  for (let from = 1; from <= ACCOUNTS; from += CHUNK) {
    const to = Math.min(ACCOUNTS, from + CHUNK - 1);
    await pool!.query(`
      insert into recipient_accounts (program_id, agency_id, recipient_identifier, status_id, first_name, last_name,
        city, state_code, zipcode, email, mobile_phone, creation_channel)
      select pp.program_id,
             case when g % 20 = 0 then null
                  else (case pp.program_id when ${p[0]} then array[${byProgram[0]!.join(',')}]
                                           when ${p[1]} then array[${byProgram[1]!.join(',')}]
                                           else array[${byProgram[2]!.join(',')}] end)[1 + (g / 7) % 4] end,
             (10000000 + g)::text, 0, 'Pat', 'Bench' || g, 'Hartford', 'CT', '06103', 'r' || g || '@example.com',
             '860' || lpad(g::text, 7, '0'), 'FILE'
      from generate_series(${from}, ${to}) g
      cross join lateral (select case when g % 10 < 6 then ${p[0]} when g % 10 < 9 then ${p[1]} else ${p[2]} end as program_id) pp`);
  }
  console.log(`inserted ${n(ACCOUNTS)} accounts (${seconds(started)})`);
  await pool!.query(`
    insert into merchants (merchant_identifier, name)
    select 'DM' || g, 'Bench Market ' || g from generate_series(1, ${MERCHANTS}) g`);
  await pool!.query(`
    insert into merchant_programs (merchant_id, program_id)
    select m.id, p.id from merchants m cross join programs p where m.id % 3 <> p.id % 3`);
  const firstAccount = Number((await pool!.query('select min(id) as id from recipient_accounts')).rows[0].id);
  const firstMerchant = Number((await pool!.query('select min(id) as id from merchants')).rows[0].id);
  const fundOf = `(case ra.program_id when ${p[0]} then array[${funds[0]!.join(',')}]
                                      when ${p[1]} then array[${funds[1]!.join(',')}]
                                      else array[${funds[2]!.join(',')}] end)`;

  // Benefit g belongs to account (g - 1) / PER: an account's benefits are consecutive ids, so a transaction finds one
  // by arithmetic. 2 % are Voided. The triggers add them to the issuance roll-up chunk by chunk.
  const per = Math.max(1, Math.floor(BENEFITS / ACCOUNTS));
  for (let from = 1; from <= BENEFITS; from += CHUNK) {
    const to = Math.min(BENEFITS, from + CHUNK - 1);
    await pool!.query(`
      insert into benefits (program_id, account_id, agency_id, funding_source_id, authorization_number, status_id,
        available_date, expiration_date, amount, balance)
      select ra.program_id, ra.id, ra.agency_id, ${fundOf}[1 + g % 2], 'D' || g, case when g % 50 = 0 then 3 else 0 end,
             (now() - interval '${DAYS} days' + (g::float8 / ${BENEFITS}) * interval '${DAYS} days')::date,
             (now() + interval '400 days')::date, (20 + g % 80)::numeric(12,2), 10
      from generate_series(${from}, ${to}) g
      join recipient_accounts ra on ra.id = ${firstAccount} + ((g - 1) / ${per}) % ${ACCOUNTS}`);
    console.log(`inserted ${n(to)} benefits (${seconds(started)})`);
  }
  const firstBenefit = Number((await pool!.query('select min(id) as id from benefits')).rows[0].id);

  const rebuildIndexes = await dropSecondaryIndexes((text) => pool!.query(text), 'transactions');
  // Transaction g: an account by a hash of g, in time order over DAYS days; the types and codes of
  // transactions-search.ts with incentive clawbacks among the accruals; one benefit of the account paid it.
  for (let from = 1; from <= ROWS; from += CHUNK) {
    const to = Math.min(ROWS, from + CHUNK - 1);
    await pool!.query(`
      insert into transactions (trx_datetime, program_id, agency_id, account_id, merchant_id, trx_type_id, resp_code_id,
        req_amt, settle_amt, settle_date, trace_number)
      select t.at, ra.program_id, ra.agency_id, ra.id, ${firstMerchant} + (g::bigint * 7919) % ${MERCHANTS},
             case when h.t < 40 then 1 when h.t < 44 then 2 when h.t < 46 then 3 when h.t = 46 then 4
                  when h.t = 47 then 5 else (case when g % 4 = 0 then 6 when g % 4 = 1 then 7 else 1 end) end,
             r.code, (1 + g % 40)::numeric(12,2),
             case when r.code = 1 then (1 + g % 40)::numeric(12,2) end, case when r.code = 1 then t.at::date end,
             (500000000000 + g)::text
      from generate_series(${from}, ${to}) g
      join recipient_accounts ra on ra.id = ${firstAccount} + (g::bigint * 104729) % ${ACCOUNTS}
      cross join lateral (select now() - interval '${DAYS} days' + (g::float8 / ${ROWS}) * interval '${DAYS} days' as at) t
      cross join lateral (select abs(hashint8(g)) % 50 as t, abs(hashint8(-g)) % 100 as c) h
      cross join lateral (select case when h.c < 92 then 1 when h.c < 96 then 2
                                      else 3 + (g / 100) % 13 end as code) r`);
    console.log(`inserted ${n(to)} transactions (${seconds(started)})`);
  }
  await pool!.query(`
    insert into transaction_benefits (transaction_id, benefit_id, amount)
    select t.id, ${firstBenefit} + ((t.account_id - ${firstAccount}) * ${per} + t.id % ${per}) % ${BENEFITS}, t.req_amt
    from transactions t where t.trx_type_id <> 3 and t.resp_code_id = 1`);
  const rebuilt = await rebuildIndexes();
  console.log(`transaction benefits and ${rebuilt} indexes (${seconds(started)})`);
  const rebuild = performance.now();
  await rebuildDashboardTotals(db);
  console.log(`rebuildDashboardTotals over every benefit and transaction: ${seconds(rebuild)}`);
}

/** The bounds of a range as the reads compute them (modules/dashboard/queries.ts `filterCtes`), as literals. */
async function rangeBounds(pool: pg.Pool, programId: number, dateRange: DateRange) {
  const start = {
    '30': 'r.today - 29',
    MTD: "date_trunc('month', r.today)::date",
    YTD: "date_trunc('year', r.today)::date",
    '': "'-infinity'::date",
  }[dateRange];
  const { rows } = await pool.query(
    `select today::text, start::text, months_from::text, months_to::text, least(months_from, months_to)::text as head_end
     from (select r.*, case when start = date_trunc('month', start)::date then start
                            else (date_trunc('month', start) + interval '1 month')::date end as months_from,
                       date_trunc('month', today + 1)::date as months_to
           from (select r.today, ${start} as start
                 from (select (now() at time zone time_zone)::date as today from programs where id = $1) r) r) r`,
    [programId],
  );
  return rows[0] as { today: string; start: string; months_from: string; months_to: string; head_end: string };
}

/** The top ten merchants' statement over a monthly and a daily merchant roll-up (whole months + partial days). */
function topMerchantsSql(
  programId: number,
  b: Awaited<ReturnType<typeof rangeBounds>>,
  months: string,
  days: string,
  where: string,
) {
  return `select x.merchant_id, sum(x.amount) as amount from (
      select x.merchant_id, x.redeemed_amount as amount from ${months} x where x.program_id = ${programId}
        and x.month >= '${b.months_from}' and x.month < '${b.months_to}' and ${where}
      union all
      select x.merchant_id, x.redeemed_amount from ${days} x where x.program_id = ${programId}
        and x.day >= '${b.start}' and x.day < '${b.head_end}' and ${where}
      union all
      select x.merchant_id, x.redeemed_amount from ${days} x where x.program_id = ${programId}
        and x.day >= '${b.months_to}' and x.day <= '${b.today}' and ${where}) x
    group by x.merchant_id having sum(x.amount) > 0 order by amount desc, x.merchant_id limit 10`;
}

/** `timed` of two calls alternately (warm-ups, then a then b, `runs` times), so the machine's noise hits both alike. */
async function timedPair(runs: number, a: () => Promise<unknown>, b: () => Promise<unknown>) {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < runs + 3; i++)
    for (const [k, call] of [a, b].entries()) {
      const t0 = performance.now();
      await call();
      if (i >= 3) times[k]!.push(performance.now() - t0);
    }
  const stats = (list: number[]) => {
    list.sort((x, y) => x - y);
    return { p50: percentile(list, 50), p95: percentile(list, 95) };
  };
  return [stats(times[0]), stats(times[1])] as const;
}

async function main() {
  let database: Database | undefined;
  let product: BenchProduct | undefined;
  try {
    // BENCH_REUSE_DB=name reads a database a full run kept (BENCH_KEEP=1) without seeding it again: migrating it adds
    // (and fills) whatever roll-up was built since, and its rows are those of that run.
    database = REUSE ? await keptPostgresDatabase(REUSE) : await scratchPostgresDatabase('ebt_bench_dash');
    const { db, pool } = database;
    const migrating = performance.now();
    await migrateDatabase(database);
    console.log(`migrated (${seconds(migrating)})`);
    await ensureReferenceData(db);
    const version = (await pool!.query('select version()')).rows[0].version as string;
    console.log(`${version.split(',')[0]}; ${n(ROWS)} transactions, ${n(BENEFITS)} benefits, ${n(ACCOUNTS)} accounts`);

    const { programRows, agencyRows, fundRows } = REUSE ? await keptSeed(db) : await seedPrograms(db);
    const p = programRows.map((r) => r.id);
    const byProgram = p.map((id) => agencyRows.filter((a) => a.programId === id).map((a) => a.id));
    const funds = p.map((id) => fundRows.filter((f) => f.programId === id).map((f) => f.id));
    const started = performance.now();
    if (!REUSE) await loadRows(database, p, byProgram, funds);
    await pool!.query('vacuum analyze');
    const sizes = (
      await pool!.query(`
        select relname, n_live_tup from pg_stat_user_tables
        where relname like 'dashboard_%' or relname in ('transactions', 'benefits') order by relname`)
    ).rows as { relname: string; n_live_tup: string }[];
    console.log(
      `loaded in ${seconds(started)}; rows: ${sizes.map((s) => `${s.relname} ${n(Number(s.n_live_tup))}`).join(', ')}\n`,
    );

    // BENCH_LOAD_ONLY=1 (with BENCH_KEEP=1): seed and keep the database, for runs that read it (BENCH_REUSE_DB).
    if (process.env.BENCH_LOAD_ONLY === '1') return;

    // Users of this run (a kept database has those of earlier runs too).
    const run = Date.now().toString(36);
    const [programAdmin, agencyUser] = await db
      .insert(users)
      .values(
        (
          [
            ['benchdprog', ROLE.PROGRAM_ADMIN],
            ['benchdagency', ROLE.AGENCY_USER],
          ] as const
        ).map(([username, roleId]) => ({
          username: `${username}${run}`,
          email: `${username}${run}@example.com`,
          firstName: 'B',
          lastName: 'Bench',
          roleId,
          statusId: 2,
        })),
      )
      .returning();
    await db.insert(userPrograms).values({ userId: programAdmin!.id, programId: p[0]! });
    await db.insert(userAgencies).values({ userId: agencyUser!.id, agencyId: byProgram[0]![0]! });
    const sessions: Record<string, BenchSession> = {
      'program admin': await benchSession(database, programAdmin!.id),
      'agency user': await benchSession(database, agencyUser!.id),
    };
    const config = benchConfig({ LOG_LEVEL: 'silent', SEED: 'none' });
    product = await startProduct(database);
    const programUuid = programRows[0]!.uuid;
    const agencyUuid = agencyRows.find((a) => a.id === byProgram[0]![0])!.uuid;
    const fundingId = funds[0]![0]!;
    const f = (x: number) => x.toFixed(1);

    console.log(`${RUNS} runs each after 3 warm-up runs, over HTTP and in process; ${machineLoad()}`);
    console.log(
      '| read | caller | range | HTTP p50 ms | HTTP p95 ms | round trips a request | in-process p50 ms | in-process p95 ms | goal: HTTP p95 | |\n|---|---|---|---:|---:|---:|---:|---:|---|---|',
    );
    const worst = { http: 0, inProcess: 0 };
    const RANGES: DateRange[] = ['30', 'MTD', 'YTD', ''];
    for (const [who, { caller, token }] of Object.entries(sessions)) {
      const ctx = benchContext(database, caller, config);
      for (const dateRange of RANGES) {
        const q = DashboardFilterQuery.parse({ programUuid, dateRange });
        const filter = { programUuid, dateRange };
        const inProgram = { params: { programUuid }, query: { dateRange } };
        // Each read: its service in process, and its request with the same criteria.
        const reads: [string, () => Promise<unknown>, string][] = [
          ['snapshot', () => getSnapshot(ctx, q), apiPath(dashboardApi.snapshot, { query: filter })],
          [
            'snapshot, agency and funding',
            () => getSnapshot(ctx, { ...q, agencyUuid, fundingId }),
            apiPath(dashboardApi.snapshot, { query: { ...filter, agencyUuid, fundingId } }),
          ],
          ...[1, 2, 3, 4, 5, 6].map((dataType): [string, () => Promise<unknown>, string] => [
            `chart-data ${dataType}`,
            () => getChartData(ctx, DashboardChartQuery.parse({ ...filter, dataType })),
            apiPath(dashboardApi.chartData, { query: { ...filter, dataType } }),
          ]),
          [
            'top-merchant-redemptions',
            () => getTopMerchants(ctx, q),
            apiPath(dashboardApi.topMerchants, { query: filter }),
          ],
          [
            'merchant-data',
            () => getMerchantParticipation(ctx, programUuid, dateRange),
            apiPath(dashboardApi.merchantParticipation, inProgram),
          ],
          [
            'program-funding',
            () => getFundingBreakdown(ctx, { programUuid }, dateRange),
            apiPath(dashboardApi.programFunding, inProgram),
          ],
        ];
        for (const [label, read, path] of reads) {
          const inProcess = await timed(RUNS, read);
          const http = await product.time(path, token, RUNS);
          // The same answer both ways (as JSON), or the request asked another question than the one timed in process.
          if (JSON.stringify(http.last) !== JSON.stringify(inProcess.last))
            throw new Error(
              `${label}, ${who}, ${dateRange || 'To Date'}: the answer over HTTP differs from the service's`,
            );
          worst.http = Math.max(worst.http, http.p95);
          worst.inProcess = Math.max(worst.inProcess, inProcess.p95);
          const range = dateRange || 'To Date';
          console.log(
            `| ${label} | ${who} | ${range} | ${f(http.p50)} | ${f(http.p95)} | ${roundTrips(http.roundTrips)} | ${f(inProcess.p50)} | ${f(inProcess.p95)} | ${GOAL.cell} | ${GOAL.check(`${label}, ${who}, ${range}`, http.p95)} |`,
          );
        }
      }
    }
    console.log(
      `\nworst p95 of a dashboard read: ${f(worst.http)} ms over HTTP, ${f(worst.inProcess)} ms in process; ${machineLoad()}`,
    );
    GOAL.report();

    // The screen's Retrieve Data: the ten reads DashboardPage sends at once (snapshot, the funding breakdown, merchant
    // participation, the six series and the top merchants, each chart at the main range), timed from the first request
    // to the last answer, the two callers alternately so the machine's noise hits both alike.
    const retrievePaths = (dateRange: DateRange) => {
      const filter = { programUuid, dateRange };
      const inProgram = { params: { programUuid }, query: { dateRange } };
      return [
        apiPath(dashboardApi.snapshot, { query: filter }),
        apiPath(dashboardApi.programFunding, inProgram),
        apiPath(dashboardApi.merchantParticipation, inProgram),
        ...[1, 2, 3, 4, 5, 6].map((dataType) => apiPath(dashboardApi.chartData, { query: { ...filter, dataType } })),
        apiPath(dashboardApi.topMerchants, { query: filter }),
      ];
    };
    console.log(
      `\n| Retrieve Data (10 reads at once, over HTTP) | range | program admin p50 / p95 ms | agency user p50 / p95 ms | agency ÷ admin (p50) | goal | |\n|---|---|---:|---:|---:|---|---|`,
    );
    for (const dateRange of RANGES) {
      const paths = retrievePaths(dateRange);
      const range = dateRange || 'To Date';
      const [admin, agency] = await timedPair(
        RUNS,
        () => product!.together(paths, sessions['program admin']!.token),
        () => product!.together(paths, sessions['agency user']!.token),
      );
      const ratio = agency.p50 / admin.p50;
      console.log(
        `| Retrieve Data | ${range} | ${f(admin.p50)} / ${f(admin.p95)} | ${f(agency.p50)} / ${f(agency.p95)} | ${ratio.toFixed(2)} | ${RETRIEVE_GOAL.cell} | ${RETRIEVE_GOAL.check(`Retrieve Data, ${range}`, ratio)} |`,
      );
    }
    RETRIEVE_GOAL.report();

    // What the roll-ups replace: redeemed in the range for the program, straight from the transaction table.
    for (const dateRange of ['30', 'YTD', ''] as const) {
      const start =
        dateRange === '30'
          ? `now() - interval '30 days'`
          : dateRange === 'YTD'
            ? `date_trunc('year', now())`
            : `'-infinity'`;
      const raw = await timed(Math.min(RUNS, 10), () =>
        pool!.query(
          `select sum(case when t.trx_type_id in (1, 5) then tb.amount when t.trx_type_id in (2, 4) then -tb.amount end)
           from transactions t join transaction_benefits tb on tb.transaction_id = t.id
           where t.program_id = $1 and t.resp_code_id = 1 and t.trx_datetime >= ${start}`,
          [p[0]],
        ),
      );
      console.log(
        `raw redeemed over the transaction table, ${dateRange || 'To Date'}: p50 ${f(raw.p50)} ms, p95 ${f(raw.p95)} ms`,
      );
    }

    // The top merchants as they were read before the unsplit roll-ups (decision 0075) beside the same statement over
    // them, as raw SQL with the range's bounds as literals, timed alternately in this run: the program admin summed
    // the program months and the merchant days split by agency and funding source; the agency user the split months
    // and days of their agency. Then the service's read, in process, of the same caller and range.
    console.log(
      '\n| top merchants | caller | range | split tables p50 / p95 ms | unsplit p50 / p95 ms | ratio of p50s | service in process p50 / p95 ms |',
    );
    console.log('|---|---|---|---:|---:|---:|---:|');
    const agencyId = byProgram[0]![0]!;
    const reads = {
      'program admin': {
        old: ['dashboard_program_merchant_months', 'dashboard_merchant_days', 'true'],
        new: ['dashboard_program_merchant_months', 'dashboard_program_merchant_days', 'true'],
      },
      'agency user': {
        old: ['dashboard_merchant_months', 'dashboard_merchant_days', `x.agency_id = any('{${agencyId}}'::int[])`],
        new: [
          'dashboard_agency_merchant_months',
          'dashboard_agency_merchant_days',
          `x.agency_id = any('{${agencyId}}'::int[])`,
        ],
      },
    };
    for (const [who, tables] of Object.entries(reads)) {
      const ctx = benchContext(database, sessions[who]!.caller, config);
      for (const dateRange of RANGES) {
        const b = await rangeBounds(pool!, p[0]!, dateRange);
        const [before, after] = await timedPair(
          RUNS,
          () => pool!.query(topMerchantsSql(p[0]!, b, ...(tables.old as [string, string, string]))),
          () => pool!.query(topMerchantsSql(p[0]!, b, ...(tables.new as [string, string, string]))),
        );
        const service = await timed(RUNS, () =>
          getTopMerchants(ctx, DashboardFilterQuery.parse({ programUuid, dateRange })),
        );
        console.log(
          `| top merchants | ${who} | ${dateRange || 'To Date'} | ${f(before.p50)} / ${f(before.p95)} | ${f(after.p50)} / ${f(after.p95)} | ${(after.p50 / before.p50).toFixed(2)} | ${f(service.p50)} / ${f(service.p95)} |`,
        );
      }
    }

    // The engine's cost: adding 1 and 1,000 new transactions to the roll-ups in their transaction.
    const newest = Number((await pool!.query('select max(id) as id from transactions')).rows[0].id);
    for (const size of [1, 1000]) {
      const ids = Array.from({ length: size }, (_, i) => newest - i);
      const t = await timed(Math.min(RUNS, 20), () =>
        db
          .transaction(async (tx) => {
            await recordTransactionTotals(tx, ids);
            tx.rollback();
          })
          .catch(() => undefined),
      );
      console.log(`recordTransactionTotals of ${n(size)} (rolled back): p50 ${f(t.p50)} ms, p95 ${f(t.p95)} ms`);
    }
    console.log(machineLoad());
  } finally {
    await product?.close();
    await database?.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
