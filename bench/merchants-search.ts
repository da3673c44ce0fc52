/**
 * Merchant search at 1,000,000 merchants (issue 13 "Done when": p95 under 50 ms on PostgreSQL, held over HTTP, beside
 * the service in process and the raw SQL of the same query).
 *
 *   npm run bench:merchants-search                       # PostgreSQL at 127.0.0.1:5432, user postgres (trust)
 *   BENCH_ROWS=20000 BENCH_RUNS=10 npm run bench:merchants-search   # a quick smoke run
 *   BENCH_EXPLAIN=1 npm run bench:merchants-search       # also print each query plan
 *
 * Creates a scratch database, migrates it, bulk-inserts the merchants (with their registered address and one or two
 * program mappings) by `insert ... select generate_series`, runs ANALYZE, then for each search the screen makes
 * (`GET /merchant-api/merchants` with pageSize=1000) times the request over HTTP (the product listening on a port,
 * signed in as the caller; the round trips a request sent printed), the service in process (`searchMerchants`, as the
 * route runs it) and the same rows query's SQL text sent raw through the pool (no Drizzle building, no row mapping).
 * Exits 1 when an HTTP p95 misses the goal, after printing every figure. Drops the database at the end. Reading:
 * bench/README.md.
 */
import { performance } from 'node:perf_hooks';
import { ROLE } from '@ebt/core/enums';
import { merchantApi, MerchantSearchQuery, merchantSearchCriteria } from '@ebt/core/merchants';
import type { Database } from '../packages/server/src/db/client.js';
import { migrateDatabase } from '../packages/server/src/db/migrate.js';
import { ensureReferenceData } from '../packages/server/src/db/reference-data.js';
import { programs, userPrograms, users } from '../packages/server/src/db/schema/index.js';
import { searchMerchantRows } from '../packages/server/src/modules/merchants/queries.js';
import { searchMerchants } from '../packages/server/src/modules/merchants/search.js';
import {
  apiPath,
  arrayLiteral,
  type BenchProduct,
  benchConfig,
  benchContext,
  benchGoal,
  type BenchSession,
  benchSession,
  LAST_NAMES,
  machineLoad,
  roundTrips,
  sameAnswer,
  scratchPostgresDatabase,
  seconds,
  startProduct,
  timed,
} from './shared.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const CHUNK = 100_000;
const GOAL = benchGoal('issue 13: each search p95 over HTTP under 50 ms', 50);

const KINDS = [
  'Farm',
  'Farms',
  'Orchard',
  'Market',
  'Farmers Market',
  'Bakery',
  'Grocer',
  'Produce',
  'Dairy',
  'Creamery',
];
const CITIES = [
  'Hartford',
  'New Haven',
  'Austin',
  'Denver',
  'Portland',
  'Madison',
  'Tulsa',
  'Boise',
  'Albany',
  'Salem',
];

