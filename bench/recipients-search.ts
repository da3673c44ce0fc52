/**
 * Recipient search at 1,000,000 accounts; goal: each search's p95 over HTTP under 50 ms on PostgreSQL.
 *
 *   npm run bench:recipients                      # PostgreSQL at 127.0.0.1:5432, user postgres (trust)
 *   BENCH_DATABASE_URL=postgres://u@host/db npm run bench:recipients   # another server (its admin database)
 *   BENCH_ROWS=200000 BENCH_RUNS=20 npm run bench:recipients          # smaller or quicker
 *   BENCH_EXPLAIN=1 npm run bench:recipients                          # also print each query plan
 *   BENCH_EXTRA_INDEXES=1 npm run bench:recipients                    # also the program-scoped twins bench/README.md proposes
 *
 * Creates a database with a unique name, migrates it, bulk-inserts the accounts with `insert ... select
 * generate_series`, runs ANALYZE, then, for each scenario as the caller named, times the search service in process
 * (`searchRecipients`: the capped count and the page of rows) and the request over HTTP
 * (`GET /account-api/account` with the same criteria, to the product listening on a port, signed in as that caller),
 * printing the round trips a request sent. Exits 1 when an HTTP p95 misses the goal, after printing every figure.
 * Drops the database at the end. Results and their reading: bench/README.md.
 */
import { performance } from 'node:perf_hooks';
import { ROLE } from '@ebt/core/enums';
import {
  RECIPIENT_SEARCH_COUNT_CAP,
  recipientApi,
  recipientSearchCriteria,
  RecipientSearchQuery,
} from '@ebt/core/recipients';
import type { Database } from '../packages/server/src/db/client.js';
import { migrateDatabase } from '../packages/server/src/db/migrate.js';
import { ensureReferenceData } from '../packages/server/src/db/reference-data.js';
import { agencies, programs, userAgencies, userPrograms, users } from '../packages/server/src/db/schema/index.js';
import { searchRecipients } from '../packages/server/src/modules/recipients/search.js';
import { countRecipientsQuery, searchRecipientRows } from '../packages/server/src/modules/recipients/queries.js';
import {
  apiPath,
  arrayLiteral,
  type BenchProduct,
  benchConfig,
  benchContext,
  benchGoal,
  benchSession,
  FIRST_NAMES,
  LAST_NAMES,
  machineLoad,
  scratchPostgresDatabase,
  SEARCH_TABLE_HEADER,
  startProduct,
  timeSearch,
} from './shared.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const EXTRA_INDEXES = process.env.BENCH_EXTRA_INDEXES === '1';

