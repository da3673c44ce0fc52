/**
 * The agency list at 100,000 agencies (issue 15 "Done when": p95 under 50 ms on PostgreSQL, held over HTTP), beside the
 * service in process and the raw SQL of the page query.
 *
 *   npm run bench:agencies-search                          # PostgreSQL at 127.0.0.1:5432, user postgres (trust)
 *   BENCH_ROWS=20000 BENCH_RUNS=10 npm run bench:agencies-search   # a quick smoke run
 *   BENCH_EXPLAIN=1 npm run bench:agencies-search          # also print each query plan
 *
 * Creates a scratch database, migrates it, bulk-inserts 20 programs and the agencies by `insert ... select
 * generate_series` (program sizes skewed: the first program holds about a third), then VACUUM ANALYZE. For each list
 * the screen asks for (`GET /account-api/agency?page=…`, 10 a page, with and without a program) it times the request
 * over HTTP (the product listening on a port, signed in as the caller; the round trips a request sent printed), the
 * service in process (`listAgencies`: the program look-up, the page and its capped count, as the route runs it; page 1
 * always counts, later pages reuse the count through platform/search-counts.ts, as they do for a person paging) and
 * the page query's SQL sent raw. Exits 1 when an HTTP p95 misses the goal, after printing every figure. Drops the
 * database at the end. Reading: bench/README.md.
 */
import { performance } from 'node:perf_hooks';
import { agencyApi, AgencyOptionsQuery } from '@ebt/core/agencies';
import { ROLE } from '@ebt/core/enums';
import type { Database } from '../packages/server/src/db/client.js';
import { migrateDatabase } from '../packages/server/src/db/migrate.js';
import { ensureReferenceData } from '../packages/server/src/db/reference-data.js';
import { agencies, programs, userAgencies, userPrograms, users } from '../packages/server/src/db/schema/index.js';
import { agencyPageQuery } from '../packages/server/src/modules/agencies/queries.js';
import { listAgencies } from '../packages/server/src/modules/agencies/search.js';
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

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const PROGRAMS = 20;
const GOAL = benchGoal('issue 15: each list p95 over HTTP under 50 ms', 50);

