/**
 * User search at 1,000,000 users (issue 14 "Done when": p95 under 50 ms on PostgreSQL, held over HTTP, beside the
 * service in process and the raw SQL of the same query).
 *
 *   npm run bench:users-search                          # PostgreSQL at 127.0.0.1:5432, user postgres (trust)
 *   BENCH_ROWS=20000 BENCH_RUNS=10 npm run bench:users-search   # a quick smoke run
 *   BENCH_EXPLAIN=1 npm run bench:users-search          # also print each query plan
 *
 * Creates a scratch database, migrates it, bulk-inserts the users by `insert ... select generate_series`: 95 % are
 * recipients' users, each with a recipient account (three programs of 60 %, 30 % and 10 %, four agencies each, every
 * 20th account without an agency); the rest are staff linked to a program (role 1, 2) or an agency (roles 5, 6).
 * Then ANALYZE, and for each search the screen makes (`GET /user-api/users`) times the request over HTTP (the product
 * listening on a port, signed in as the caller; the round trips a request sent printed), the service in process
 * (`searchUsers`, as the route runs it: the capped list and the programs and agencies of its rows) and the rows
 * query's SQL text sent raw through the pool. Exits 1 when an HTTP p95 misses the goal, after printing every figure.
 * Drops the database at the end. Reading: bench/README.md.
 */
