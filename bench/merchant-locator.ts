/**
 * The merchant locator at 100,000 merchants spread over the United States (issue 13 "Done when": p95 under 50 ms on
 * PostgreSQL, held over HTTP), beside the service in process and the raw SQL of the same query.
 *
 *   npm run bench:merchant-locator                       # PostgreSQL at 127.0.0.1:5432, user postgres (trust)
 *   BENCH_ROWS=10000 BENCH_RUNS=10 npm run bench:merchant-locator   # a quick smoke run
 *   BENCH_EXPLAIN=1 npm run bench:merchant-locator       # also print each query plan
 *
 * Creates a scratch database, migrates it (which loads the ZIP gazetteer), places the merchants at ZIP centroids
 * picked by a hash of their number (so they are as dense as ZIP codes are: many in cities, few on the plains) with a
 * little jitter, maps them to three programs, runs ANALYZE, then for points from Manhattan to rural Nevada times the
 * request over HTTP (GET /merchant-api/merchant/locator to the product listening on a port, signed in as the caller;
 * the round trips a request sent printed), the service in process (`locateMerchants`, the route's one query after the
 * caller) and the same SQL text sent raw through the pool. Exits 1 when an HTTP p95 misses the goal, after printing
 * every figure. Drops the database at the end. Reading: bench/README.md.
 */
import { performance } from 'node:perf_hooks';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ROLE } from '@ebt/core/enums';
import { merchantApi } from '@ebt/core/merchants';
import type { Database } from '../packages/server/src/db/client.js';
import { migrateDatabase } from '../packages/server/src/db/migrate.js';
import { ensureReferenceData } from '../packages/server/src/db/reference-data.js';
import { programs, recipientAccounts, userPrograms, users } from '../packages/server/src/db/schema/index.js';
import { locateMerchants, locatorQuery } from '../packages/server/src/modules/merchants/locator.js';
import {
  apiPath,
  type BenchProduct,
  benchGoal,
  type BenchSession,
  benchSession,
  machineLoad,
  roundTrips,
  sameAnswer,
  scratchPostgresDatabase,
  seconds,
  startProduct,
  timed,
} from './shared.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const GOAL = benchGoal('issue 13: each point p95 over HTTP under 50 ms', 50);

const POINTS: [string, number, number][] = [
  ['Manhattan, NY', 40.7484, -73.9967],
  ['Chicago, IL', 41.8781, -87.6298],
  ['Austin, TX', 30.2672, -97.7431],
  ['Hartford, CT', 41.7658, -72.6734],
  ['Wichita, KS (plains)', 37.6872, -97.3301],
  ['Ely, NV (remote)', 39.2474, -114.8886],
];

