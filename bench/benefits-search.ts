/**
 * Benefit search at 5,000,000 benefits; goal: each search's p95 over HTTP under 50 ms on PostgreSQL.
 *
 *   npm run bench:benefits                        # PostgreSQL at 127.0.0.1:5432, user postgres (trust)
 *   BENCH_DATABASE_URL=postgres://u@host/db npm run bench:benefits   # another server (its admin database)
 *   BENCH_BENEFITS=500000 BENCH_ACCOUNTS=100000 BENCH_RUNS=20 npm run bench:benefits   # smaller or quicker
 *   BENCH_EXPLAIN=1 npm run bench:benefits                          # also print each query plan
 *   BENCH_EXTRA_INDEXES=1 npm run bench:benefits                    # also a second pass, the name indexes rebuilt
 *   BENCH_ONLY='name prefix' npm run bench:benefits                  # only the searches whose label contains the text
 *
 * Creates a database with a unique name, migrates it, bulk-inserts the recipient accounts and the benefits with
 * `insert ... select generate_series` (the benefits' secondary indexes are dropped for the load and rebuilt after it,
 * as a bulk load would), runs ANALYZE and VACUUM, then, for the searches of the benefit screens, times the search
 * service in process (`searchBenefits`: the page of rows and the capped count) and the request over HTTP
 * (`GET /benefit-api/benefit` with the same criteria, to the product listening on a port, signed in as the caller),
 * printing the round trips a request sent. Exits 1 when an HTTP p95 misses the goal, after printing every figure.
 * Drops the database at the end. Results and their reading: bench/README.md.
 */
import { performance } from 'node:perf_hooks';
import { PgDialect } from 'drizzle-orm/pg-core';
import { BENEFIT_SEARCH_COUNT_CAP, benefitApi, BenefitSearchQuery } from '@ebt/core/benefits';
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
import { countBenefitsQuery, searchBenefitPageQuery } from '../packages/server/src/modules/benefits/queries.js';
import { searchBenefits } from '../packages/server/src/modules/benefits/search.js';
import {
  apiPath,
  arrayLiteral,
  type BenchProduct,
  benchConfig,
  benchContext,
  benchGoal,
  benchSession,
  dropSecondaryIndexes,
  FIRST_NAMES,
  LAST_NAMES,
  machineLoad,
  scratchPostgresDatabase,
  SEARCH_TABLE_HEADER,
  seconds,
  startProduct,
  timeSearch,
} from './shared.js';