import { performance } from 'node:perf_hooks';
import { ROLE } from '@ebt/core/enums';
import { USER_SEARCH_CAP, userApi, UserSearchQuery } from '@ebt/core/users';
import type { Database } from '../packages/server/src/db/client.js';
import { migrateDatabase } from '../packages/server/src/db/migrate.js';
import { ensureReferenceData } from '../packages/server/src/db/reference-data.js';
import { agencies, programs, userAgencies, userPrograms, users } from '../packages/server/src/db/schema/index.js';
import { searchUserRows, type UserFilter } from '../packages/server/src/modules/users/queries.js';
import { searchUsers } from '../packages/server/src/modules/users/search.js';
import {
  apiPath,
  arrayLiteral,
  type BenchProduct,
  benchConfig,
  benchContext,
  benchGoal,
  type BenchSession,
  benchSession,
  FIRST_NAMES,
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
const GOAL = benchGoal('issue 14: each search p95 over HTTP under 50 ms', 50);

async function main() {
  let database: Database | undefined;
  let product: BenchProduct | undefined;
  try {
    database = await scratchPostgresDatabase('ebt_bench_users');
    const { db, pool } = database;
    await migrateDatabase(database);
    await ensureReferenceData(db);
    console.log(((await pool!.query('select version()')).rows[0].version as string).split(',')[0]);

    const programRows = await db
      .insert(programs)
      .values(
        ['Bench Senior Market', 'Bench SNAP Incentive', 'Bench Produce Rx'].map((name, i) => ({
          name,
          shortName: `BU${i + 1}`,
        })),
      )
      .returning();
    const agencyRows = await db
      .insert(agencies)
      .values(
        programRows.flatMap((p, i) =>
          [1, 2, 3, 4].map((k) => ({ programId: p.id, name: `Agency ${i + 1}.${k}`, code: `U${i + 1}${k}` })),
        ),
      )
      .returning();
    const byProgram = programRows.map((p) => agencyRows.filter((a) => a.programId === p.id).map((a) => a.id));
    const programOf = (g: string) =>
      `case when ${g} % 10 < 6 then ${programRows[0]!.id} when ${g} % 10 < 9 then ${programRows[1]!.id} else ${programRows[2]!.id} end`;
    const agenciesOf = (program: string) =>
      `case ${program} when ${programRows[0]!.id} then array[${byProgram[0]!.join(',')}]
                       when ${programRows[1]!.id} then array[${byProgram[1]!.join(',')}]
                       else array[${byProgram[2]!.join(',')}] end`;

    const started = performance.now();
    for (let from = 1; from <= ROWS; from += CHUNK) {
      const to = Math.min(ROWS, from + CHUNK - 1);
      // Every 20th user is staff (roles 1, 2, 5, 6 in turn); statuses mostly Enabled, some Pending, Registered,
      // Disabled, and every 97th Deleted. The place arrays (decision 0032) are written with the user, as the links
      // below will make them (ids run from 1 in the scratch database): the triggers then find them right and rewrite
      // no row, as the account import does with its new users.
      await pool!.query(`
        insert into users (uuid, username, email, email_verified, first_name, middle_name, last_name, mobile, status_id,
          role_id, program_ids, agency_ids)
        select gen_random_uuid(), lower(f.name) || g, lower(f.name) || '.' || lower(l.name) || g || '@example.com',
               g % 3 <> 0, f.name, chr(65 + g % 26), l.name,
               '860' || lpad(((g::bigint * 7919) % 10000000)::text, 7, '0'),
               case when g % 97 = 0 then 4 when g % 11 = 0 then 3 when g % 7 = 0 then 0 when g % 5 = 0 then 1 else 2 end,
               r.role_id, array[${programOf('g')}],
               case when r.role_id in (1, 2) or (r.role_id = 3 and g % 20 = 1) then '{}'::int[]
                    else array[(${agenciesOf(programOf('g'))})[1 + (g / 7) % 4]] end
        from generate_series(${from}, ${to}) g
        cross join lateral (select case when g % 20 <> 0 then 3 else (array[1, 2, 5, 6])[1 + (g / 20) % 4] end as role_id) r
        cross join lateral (select (${arrayLiteral(FIRST_NAMES)})[1 + ((g::bigint * 2654435761) % ${FIRST_NAMES.length})] as name) f
        cross join lateral (select (${arrayLiteral(LAST_NAMES)})[1 + ((g::bigint * 40503 + g / 3) % ${LAST_NAMES.length})] as name) l`);
      console.log(`inserted ${to.toLocaleString('en-US')} users (${seconds(started)})`);
    }
    // Statistics before the links: the place triggers (decision 0032) join the touched users to the link tables, and
    // a plan made for an empty users table would not suit a million rows.
    await pool!.query('analyze users');
    await pool!.query(`
      insert into recipient_accounts (program_id, agency_id, recipient_identifier, status_id, first_name, last_name,
        address1, city, state_code, zipcode, email, mobile_phone, card_issuance, creation_channel, user_id)
      select p.program_id, case when u.id % 20 = 1 then null else (${agenciesOf('p.program_id')})[1 + (u.id / 7) % 4] end,
             (10000000 + u.id)::text, 0, u.first_name, u.last_name, u.id || ' Main Street', 'Hartford', 'CT', '06103',
             u.email, u.mobile, false, 'FILE', u.id
      from users u cross join lateral (select ${programOf('u.id')} as program_id) p
      where u.role_id = 3`);
    await pool!.query(`
      insert into user_programs (user_id, program_id)
      select id, ${programOf('id')} from users where role_id in (1, 2)`);
    await pool!.query(`
      insert into user_agencies (user_id, agency_id)
      select id, (${agenciesOf(programOf('id'))})[1 + (id / 7) % 4] from users where role_id in (5, 6)`);
    // VACUUM as well as ANALYZE: the search reads its ids off the indexes alone (index-only scans), which needs the
    // visibility map that autovacuum keeps on a live table and a fresh bulk load does not have yet.
    await pool!.query('vacuum analyze');
    console.log(`accounts, staff links and ANALYZE done (${seconds(started)})\n`);

    const agency = agencyRows.find((a) => a.programId === programRows[1]!.id)!;
    const [programAdmin, agencyAdmin, platformAdmin] = await db
      .insert(users)
      .values(
        (
          [
            ['benchuprog', ROLE.PROGRAM_ADMIN],
            ['benchuagency', ROLE.AGENCY_ADMIN],
            ['benchusys', ROLE.PLATFORM_ADMIN],
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
    await db.insert(userPrograms).values({ userId: programAdmin!.id, programId: programRows[1]!.id });
    await db.insert(userAgencies).values({ userId: agencyAdmin!.id, agencyId: agency.id });
    const sessions: Record<string, BenchSession> = {
      'program admin': await benchSession(database, programAdmin!.id),
      'agency admin': await benchSession(database, agencyAdmin!.id),
      'platform admin': await benchSession(database, platformAdmin!.id),
    };

    // A user of the agency admin's agency (so in every caller's scope).
    const sample = (
      await pool!.query(
        `select u.username, u.email, u.last_name from users u join recipient_accounts ra on ra.user_id = u.id
         where ra.agency_id = $1 order by u.id limit 1 offset $2`,
        [agency.id, Math.min(500, Math.floor(ROWS / 400))],
      )
    ).rows[0] as { username: string; email: string; last_name: string };

    const config = benchConfig({ LOG_LEVEL: 'silent', SEED: 'none' });
    product = await startProduct(database);
    const programUuid = programRows[1]!.uuid;
    const scenarios: [string, string, Record<string, string>][] = [
      [`username '${sample.username}'`, 'agency admin', { username: sample.username }],
      [`username '${sample.username}'`, 'platform admin', { username: sample.username }],
      ["username 'ma' (prefix, broad)", 'program admin', { username: 'ma' }],
      [`e-mail '${sample.email.slice(0, 14)}' (prefix)`, 'program admin', { email: sample.email.slice(0, 14) }],
      ["last name 'smi' (prefix, broad)", 'program admin', { lastname: 'smi' }],
      [`last name '${sample.last_name}'`, 'agency admin', { lastname: sample.last_name }],
      ["first name 'mar' (prefix, broad)", 'platform admin', { firstname: 'mar' }],
      ["first name 'mar' + last name 'sm'", 'agency admin', { firstname: 'mar', lastname: 'sm' }],
      ['status Disabled alone', 'program admin', { userStatusId: '3' }],
      ['status Deleted alone', 'agency admin', { userStatusId: '4' }],
      ['role Agency Admin alone', 'platform admin', { roleId: '5' }],
      ['role Program Admin alone', 'program admin', { roleId: '1' }],
      ['program alone', 'program admin', { programUuid }],
      ['agency alone', 'agency admin', { agencyUuid: agency.uuid }],
      ["program + last name 'jo'", 'platform admin', { programUuid, lastname: 'jo' }],
    ];

    console.log(
      `${RUNS} runs each after 3 warm-up runs; at most ${USER_SEARCH_CAP} rows (the screen pages 10); ${machineLoad()}`,
    );
    console.log(
      '| search | caller | rows | capped | HTTP p50 ms | HTTP p95 ms | round trips a request | in-process service p50 ms | in-process service p95 ms | raw SQL p50 ms | raw SQL p95 ms | goal: HTTP p95 | |',
    );
    console.log('|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---|');
    for (const [label, who, params] of scenarios) {
      const { caller, token } = sessions[who]!;
      const ctx = benchContext(database, caller, config);
      const query = UserSearchQuery.parse(params);
      const service = await timed(RUNS, () => searchUsers(ctx, query));
      const http = await product.time<{ data: unknown[] }>(apiPath(userApi.search, { query: params }), token, RUNS);
      sameAnswer(label, service.last, http.last);
      // The same rows query as the service builds it (program and agency resolved to ids, as criteriaPlaces does).
      const { programUuid: p, agencyUuid: a, roleId, userStatusId, ...texts } = query;
      const filter: UserFilter = {
        ...texts,
        roleId: typeof roleId === 'number' ? roleId : undefined,
        userStatusId: typeof userStatusId === 'number' ? userStatusId : undefined,
        programId: p ? programRows[1]!.id : undefined,
        agencyId: a ? agency.id : undefined,
      };
      const raw = searchUserRows(db, caller, filter, USER_SEARCH_CAP + 1).toSQL();
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