async function main() {
  let database: Database | undefined;
  let product: BenchProduct | undefined;
  try {
    database = await scratchPostgresDatabase('ebt_bench_merchants');
    const { db, pool } = database;
    await migrateDatabase(database);
    await ensureReferenceData(db);
    console.log(((await pool!.query('select version()')).rows[0].version as string).split(',')[0]);

    // Three programs: 60 %, 30 % and 10 % of the merchants; every 8th merchant is mapped to a second program too.
    const programRows = await db
      .insert(programs)
      .values(
        ['Bench Senior Market', 'Bench SNAP Incentive', 'Bench Produce Rx'].map((name, i) => ({
          name,
          shortName: `BM${i + 1}`,
        })),
      )
      .returning();
    const [p1, p2, p3] = programRows.map((p) => p.id) as [number, number, number];

    const started = performance.now();
    for (let from = 1; from <= ROWS; from += CHUNK) {
      const to = Math.min(ROWS, from + CHUNK - 1);
      // Hashes of g spread the names ('Smith Family Farm 123'), e-mails and cities; every 12th merchant inactive.
      await pool!.query(`
        insert into merchants (uuid, merchant_identifier, status_id, name, fns_number, email, business_phone, mobile_phone,
          creation_channel)
        select gen_random_uuid(), 'BM' || g, case when g % 12 = 0 then 1 else 0 end,
               l.name || ' ' || k.name || ' ' || (g % 997),
               case when g % 7 = 0 then null else lpad((1000000 + (g::bigint * 7919) % 9000000)::text, 7, '0') end,
               lower(l.name) || '.' || lower(replace(k.name, ' ', '')) || g || '@example.com',
               '860' || lpad(((g::bigint * 7919) % 10000000)::text, 7, '0'),
               '203' || lpad(((g::bigint * 104729) % 10000000)::text, 7, '0'), 'FILE'
        from generate_series(${from}, ${to}) g
        cross join lateral (select (${arrayLiteral(LAST_NAMES)})[1 + ((g::bigint * 40503 + g / 3) % ${LAST_NAMES.length})] as name) l
        cross join lateral (select (${arrayLiteral(KINDS)})[1 + ((g::bigint * 2654435761) % ${KINDS.length})] as name) k`);
      console.log(`inserted ${to.toLocaleString('en-US')} merchants (${seconds(started)})`);
    }
    await pool!.query(`
      insert into merchant_addresses (merchant_id, kind, address1, city, state_code, zipcode)
      select id, 'registered', id || ' Main Street', (${arrayLiteral(CITIES)})[1 + id % ${CITIES.length}], 'CT', '06103'
      from merchants`);
    await pool!.query(`
      insert into merchant_programs (merchant_id, program_id, status_id)
      select id, case when id % 10 < 6 then ${p1} when id % 10 < 9 then ${p2} else ${p3} end,
             case when id % 17 = 5 then 1 else 0 end
      from merchants
      union all
      select id, case when id % 10 < 6 then ${p2} else ${p1} end, 0 from merchants where id % 8 = 0`);
    // VACUUM as well: the mapping trigger rewrote every merchant row once (program_ids, decision 0026), and a live
    // table has autovacuum to clear the old versions a fresh bulk load leaves behind.
    await pool!.query('vacuum analyze');
    console.log(`addresses, mappings and VACUUM ANALYZE done (${seconds(started)})\n`);

    const [programAdmin, platformAdmin] = await db
      .insert(users)
      .values([
        {
          username: 'benchmprog',
          email: 'mp@example.com',
          firstName: 'P',
          lastName: 'Admin',
          roleId: ROLE.PROGRAM_ADMIN,
          statusId: 2,
        },
        {
          username: 'benchmsys',
          email: 'ms@example.com',
          firstName: 'S',
          lastName: 'Admin',
          roleId: ROLE.PLATFORM_ADMIN,
          statusId: 2,
        },
      ])
      .returning();
    await db.insert(userPrograms).values({ userId: programAdmin!.id, programId: p2 });
    const sessions: Record<string, BenchSession> = {
      'program admin': await benchSession(database, programAdmin!.id),
      'platform admin': await benchSession(database, platformAdmin!.id),
    };

    // Values that exist in program 2 (the program admin's).
    const sample = (
      await pool!.query(
        `select m.merchant_identifier, m.fns_number, m.email, m.name from merchants m
         join merchant_programs mp on mp.merchant_id = m.id and mp.program_id = $1
         where m.fns_number is not null order by m.id limit 1 offset $2`,
        [p2, Math.min(5000, Math.floor(ROWS / 20))],
      )
    ).rows[0] as { merchant_identifier: string; fns_number: string; email: string; name: string };

    const config = benchConfig({ LOG_LEVEL: 'silent', SEED: 'none', DATA_ENCRYPTION_KEY: '0'.repeat(64) });
    product = await startProduct(database, { DATA_ENCRYPTION_KEY: '0'.repeat(64) });
    const programUuid = programRows[1]!.uuid;
    const scenarios: [string, string, Record<string, string>][] = [
      [
        `Merchant ID ${sample.merchant_identifier} (exact)`,
        'program admin',
        { merchantId: sample.merchant_identifier },
      ],
      [
        `Merchant ID ${sample.merchant_identifier} (exact)`,
        'platform admin',
        { merchantId: sample.merchant_identifier },
      ],
      [`FNS number ${sample.fns_number}`, 'program admin', { fnsNumber: sample.fns_number }],
      [`e-mail '${sample.email.slice(0, 12)}' (prefix)`, 'program admin', { email: sample.email.slice(0, 12) }],
      ["e-mail 'smith' (prefix, broad)", 'program admin', { email: 'smith' }],
      ["name 'sm' (prefix)", 'program admin', { merchantName: 'sm' }],
      ["name 'orchard 12' (contains)", 'program admin', { merchantName: 'orchard 12' }],
      ["name 'farm' (contains, broad)", 'program admin', { merchantName: 'farm' }],
      ["name 'farm' (contains, broad)", 'platform admin', { merchantName: 'farm' }],
      [`name '${sample.name}' (contains)`, 'platform admin', { merchantName: sample.name }],
      ['program alone', 'program admin', { programId: programUuid }],
      ["program + name 'orchard'", 'program admin', { programId: programUuid, merchantName: 'orchard' }],
    ];

    console.log(`${RUNS} runs each after 3 warm-up runs; pageSize 1000 (the screen's request); ${machineLoad()}`);
    console.log(
      '| search | caller | rows | capped | HTTP p50 ms | HTTP p95 ms | round trips a request | in-process service p50 ms | in-process service p95 ms | raw SQL p50 ms | raw SQL p95 ms | goal: HTTP p95 | |',
    );
    console.log('|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---|');
    for (const [label, who, params] of scenarios) {
      const { caller, token } = sessions[who]!;
      const ctx = benchContext(database, caller, config);
      const query = MerchantSearchQuery.parse({ ...params, pageSize: '1000' });
      const service = await timed(RUNS, () => searchMerchants(ctx, query));
      const http = await product.time<{ data: unknown[] }>(
        apiPath(merchantApi.search, { query: { ...params, pageSize: '1000' } }),
        token,
        RUNS,
      );
      sameAnswer(label, service.last, http.last);
      // The same rows query as the service builds it (the program resolved to its id, as criteriaPlaces does).
      const { programId, ...texts } = merchantSearchCriteria(query);
      const raw = searchMerchantRows(
        db,
        caller,
        { ...texts, programId: programId ? programRows[1]!.id : undefined },
        1000,
      ).toSQL();
      const rawTimes = await timed(RUNS, () => pool!.query(raw.sql, raw.params));
      const f = (n: number) => n.toFixed(1);
      console.log(
        `| ${label} | ${who} | ${service.last.data.length} | ${service.last.countCapped ? 'yes' : 'no'} | ${f(http.p50)} | ${f(http.p95)} | ${roundTrips(http.roundTrips)} | ${f(service.p50)} | ${f(service.p95)} | ${f(rawTimes.p50)} | ${f(rawTimes.p95)} | ${GOAL.cell} | ${GOAL.check(`${label}, ${who}`, http.p95)} |`,
      );
      if (EXPLAIN) {
        const plan = await pool!.query(`explain (analyze, buffers, costs off, summary on) ${raw.sql}`, raw.params);
        console.log(plan.rows.map((r: Record<string, string>) => `    ${r['QUERY PLAN']}`).join('\n'));
      }
    }
    console.log(`\n${machineLoad()}`);
    GOAL.report();
  } finally {
    await product?.close();
    await database?.close();
  }
}

await main();