/** Proposed, not in the schema (bench/README.md "Index needs"): scope column first, then the prefix expression. */
const PROPOSED_INDEXES = [
  'create index recipient_accounts_program_last_name_idx on recipient_accounts (program_id, lower(last_name) text_pattern_ops)',
  'create index recipient_accounts_program_email_idx on recipient_accounts (program_id, lower(email) text_pattern_ops)',
];
const CHUNK = 100_000;
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

    // Three programs (60 %, 30 %, 10 % of the accounts), four agencies each.
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
    const byProgram = programRows.map((p) => agencyRows.filter((a) => a.programId === p.id).map((a) => a.id));

    const started = performance.now();
    for (let from = 1; from <= ROWS; from += CHUNK) {
      const to = Math.min(ROWS, from + CHUNK - 1);
      // Hashes of g spread names, programs and agencies; every 20th account has no agency (program level).
      await pool!.query(`
        insert into recipient_accounts (program_id, agency_id, recipient_identifier, status_id, first_name, middle_name, last_name,
          address1, city, state_code, zipcode, email, mobile_phone, card_issuance, creation_channel)
        select p.program_id,
               case when g % 20 = 0 then null else (p.agencies)[1 + (g / 7) % 4] end,
               (10000000 + g)::text,
               case when g % 25 = 0 then 1 else 0 end,
               f.name, chr(65 + g % 26), l.name,
               g || ' Main Street', 'Hartford', 'CT', '06103',
               lower(f.name) || '.' || lower(l.name) || (g % 997) || '@example.com',
               '860' || lpad(((g::bigint * 7919) % 10000000)::text, 7, '0'),
               g % 2 = 0, 'FILE'
        from generate_series(${from}, ${to}) g
        cross join lateral (select case when g % 10 < 6 then ${programRows[0]!.id} when g % 10 < 9 then ${programRows[1]!.id} else ${programRows[2]!.id} end as program_id) pp
        cross join lateral (select pp.program_id,
               case pp.program_id when ${programRows[0]!.id} then array[${byProgram[0]!.join(',')}]
                                  when ${programRows[1]!.id} then array[${byProgram[1]!.join(',')}]
                                  else array[${byProgram[2]!.join(',')}] end as agencies) p
        cross join lateral (select (${arrayLiteral(FIRST_NAMES)})[1 + ((g::bigint * 2654435761) % ${FIRST_NAMES.length})] as name) f
        cross join lateral (select (${arrayLiteral(LAST_NAMES)})[1 + ((g::bigint * 40503 + g / 3) % ${LAST_NAMES.length})] as name) l`);
      console.log(
        `inserted ${to.toLocaleString('en-US')} accounts (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
    }
    console.log();
    if (EXTRA_INDEXES) {
      for (const statement of PROPOSED_INDEXES) await pool!.query(statement);
      console.log(`created ${PROPOSED_INDEXES.length} proposed indexes`);
    }
    await pool!.query('analyze');
    console.log(`loaded and analysed in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // The callers: a program admin of the two larger programs, an agency user of one agency, a platform admin.
    const [programAdmin, agencyUser, platformAdmin] = await db
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
      ])
      .returning();
    await db
      .insert(userPrograms)
      .values([programRows[0]!, programRows[1]!].map((p) => ({ userId: programAdmin!.id, programId: p.id })));
    await db.insert(userAgencies).values({ userId: agencyUser!.id, agencyId: byProgram[0]![0]! });
    const sessions = {
      'program admin': await benchSession(database, programAdmin!.id),
      'agency user': await benchSession(database, agencyUser!.id),
      'platform admin': await benchSession(database, platformAdmin!.id),
    };

    // Values that exist: an agency-user account's e-mail and identifier, a phone.
    const sample = (
      await pool!.query(
        `select recipient_identifier, email, mobile_phone from recipient_accounts where agency_id = $1 order by id limit 1 offset $2`,
        [byProgram[0]![0], Math.min(5000, Math.floor(ROWS / 20))],
      )
    ).rows[0] as { recipient_identifier: string; email: string; mobile_phone: string };

    const config = benchConfig({ LOG_LEVEL: 'silent', SEED: 'none' });
    product = await startProduct(database);
    const scenarios: [string, keyof typeof sessions, Record<string, string>][] = [
      ["last name 'smi' (prefix)", 'program admin', { lastname: 'smi' }],
      ["last name 'smith' + first 'mar'", 'program admin', { lastname: 'smith', firstname: 'mar' }],
      ["last name 's' (broad, count capped)", 'program admin', { lastname: 's' }],
      ["last name 's', page 4 of 2000", 'program admin', { lastname: 's', page: '4' }],
      ["last name 'smi' (prefix)", 'agency user', { lastname: 'smi' }],
      [`e-mail '${sample.email.slice(0, 10)}' (prefix)`, 'agency user', { email: sample.email.slice(0, 10) }],
      [`e-mail '${sample.email.split('@')[0]}' (prefix)`, 'agency user', { email: sample.email.split('@')[0]! }],
      ["e-mail 'ma' (broad)", 'agency user', { email: 'ma' }],
      [
        `Account ID ${sample.recipient_identifier} (exact)`,
        'agency user',
        { recipientIdentifier: sample.recipient_identifier },
      ],
      [
        `Account ID ${sample.recipient_identifier} (exact)`,
        'platform admin',
        { recipientIdentifier: sample.recipient_identifier },
      ],
      [`phone ${sample.mobile_phone} (digits)`, 'program admin', { mobilePhone: sample.mobile_phone }],
      [
        `phone '${sample.mobile_phone.slice(0, 6)}' (prefix)`,
        'program admin',
        { mobilePhone: sample.mobile_phone.slice(0, 6) },
      ],
      [`phone '(860) 555' (prefix)`, 'agency user', { mobilePhone: '(860) 555' }],
    ];

    console.log(
      `\n${RUNS} runs each after 3 warm-up runs, in process and over HTTP; pageSize 2000 (the screen's request); ${machineLoad()}`,
    );
    console.log(SEARCH_TABLE_HEADER);
    for (const [label, who, params] of scenarios) {
      const { caller, token } = sessions[who];
      const ctx = benchContext(database, caller, config);
      const query = RecipientSearchQuery.parse(params);
      const path = apiPath(recipientApi.search, { query: params });
      await timeSearch(label, who, RUNS, () => searchRecipients(ctx, query), { product, token, path }, GOAL);
      if (EXPLAIN) {
        const filter = { criteria: recipientSearchCriteria(params) };
        const rowsQuery = searchRecipientRows(db, caller, filter, {
          limit: query.pageSize,
          offset: query.page * query.pageSize,
        }).toSQL();
        const countQuery = countRecipientsQuery(db, caller, filter, RECIPIENT_SEARCH_COUNT_CAP).toSQL();
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
    console.log(`\n${machineLoad()}`);
    GOAL.report();
  } finally {
    await product?.close();
    await database?.close();
  }
}

await main();