const BENEFITS = Number(process.env.BENCH_BENEFITS ?? 5_000_000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const EXTRA_INDEXES = process.env.BENCH_EXTRA_INDEXES === '1';
/** Only the searches whose label contains this text. */
const ONLY = process.env.BENCH_ONLY;
/**
 * The name indexes with the other name as a second key, so a name-ordered search reads one person's group instead of
 * every "Smith": proposed here first (bench/README.md "Index needs"), the schema's since migration 0003, so the second
 * pass rebuilds the same indexes and times the name searches again on freshly built ones.
 */
const PROPOSED_INDEXES = [
  'drop index recipient_accounts_last_name_lower_idx',
  'drop index recipient_accounts_first_name_lower_idx',
  'create index recipient_accounts_last_name_lower_idx on recipient_accounts (lower(last_name) text_pattern_ops, lower(first_name) text_pattern_ops)',
  'create index recipient_accounts_first_name_lower_idx on recipient_accounts (lower(first_name) text_pattern_ops, lower(last_name) text_pattern_ops)',
];
const CHUNK = 250_000;
/** The benefits' available dates spread over this many days up to 60 days after the bench's "today". */
const DAYS = 1000;
const GOAL = benchGoal('issue 11: each search p95 over HTTP under 50 ms', 50);

async function main() {
  let database: Database | undefined;
  let product: BenchProduct | undefined;
  try {
    database = await scratchPostgresDatabase('ebt_bench');
    const { db, pool } = database;
    await migrateDatabase(database);
    await ensureReferenceData(db);
    const version = (await pool!.query('select version()')).rows[0].version as string;
    console.log(version.split(',')[0]);
    const today = (await pool!.query(`select (now() at time zone 'America/New_York')::date::text as d`)).rows[0]
      .d as string;

    // Three programs (60 %, 30 %, 10 % of the accounts), four agencies and two funding sources each.
    const programRows = await db
      .insert(programs)
      .values(
        ['Bench Senior Market', 'Bench SNAP Incentive', 'Bench Produce Rx'].map((n, i) => ({
          name: n,
          shortName: `BENCH${i + 1}`,
        })),
      )
      .returning();
    const agencyRows = await db
      .insert(agencies)
      .values(
        programRows.flatMap((p, i) =>
          [1, 2, 3, 4].map((k) => ({ programId: p.id, name: `Agency ${i + 1}.${k}`, code: `A${i + 1}${k}` })),
        ),
      )
      .returning();
    const fundingRows = await db
      .insert(fundingSources)
      .values(programRows.flatMap((p) => ['State Funds', 'Federal Funds'].map((n) => ({ programId: p.id, name: n }))))
      .returning();
    const byProgram = programRows.map((p) => agencyRows.filter((a) => a.programId === p.id).map((a) => a.id));
    const p = programRows.map((r) => r.id);
    const fundsOf = (i: number) =>
      fundingRows
        .filter((f) => f.programId === p[i])
        .map((f) => f.id)
        .join(',');

    const started = performance.now();
    for (let from = 1; from <= ACCOUNTS; from += CHUNK) {
      const to = Math.min(ACCOUNTS, from + CHUNK - 1);
      // As bench/recipients-search.ts: hashes of g spread names, programs and agencies; 1 in 20 has no agency.
      await pool!.query(`
        insert into recipient_accounts (program_id, agency_id, recipient_identifier, status_id, first_name, last_name,
          city, state_code, zipcode, email, mobile_phone, creation_channel)
        select pp.program_id,
               case when g % 20 = 0 then null
                    else (case pp.program_id when ${p[0]} then array[${byProgram[0]!.join(',')}]
                                             when ${p[1]} then array[${byProgram[1]!.join(',')}]
                                             else array[${byProgram[2]!.join(',')}] end)[1 + (g / 7) % 4] end,
               (10000000 + g)::text, 0,
               (${arrayLiteral(FIRST_NAMES)})[1 + ((g::bigint * 2654435761) % ${FIRST_NAMES.length})],
               (${arrayLiteral(LAST_NAMES)})[1 + ((g::bigint * 40503 + g / 3) % ${LAST_NAMES.length})],
               'Hartford', 'CT', '06103', 'r' || g || '@example.com', '860' || lpad(g::text, 7, '0'), 'FILE'
        from generate_series(${from}, ${to}) g
        cross join lateral (select case when g % 10 < 6 then ${p[0]} when g % 10 < 9 then ${p[1]} else ${p[2]} end as program_id) pp`);
      console.log(`inserted ${to.toLocaleString('en-US')} accounts (${seconds(started)})`);
    }
    const firstAccount = Number((await pool!.query('select min(id) as id from recipient_accounts')).rows[0].id);

    // Secondary indexes of benefits are rebuilt after the load (one sort each instead of 5 million insertions).
    const rebuildIndexes = await dropSecondaryIndexes((text) => pool!.query(text), 'benefits');

    // Benefit g belongs to account (g mod ACCOUNTS): five per account, in the account's program and agency. Available
    // dates spread over DAYS days up to 60 days after today; 1 in 50 is Void, older ones Expired or Expunged.
    for (let from = 1; from <= BENEFITS; from += CHUNK) {
      const to = Math.min(BENEFITS, from + CHUNK - 1);
      await pool!.query(`
        insert into benefits (program_id, account_id, agency_id, funding_source_id, authorization_number, benefit_type_id,
          status_id, available_date, expiration_date, amount, balance, notified_recipient, creation_channel)
        select ra.program_id, ra.id, ra.agency_id,
               (case ra.program_id when ${p[0]} then array[${fundsOf(0)}] when ${p[1]} then array[${fundsOf(1)}]
                                   else array[${fundsOf(2)}] end)[1 + g % 2],
               'B' || g, 1,
               case when g % 50 = 0 then 3 when d.available + 120 < '${today}'::date then (case when g % 3 = 0 then 2 else 1 end) else 0 end,
               d.available, d.available + 120,
               a.amount, round(a.amount * ((g % 5)::numeric / 4), 2), true, 'FILE'
        from generate_series(${from}, ${to}) g
        join recipient_accounts ra on ra.id = ${firstAccount} + (g % ${ACCOUNTS})
        cross join lateral (select '${today}'::date + 60 - ((g::bigint * 7907) % ${DAYS})::int as available) d
        cross join lateral (select (10 + (g % 91))::numeric(12,2) as amount) a`);
      console.log(`inserted ${to.toLocaleString('en-US')} benefits (${seconds(started)})`);
    }
    const rebuilt = await rebuildIndexes();
    console.log(`rebuilt ${rebuilt} indexes (${seconds(started)})`);
    await pool!.query('vacuum analyze');
    console.log(`loaded, vacuumed and analysed in ${seconds(started)}\n`);

    // The callers: a program admin of the two larger programs, an agency user of one agency of the largest, a
    // platform admin, and a recipient with two accounts.
    const [programAdmin, agencyUser, platformAdmin, recipient] = await db
      .insert(users)
      .values([
        {
          username: 'benchprogadmin',
          email: 'p@example.com',
          firstName: 'P',
          lastName: 'Admin',
          roleId: ROLE.PROGRAM_ADMIN,
          statusId: 2,
        },
        {
          username: 'benchagencyuser',
          email: 'a@example.com',
          firstName: 'A',
          lastName: 'User',
          roleId: ROLE.AGENCY_USER,
          statusId: 2,
        },
        {
          username: 'benchsysadmin',
          email: 's@example.com',
          firstName: 'S',
          lastName: 'Admin',
          roleId: ROLE.PLATFORM_ADMIN,
          statusId: 2,
        },
        {
          username: 'benchrecipient',
          email: 'r@example.com',
          firstName: 'R',
          lastName: 'Recipient',
          roleId: ROLE.RECIPIENT,
          statusId: 2,
        },
      ])
      .returning();
    await db.insert(userPrograms).values([p[0]!, p[1]!].map((programId) => ({ userId: programAdmin!.id, programId })));
    await db.insert(userAgencies).values({ userId: agencyUser!.id, agencyId: byProgram[0]![0]! });
    await pool!.query(`update recipient_accounts set user_id = $1 where id in ($2, $3)`, [
      recipient!.id,
      firstAccount + 10,
      firstAccount + 11,
    ]);
    const sessions = {
      'program admin': await benchSession(database, programAdmin!.id),
      'agency user': await benchSession(database, agencyUser!.id),
      'platform admin': await benchSession(database, platformAdmin!.id),
      recipient: await benchSession(database, recipient!.id),
    };

    const sample = (
      await pool!.query(
        `select ra.recipient_identifier, b.authorization_number from benefits b join recipient_accounts ra on ra.id = b.account_id
         where b.agency_id = $1 order by b.id limit 1 offset $2`,
        [byProgram[0]![0], Math.min(5000, Math.floor(BENEFITS / 20))],
      )
    ).rows[0] as { recipient_identifier: string; authorization_number: string };
    const monthAgo = (await pool!.query(`select ('${today}'::date - 30)::text as d`)).rows[0].d as string;
    const month = { startDate: monthAgo, endDate: today };
    const program1 = programRows[0]!.uuid;

    const config = benchConfig({ LOG_LEVEL: 'silent', SEED: 'none' });
    product = await startProduct(database);
    const scenarios: [string, keyof typeof sessions, Record<string, string>][] = [
      ['program, no dates (the list opens)', 'program admin', { programUuid: program1 }],
      ['program, last 30 days', 'program admin', { programUuid: program1, ...month }],
      ['program, page 50', 'program admin', { programUuid: program1, page: '50' }],
      ['both programs (no program chosen), last 30 days', 'program admin', month],
      ['program, last name prefix smi', 'program admin', { programUuid: program1, lastname: 'smi' }],
      ['last name smith + first name mar', 'program admin', { lastname: 'smith', firstname: 'mar' }],
      ['first name prefix mar', 'program admin', { firstname: 'mar' }],
      [`Account ID ${sample.recipient_identifier}`, 'program admin', { accountId: sample.recipient_identifier }],
      ['agency, no filter', 'agency user', {}],
      ['agency, last 30 days', 'agency user', month],
      ['agency, last name prefix smi', 'agency user', { lastname: 'smi' }],
      [
        `authorization number ${sample.authorization_number}`,
        'platform admin',
        { authNo: sample.authorization_number },
      ],
      ['every program, no filter', 'platform admin', {}],
      ['every program, last 30 days', 'platform admin', month],
      ['recipient portal, pageSize 1000', 'recipient', { pageSize: '1000' }],
    ];

    const run = async (list: typeof scenarios) => {
      console.log(SEARCH_TABLE_HEADER);
      for (const [label, who, params] of list) {
        const { caller, token } = sessions[who];
        const ctx = benchContext(database!, caller, config);
        const query = BenefitSearchQuery.parse(params);
        const path = apiPath(benefitApi.search, { query: params });
        await timeSearch(label, who, RUNS, () => searchBenefits(ctx, query), { product: product!, token, path }, GOAL);
        if (EXPLAIN) {
          // The filter as the service resolves it: the program and the dates of the scenario.
          const filter = {
            programId: params.programUuid ? programRows[0]!.id : undefined,
            startDate: params.startDate,
            endDate: params.endDate,
            firstname: params.firstname,
            lastname: params.lastname,
            accountId: params.accountId,
            authNo: params.authNo,
          };
          const rowsQuery = searchBenefitPageQuery(db, caller, filter, {
            limit: query.pageSize,
            offset: query.page * query.pageSize,
          }).toSQL();
          const countQuery = new PgDialect().sqlToQuery(countBenefitsQuery(caller, filter, BENEFIT_SEARCH_COUNT_CAP));
          for (const [what, q] of [
            ['rows', rowsQuery],
            ['count', countQuery],
          ] as const) {
            const plan = await pool!.query(`explain (analyze, buffers, costs off, summary on) ${q.sql}`, q.params);
            console.log(
              `  ${what} query:\n${plan.rows.map((r: Record<string, string>) => `    ${r['QUERY PLAN']}`).join('\n')}`,
            );
          }
        }
      }
    };
    console.log(
      `${RUNS} runs each after 3 warm-up runs, in process and over HTTP; pageSize 10 (the screen's request) unless named; ${machineLoad()}`,
    );
    await run(ONLY ? scenarios.filter(([label]) => label.includes(ONLY)) : scenarios);
    if (EXTRA_INDEXES) {
      const t0 = performance.now();
      for (const statement of PROPOSED_INDEXES) await pool!.query(statement);
      await pool!.query('analyze recipient_accounts');
      console.log(`\nWith the name indexes rebuilt (in ${seconds(t0)}), the searches that name a person:`);
      await run(
        scenarios.filter(
          ([label, , params]) =>
            (params.lastname !== undefined || params.firstname !== undefined) && (!ONLY || label.includes(ONLY)),
        ),
      );
    }
    console.log(`\n${machineLoad()}`);
    GOAL.report();
  } finally {
    await product?.close();
    await database?.close();
  }
}

await main();