async function main() {
  let database: Database | undefined;
  let product: BenchProduct | undefined;
  try {
    database = await scratchPostgresDatabase('ebt_bench_agencies');
    const { db, pool } = database;
    await migrateDatabase(database);
    await ensureReferenceData(db);
    console.log(((await pool!.query('select version()')).rows[0].version as string).split(',')[0]);

    const programRows = await db
      .insert(programs)
      .values(Array.from({ length: PROGRAMS }, (_, i) => ({ name: `Bench Program ${i + 1}`, shortName: `BA${i + 1}` })))
      .returning();
    const ids = programRows.map((p) => p.id);
    const started = performance.now();
    // Program of agency g: a third in the first program, the rest spread over the others.
    await pool!.query(`
      insert into agencies (uuid, program_id, name, code, funding_amount, funding_date)
      select gen_random_uuid(),
             case when g % 3 = 0 then ${ids[0]} else (array[${ids.join(',')}])[2 + (g % ${PROGRAMS - 1})] end,
             l.name || ' County Agency ' || g, 'AG' || g, (g % 1000) * 1000, date '2024-01-01' + (g % 365)
      from generate_series(1, ${ROWS}) g
      cross join lateral (select (${arrayLiteral(LAST_NAMES)})[1 + ((g::bigint * 40503) % ${LAST_NAMES.length})] as name) l`);
    await pool!.query('vacuum analyze');
    console.log(`inserted ${ROWS.toLocaleString('en-US')} agencies and ANALYZE done (${seconds(started)})\n`);

    const [programAdmin, agencyAdmin, platformAdmin] = await db
      .insert(users)
      .values(
        (
          [
            ['benchaprog', ROLE.PROGRAM_ADMIN],
            ['benchaagency', ROLE.AGENCY_ADMIN],
            ['benchasys', ROLE.PLATFORM_ADMIN],
          ] as const
        ).map(([username, roleId]) => ({
          username,
          email: `${username}@example.org`,
          firstName: 'Bench',
          lastName: 'Caller',
          roleId,
          statusId: 2,
        })),
      )
      .returning();
    // The program admin has the big program and a small one; the agency admin three agencies.
    await db.insert(userPrograms).values([
      { userId: programAdmin!.id, programId: ids[0]! },
      { userId: programAdmin!.id, programId: ids[5]! },
    ]);
    const some = await db.select({ id: agencies.id }).from(agencies).limit(3);
    await db.insert(userAgencies).values(some.map((a) => ({ userId: agencyAdmin!.id, agencyId: a.id })));
    const sessions: Record<string, BenchSession> = {
      'platform admin': await benchSession(database, platformAdmin!.id),
      'program admin': await benchSession(database, programAdmin!.id),
      'agency admin': await benchSession(database, agencyAdmin!.id),
    };

    const config = benchConfig({ LOG_LEVEL: 'silent', SEED: 'none' });
    product = await startProduct(database);
    const big = programRows[0]!;
    const small = programRows[5]!;
    const scenarios: [string, string, Record<string, string>, number | undefined][] = [
      ['page 1, all programs', 'platform admin', { page: '0' }, undefined],
      ['page 500, all programs', 'platform admin', { page: '499' }, undefined],
      ['page 1, the big program', 'platform admin', { page: '0', programUuid: big.uuid }, big.id],
      ['page 1, a small program', 'platform admin', { page: '0', programUuid: small.uuid }, small.id],
      ['page 1, their two programs', 'program admin', { page: '0' }, undefined],
      ['page 200, their two programs', 'program admin', { page: '199' }, undefined],
      ['page 1, program filter', 'program admin', { page: '0', programUuid: small.uuid }, small.id],
      ['page 1, viewable=1', 'agency admin', { page: '0', viewable: '1' }, undefined],
    ];

    console.log(`${RUNS} runs each after 3 warm-up runs; 10 rows a page; ${machineLoad()}`);
    console.log(
      '| list | caller | rows | totalCount | HTTP p50 ms | HTTP p95 ms | round trips a request | in-process service p50 ms | in-process service p95 ms | raw SQL p50 ms | raw SQL p95 ms | goal: HTTP p95 | |',
    );
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|');
    for (const [label, who, params, programId] of scenarios) {
      const { caller, token } = sessions[who]!;
      const ctx = benchContext(database, caller, config);
      const query = AgencyOptionsQuery.parse(params);
      const service = await timed(RUNS, () => listAgencies(ctx, query));
      const page = service.last as { data: unknown[]; totalCount: number };
      const http = await product.time<typeof page>(apiPath(agencyApi.list, { query: params }), token, RUNS);
      sameAnswer(label, page, http.last);
      const rawQuery = agencyPageQuery(
        db,
        caller,
        { programId },
        { limit: 10, offset: (query.page ?? 0) * 10 },
      ).toSQL();
      const rawTimes = await timed(RUNS, () => pool!.query(rawQuery.sql, rawQuery.params));
      const f = (n: number) => n.toFixed(1);
      console.log(
        `| ${label} | ${who} | ${page.data.length} | ${page.totalCount.toLocaleString('en-US')} | ${f(http.p50)} | ${f(http.p95)} | ${roundTrips(http.roundTrips)} | ${f(service.p50)} | ${f(service.p95)} | ${f(rawTimes.p50)} | ${f(rawTimes.p95)} | ${GOAL.cell} | ${GOAL.check(`${label}, ${who}`, http.p95)} |`,
      );
      if (EXPLAIN) {
        const plan = await pool!.query(
          `explain (analyze, buffers, costs off, summary on) ${rawQuery.sql}`,
          rawQuery.params,
        );
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