async function main() {
  let database: Database | undefined;
  let product: BenchProduct | undefined;
  try {
    database = await scratchPostgresDatabase('ebt_bench_locator');
    const { db, pool } = database;
    await migrateDatabase(database);
    await ensureReferenceData(db);
    console.log(((await pool!.query('select version()')).rows[0].version as string).split(',')[0]);

    const programRows = await db
      .insert(programs)
      .values(
        ['Bench Senior Market', 'Bench SNAP Incentive', 'Bench Produce Rx'].map((name, i) => ({
          name,
          shortName: `BL${i + 1}`,
        })),
      )
      .returning();
    const [p1, p2, p3] = programRows.map((p) => p.id) as [number, number, number];

    const started = performance.now();
    // ZIP centroids numbered 1..n, so a hash of g picks one without a scan.
    await pool!.query(`create temporary table z as select row_number() over (order by zip) as n, * from zip_centroids`);
    const zips = Number((await pool!.query('select count(*) from z')).rows[0].count);
    await pool!.query(`
      insert into merchants (uuid, merchant_identifier, status_id, name, email, mobile_phone, latitude, longitude,
        creation_channel)
      select gen_random_uuid(), 'BL' || g, case when g % 12 = 0 then 1 else 0 end, 'Market ' || g,
             'market' || g || '@example.com', '2035550' || lpad((g % 1000)::text, 3, '0'),
             round(least(89, greatest(-89, z.latitude + ((g::bigint * 7919) % 1000 - 500) / 50000.0)), 6),
             round(least(179, greatest(-179, z.longitude + ((g::bigint * 104729) % 1000 - 500) / 50000.0)), 6),
             'FILE'
      from generate_series(1, ${ROWS}) g
      join z on z.n = 1 + (g::bigint * 2654435761) % ${zips}`);
    await pool!.query(`
      insert into merchant_addresses (merchant_id, kind, address1, city, state_code, zipcode, latitude, longitude)
      select m.id, 'physical', m.id || ' Main Street', z.city, z.state_code, z.zip, m.latitude, m.longitude
      from merchants m join z on z.n = 1 + (substr(m.merchant_identifier, 3)::bigint * 2654435761) % ${zips}`);
    await pool!.query(`
      insert into merchant_programs (merchant_id, program_id, status_id)
      select id, case when id % 10 < 6 then ${p1} when id % 10 < 9 then ${p2} else ${p3} end,
             case when id % 17 = 5 then 1 else 0 end
      from merchants`);
    await pool!.query('analyze');
    console.log(
      `${ROWS.toLocaleString('en-US')} merchants over ${zips.toLocaleString('en-US')} ZIPs loaded (${seconds(started)})\n`,
    );

    const [recipient, programAdmin, platformAdmin] = await db
      .insert(users)
      .values([
        {
          username: 'benchlrec',
          email: 'lr@example.com',
          firstName: 'R',
          lastName: 'Cipient',
          roleId: ROLE.RECIPIENT,
          statusId: 2,
        },
        {
          username: 'benchlprog',
          email: 'lp@example.com',
          firstName: 'P',
          lastName: 'Admin',
          roleId: ROLE.PROGRAM_ADMIN,
          statusId: 2,
        },
        {
          username: 'benchlsys',
          email: 'ls@example.com',
          firstName: 'S',
          lastName: 'Admin',
          roleId: ROLE.PLATFORM_ADMIN,
          statusId: 2,
        },
      ])
      .returning();
    await db.insert(recipientAccounts).values({
      programId: p1,
      userId: recipient!.id,
      recipientIdentifier: 'BLR1',
      statusId: 0,
      accountTypeId: 0,
      firstName: 'R',
      lastName: 'Cipient',
      address1: '1 Elm Street',
      city: 'Hartford',
      stateCode: 'CT',
      zipcode: '06103',
    });
    await db.insert(userPrograms).values({ userId: programAdmin!.id, programId: p2 });
    const sessions: Record<string, BenchSession> = {
      recipient: await benchSession(database, recipient!.id),
      'program admin': await benchSession(database, programAdmin!.id),
      'platform admin': await benchSession(database, platformAdmin!.id),
    };
    product = await startProduct(database);

    const dialect = new PgDialect();
    console.log(`${RUNS} runs each after 3 warm-up runs; within 100 miles, at most 200 rows; ${machineLoad()}`);
    console.log(
      '| point | caller | rows | nearest mi | HTTP p50 ms | HTTP p95 ms | round trips a request | in-process service p50 ms | in-process service p95 ms | raw SQL p50 ms | raw SQL p95 ms | goal: HTTP p95 | |',
    );
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|');
    for (const [place, latitude, longitude] of POINTS) {
      for (const who of Object.keys(sessions)) {
        const { caller, token } = sessions[who]!;
        const service = await timed(RUNS, () => locateMerchants(db, caller, { latitude, longitude }));
        const path = apiPath(merchantApi.locator, { query: { latitude, longitude } });
        const http = await product.time<unknown[]>(path, token, RUNS);
        sameAnswer(`${place}, ${who}`, service.last, http.last);
        const raw = dialect.sqlToQuery(locatorQuery(caller, latitude, longitude)!);
        const rawTimes = await timed(RUNS, () => pool!.query(raw.sql, raw.params));
        const f = (n: number) => n.toFixed(1);
        console.log(
          `| ${place} | ${who} | ${service.last.length} | ${service.last[0]?.distance ?? '-'} | ${f(http.p50)} | ${f(http.p95)} | ${roundTrips(http.roundTrips)} | ${f(service.p50)} | ${f(service.p95)} | ${f(rawTimes.p50)} | ${f(rawTimes.p95)} | ${GOAL.cell} | ${GOAL.check(`${place}, ${who}`, http.p95)} |`,
        );
        if (EXPLAIN && who === 'recipient') {
          const plan = await pool!.query(`explain (analyze, buffers, costs off, summary on) ${raw.sql}`, raw.params);
          console.log(plan.rows.map((r: Record<string, string>) => `    ${r['QUERY PLAN']}`).join('\n'));
        }
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
