/**
 * Transaction search and export at 10,000,000 transactions; goals: each search's p95 over HTTP under 50 ms
 * on PostgreSQL, and a 100,000-row export streamed with the process's memory growing by under 100 MB.
 *
 *   npm run bench:transactions-search                     # PostgreSQL at 127.0.0.1:5432, user postgres (trust)
 *   BENCH_ROWS=500000 BENCH_ACCOUNTS=50000 BENCH_RUNS=20 npm run bench:transactions-search   # smaller or quicker
 *   BENCH_EXPLAIN=1 npm run bench:transactions-search     # also print each query plan
 *   BENCH_ONLY='merchant' npm run bench:transactions-search   # only the searches whose label contains the text
 *   BENCH_EXPORT_ROWS=100000 npm run bench:transactions-search # the export's size (0 skips it)
 *
 * Creates a database with a unique name, migrates it, bulk-inserts accounts, merchants and the transactions with
 * `insert ... select generate_series` in chunks (the transactions' secondary indexes dropped for the load and rebuilt
 * after it, as a bulk load would), runs VACUUM ANALYZE, then times each criterion alone and the common pairs as a
 * request over HTTP (GET /transaction-api/transactions to the product listening on a port, signed in as the caller;
 * the round trips a request sent printed), through the search service in process (`searchTransactions`: the page and
 * the capped count) and as raw SQL (the same page statement sent straight to the pool). Then it streams an export of
 * BENCH_EXPORT_ROWS rows, in process through `exportTransactions` and over HTTP (GET
 * /transaction-api/transactions/export, read as it arrives), and reports the process's peak memory growth for each.
 * Exits 1 when an HTTP p95 or the HTTP export's memory misses its goal, after printing every figure. Drops the database
 * at the end. Results and their reading: bench/README.md.
 */
import type { Config } from '../packages/server/src/config.js';
import { MIN_DATES } from '@ebt/core/constants';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ROLE } from '@ebt/core/enums';
import {
  transactionApi,
  TRANSACTION_SEARCH_COUNT_CAP,
  TransactionExportQuery,
  TransactionSearchQuery,
} from '@ebt/core/transactions';
import type { Database } from '../packages/server/src/db/client.js';
import { migrateDatabase } from '../packages/server/src/db/migrate.js';
import { ensureReferenceData } from '../packages/server/src/db/reference-data.js';
import { agencies, programs, userAgencies, userPrograms, users } from '../packages/server/src/db/schema/index.js';
import {
  countTransactionsQuery,
  rowsWithCountQuery,
  type TransactionFilter,
} from '../packages/server/src/modules/transactions/queries.js';
import { exportTransactions, searchTransactions } from '../packages/server/src/modules/transactions/search.js';
import {
  apiPath,
  arrayLiteral,
  type BenchProduct,
  benchConfig,
  benchContext,
  benchGoal,
  type BenchSession,
  benchSession,
  dropSecondaryIndexes,
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

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000_000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1_000_000);
const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const ONLY = process.env.BENCH_ONLY;
const CHUNK = 500_000;
/** The transactions spread over this many days before now, in id order (a card network writes them as they come). */
const DAYS = 400;
const GOAL = benchGoal('issue 19: each search p95 over HTTP under 50 ms', 50);
const EXPORT_GOAL = benchGoal("issue 19: the export over HTTP grows the process's peak RSS by under 100 MB", 100, {
  unit: 'MB',
});

async function main() {
  let database: Database | undefined;
  let product: BenchProduct | undefined;
  try {
    database = await scratchPostgresDatabase('ebt_bench_trx');
    const { db, pool } = database;
    await migrateDatabase(database);
    await ensureReferenceData(db);
    const version = (await pool!.query('select version()')).rows[0].version as string;
    console.log(`${version.split(',')[0]}; ${ROWS.toLocaleString('en-US')} transactions`);

    // Three programs (60 %, 30 %, 10 % of the accounts), four agencies each.
    const programRows = await db
      .insert(programs)
      .values(
        ['Bench Senior Market', 'Bench SNAP Incentive', 'Bench Produce Rx'].map((n, i) => ({
          name: n,
          shortName: `BT${i + 1}`,
        })),
      )
      .returning();
    const agencyRows = await db
      .insert(agencies)
      .values(
        programRows.flatMap((p, i) =>
          [1, 2, 3, 4].map((k) => ({ programId: p.id, name: `Agency ${i + 1}.${k}`, code: `T${i + 1}${k}` })),
        ),
      )
      .returning();
    const byProgram = programRows.map((p) => agencyRows.filter((a) => a.programId === p.id).map((a) => a.id));
    const p = programRows.map((r) => r.id);

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
               (10000000 + g)::text, 0,
               (${arrayLiteral(FIRST_NAMES)})[1 + ((g::bigint * 2654435761) % ${FIRST_NAMES.length})],
               (${arrayLiteral(LAST_NAMES)})[1 + ((g::bigint * 40503 + g / 3) % ${LAST_NAMES.length})],
               'Hartford', 'CT', '06103', 'r' || g || '@example.com', '860' || lpad(g::text, 7, '0'), 'FILE'
        from generate_series(${from}, ${to}) g
        cross join lateral (select case when g % 10 < 6 then ${p[0]} when g % 10 < 9 then ${p[1]} else ${p[2]} end as program_id) pp`);
    }
    console.log(`inserted ${ACCOUNTS.toLocaleString('en-US')} accounts (${seconds(started)})`);
    await pool!.query(`
      insert into merchants (merchant_identifier, name)
      select 'BM' || g, 'Bench Market ' || g from generate_series(1, ${MERCHANTS}) g`);
    const firstAccount = Number((await pool!.query('select min(id) as id from recipient_accounts')).rows[0].id);
    const firstMerchant = Number((await pool!.query('select min(id) as id from merchants')).rows[0].id);

    const rebuildIndexes = await dropSecondaryIndexes((text) => pool!.query(text), 'transactions');

    // Transaction g: an account spread by a hash of g, its program and agency; in time order over DAYS days; 80 %
    // purchases, 8 % refunds, 4 % balance inquiries, 2 % purchase reversals, the rest refund reversals and incentive
    // accruals; 92 % approved, 4 % insufficient funds (51), the rest spread over the other codes.
    for (let from = 1; from <= ROWS; from += CHUNK) {
      const to = Math.min(ROWS, from + CHUNK - 1);
      await pool!.query(`
        insert into transactions (trx_datetime, program_id, agency_id, account_id, merchant_id, trx_type_id, resp_code_id,
          req_amt, settle_amt, settle_date, auth_number, trace_number, mcc, terminal_id, pan_entry_mode,
          pos_condition_code, ai_code, api_version, start_balance, end_balance)
        select t.at, ra.program_id, ra.agency_id, ra.id, ${firstMerchant} + (g::bigint * 7919) % ${MERCHANTS},
               case when h.t < 40 then 1 when h.t < 44 then 2 when h.t < 46 then 3 when h.t = 46 then 4
                    when h.t = 47 then 5 else (case when g % 2 = 0 then 6 else 1 end) end,
               r.code, (1 + g % 40)::numeric(12,2),
               case when r.code = 1 then (1 + g % 40)::numeric(12,2) end, case when r.code = 1 then t.at::date end,
               lpad((g % 999999)::text, 6, '0'), (400000000000 + g)::text, '5411', 'T' || (g % 5000), '051', '00',
               '60110000001', '2.1', 100, 90
        from generate_series(${from}, ${to}) g
        join recipient_accounts ra on ra.id = ${firstAccount} + (g::bigint * 104729) % ${ACCOUNTS}
        cross join lateral (select now() - interval '${DAYS} days' + (g::float8 / ${ROWS}) * interval '${DAYS} days' as at) t
        cross join lateral (select abs(hashint8(g)) % 50 as t, abs(hashint8(-g)) % 100 as c) h
        cross join lateral (select case when h.c < 92 then 1 when h.c < 96 then 2
                                        else 3 + (g / 100) % 13 end as code) r`);
      console.log(`inserted ${to.toLocaleString('en-US')} transactions (${seconds(started)})`);
    }
    const rebuilt = await rebuildIndexes();
    console.log(`rebuilt ${rebuilt} indexes (${seconds(started)})`);
    await pool!.query('vacuum analyze');
    console.log(`loaded, vacuumed and analysed in ${seconds(started)}\n`);

    const [programAdmin, agencyUser, platformAdmin, recipient, programAdmin2, agencyUser2] = await db
      .insert(users)
      .values(
        (
          [
            ['benchtprog', ROLE.PROGRAM_ADMIN],
            ['benchtagency', ROLE.AGENCY_USER],
            ['benchtsys', ROLE.PLATFORM_ADMIN],
            ['benchtrecip', ROLE.RECIPIENT],
            ['benchtprog2', ROLE.PROGRAM_ADMIN],
            ['benchtagency2', ROLE.AGENCY_USER],
          ] as const
        ).map(([username, roleId]) => ({
          username,
          email: `${username}@example.com`,
          firstName: 'B',
          lastName: 'Bench',
          roleId,
          statusId: 2,
        })),
      )
      .returning();
    await db.insert(userPrograms).values({ userId: programAdmin!.id, programId: p[0]! });
    await db.insert(userAgencies).values({ userId: agencyUser!.id, agencyId: byProgram[0]![0]! });
    // Callers of two places: the scope is then a list (program_id = any, agency_id = any), not one index range.
    await db.insert(userPrograms).values([
      { userId: programAdmin2!.id, programId: p[0]! },
      { userId: programAdmin2!.id, programId: p[2]! },
    ]);
    await db.insert(userAgencies).values([
      { userId: agencyUser2!.id, agencyId: byProgram[0]![0]! },
      { userId: agencyUser2!.id, agencyId: byProgram[0]![1]! },
    ]);
    await pool!.query(`update recipient_accounts set user_id = $1 where id = $2`, [recipient!.id, firstAccount + 10]);
    const sessions: Record<string, BenchSession> = {
      'program admin': await benchSession(database, programAdmin!.id),
      'agency user': await benchSession(database, agencyUser!.id),
      'platform admin': await benchSession(database, platformAdmin!.id),
      recipient: await benchSession(database, recipient!.id),
      'program admin of two': await benchSession(database, programAdmin2!.id),
      'agency user of two': await benchSession(database, agencyUser2!.id),
    };

    const sample = (
      await pool!.query(
        `select ra.recipient_identifier, ra.uuid, m.merchant_identifier from transactions t
         join recipient_accounts ra on ra.id = t.account_id join merchants m on m.id = t.merchant_id
         where t.agency_id = $1 order by t.id desc limit 1`,
        [byProgram[0]![0]],
      )
    ).rows[0] as { recipient_identifier: string; uuid: string; merchant_identifier: string };
    const now = Date.now();
    const month = {
      startDate: new Date(now - 30 * 86_400_000).toISOString(),
      endDate: new Date(now).toISOString(),
    };
    const week = {
      startDate: new Date(now - 7 * 86_400_000).toISOString(),
      endDate: new Date(now).toISOString(),
    };
    const program1 = programRows[0]!.uuid;
    const agency1 = agencyRows.find((a) => a.id === byProgram[0]![0])!.uuid;
    const merchant = { merchantNbr: sample.merchant_identifier };
    const rid = { recipientIdentifier: sample.recipient_identifier };

    const scenarios: [string, keyof typeof sessions, Record<string, string>][] = [
      // Each criterion alone.
      ['no criterion (newest of all)', 'platform admin', {}],
      ['dates: last 30 days', 'platform admin', month],
      ['type: refund', 'platform admin', { trxTypeId: '2' }],
      ['type: purchase reversal', 'platform admin', { trxTypeId: '4' }],
      ['response: insufficient funds', 'platform admin', { respCodeId: '2' }],
      ['response: card locked', 'platform admin', { respCodeId: '12' }],
      ['program', 'platform admin', { programUuid: program1 }],
      ['merchant id', 'platform admin', merchant],
      ['agency', 'platform admin', { agencyUuid: agency1 }],
      ['recipient account id', 'platform admin', rid],
      ['account uuid (recipient detail)', 'platform admin', { accountUuid: sample.uuid }],
      // The common pairs.
      ['program + last 30 days', 'program admin', { programUuid: program1, ...month }],
      ['program + type refund', 'program admin', { programUuid: program1, trxTypeId: '2' }],
      ['program + response insufficient funds', 'program admin', { programUuid: program1, respCodeId: '2' }],
      ['program + merchant id', 'program admin', { programUuid: program1, ...merchant }],
      ['merchant id + last 30 days', 'platform admin', { ...merchant, ...month }],
      ['agency + last 7 days', 'platform admin', { agencyUuid: agency1, ...week }],
      ['recipient account id + last 30 days', 'platform admin', { ...rid, ...month }],
      ['type refund + last 30 days', 'platform admin', { trxTypeId: '2', ...month }],
      ['response insufficient funds + last 30 days', 'platform admin', { respCodeId: '2', ...month }],
      ['type purchase + response insufficient funds', 'platform admin', { trxTypeId: '1', respCodeId: '2' }],
      // The scopes.
      ['program admin, no criterion', 'program admin', {}],
      ['program admin, response card locked', 'program admin', { respCodeId: '12' }],
      ['agency user, no criterion', 'agency user', {}],
      ['agency user, last 30 days', 'agency user', month],
      ['agency user, type refund', 'agency user', { trxTypeId: '2' }],
      ['recipient, own (programId)', 'recipient', {}],
      ['program, page 50', 'program admin', { programUuid: program1, page: '50' }],
      // Callers of two programs (the largest and the smallest) and of two agencies.
      ['two programs, no criterion', 'program admin of two', {}],
      ['two programs, type refund', 'program admin of two', { trxTypeId: '2' }],
      ['two programs, last 30 days', 'program admin of two', month],
      ['two agencies, no criterion', 'agency user of two', {}],
      ['two agencies, type refund', 'agency user of two', { trxTypeId: '2' }],
      ['two agencies, response insufficient funds', 'agency user of two', { respCodeId: '2' }],
    ];

    const config = benchConfig({ LOG_LEVEL: 'silent', SEED: 'none' });
    product = await startProduct(database);
    const f = (n: number) => n.toFixed(1);
    console.log(
      `${RUNS} runs each after 3 warm-up runs; pageSize 10; count capped at ${TRANSACTION_SEARCH_COUNT_CAP}; ${machineLoad()}`,
    );
    console.log(
      '| search | caller | rows | totalCount | HTTP p50 ms | HTTP p95 ms | round trips a request | in-process service p50 ms | in-process service p95 ms | raw SQL p50 ms | raw SQL p95 ms | goal: HTTP p95 | |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
    );
    const worst = { http: 0, service: 0, raw: 0 };
    for (const [label, who, params] of scenarios) {
      if (ONLY && !label.includes(ONLY)) continue;
      const { caller, token } = sessions[who]!;
      const ctx = benchContext(database, caller, config);
      const query = TransactionSearchQuery.parse(params);
      const service = await timed(RUNS, () => searchTransactions(ctx, query));
      const http = await product.time<{ data: unknown[]; totalCount: number }>(
        apiPath(transactionApi.search, { query: params }),
        token,
        RUNS,
      );
      sameAnswer(label, service.last, http.last);
      // The statement the service sends for page 0 (the filter as it resolves it: the page, its rows and the capped
      // count at once), straight to the pool.
      const filter: TransactionFilter = {
        program: params.programUuid,
        agencyUuid: params.agencyUuid,
        merchantNbr: params.merchantNbr,
        recipientIdentifier: params.recipientIdentifier,
        accountUuid: params.accountUuid,
        trxTypeId: params.trxTypeId ? Number(params.trxTypeId) : undefined,
        respCodeId: params.respCodeId ? Number(params.respCodeId) : undefined,
        start: params.startDate ? new Date(params.startDate) : undefined,
        end: params.endDate ? new Date(params.endDate) : undefined,
      };
      const paging = { limit: query.pageSize, offset: query.page * query.pageSize };
      const page = rowsWithCountQuery(db, caller, filter, paging, TRANSACTION_SEARCH_COUNT_CAP).toSQL();
      const count = new PgDialect().sqlToQuery(countTransactionsQuery(caller, filter, TRANSACTION_SEARCH_COUNT_CAP));
      const raw = await timed(RUNS, async () => {
        await pool!.query(page.sql, page.params);
      });
      worst.http = Math.max(worst.http, http.p95);
      worst.service = Math.max(worst.service, service.p95);
      worst.raw = Math.max(worst.raw, raw.p95);
      console.log(
        `| ${label} | ${who} | ${service.last.data.length} | ${service.last.totalCount}${service.last.countCapped ? '+' : ''} | ${f(http.p50)} | ${f(http.p95)} | ${roundTrips(http.roundTrips)} | ${f(service.p50)} | ${f(service.p95)} | ${f(raw.p50)} | ${f(raw.p95)} | ${GOAL.cell} | ${GOAL.check(`${label}, ${who}`, http.p95)} |`,
      );
      if (EXPLAIN)
        for (const [what, q] of [
          ['page with its count', page],
          ['count alone (an empty page asks it)', count],
        ] as const) {
          const plan = await pool!.query(`explain (analyze, buffers, costs off) ${q.sql}`, q.params);
          console.log(
            `  ${what}:\n${plan.rows.map((r: Record<string, string>) => `    ${r['QUERY PLAN']}`).join('\n')}`,
          );
        }
    }
    console.log(
      `\nworst p95: HTTP ${f(worst.http)} ms, service in process ${f(worst.service)} ms, raw SQL ${f(worst.raw)} ms; ${machineLoad()}`,
    );
    GOAL.report();

    if (EXPORT_ROWS > 0) {
      await benchExport(database, sessions['platform admin']!, config, product);
      console.log(machineLoad());
      EXPORT_GOAL.report();
    }
  } finally {
    await product?.close();
    await database?.close();
  }
}

/**
 * The peak memory of this process while `run` streams a file, sampled every 20 ms: RSS and heap, at their peak and
 * above what they were before. `run` answers the file's bytes and its CSV lines.
 */
async function peakMemory<File extends { bytes: number; lines: number }>(run: () => Promise<File>) {
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  const t0 = performance.now();
  try {
    const file = await run();
    return {
      ...file,
      took: seconds(t0),
      peakRss,
      rssGrowth: peakRss - before.rss,
      peakHeap,
      heapGrowth: peakHeap - before.heapUsed,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** Reads a file as a client would, chunk by chunk, keeping only its size and its lines. */
async function consume(stream: AsyncIterable<unknown>) {
  let bytes = 0;
  let lines = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    bytes += buffer.length;
    for (const b of buffer) if (b === 10) lines++;
  }
  return { bytes, lines };
}

/**
 * Streams an export of EXPORT_ROWS rows (the newest ids of all programs: a window of dates that holds them) as CSV and
 * as XLSX, each twice: through the service in process (`exportTransactions` with a reply that hands the file to a
 * reader), then as GET /transaction-api/transactions/export over HTTP (the product's whole path, compression
 * included), decoded and read as it arrives. The HTTP export's memory is held to EXPORT_GOAL; the server and the
 * reader share this process, so the figure is both (the reader's part small: zlib's streams, no buffering).
 */
async function benchExport(database: Database, session: BenchSession, config: Config, product: BenchProduct) {
  const { pool } = database;
  const from = (
    await pool!.query(`select trx_datetime from transactions order by id desc offset $1 limit 1`, [EXPORT_ROWS - 1])
  ).rows[0] as { trx_datetime: Date } | undefined;
  const criteria = {
    // A table smaller than EXPORT_ROWS has no such row: then every row, from the earliest date a search accepts.
    startDate: (from?.trx_datetime ?? new Date(`${MIN_DATES.programSearchStart}T00:00:00Z`)).toISOString(),
    endDate: new Date().toISOString(),
  };
  const query = TransactionExportQuery.parse(criteria);
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  console.log(
    '\n| export | how | rows | MB | MB on the wire | took | peak RSS MB | RSS growth MB | peak heap MB | heap growth MB | goal: RSS growth over HTTP | |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
  );
  for (const format of ['csv', 'xlsx'] as const) {
    for (const how of ['in process', 'over HTTP'] as const) {
      const m = await peakMemory(async () => {
        if (how === 'over HTTP') {
          const path = apiPath(transactionApi.exportSearch, { query: { ...criteria, exportType: format } });
          const res = await product.download(path, session.token);
          if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
          const file = await consume(res.body);
          return { ...file, wire: res.wireBytes() as number | undefined };
        }
        let stream: Readable | undefined;
        const reply = {
          header: () => reply,
          send: (body: Readable) => {
            stream = body;
            return reply;
          },
        } as unknown as FastifyReply;
        await exportTransactions(
          benchContext(database, session.caller, config),
          { ...query, exportType: format },
          reply,
        );
        return { ...(await consume(stream!)), wire: undefined };
      });
      const verdict =
        how === 'over HTTP'
          ? `${EXPORT_GOAL.cell} | ${EXPORT_GOAL.check(`${format} over HTTP`, m.rssGrowth / 1024 / 1024)}`
          : ' | ';
      console.log(
        `| ${format} | ${how} | ${format === 'csv' ? (m.lines - 1).toLocaleString('en-US') : '-'} | ${mb(m.bytes)} | ${m.wire === undefined ? '-' : mb(m.wire)} | ${m.took} | ${mb(m.peakRss)} | +${mb(m.rssGrowth)} | ${mb(m.peakHeap)} | +${mb(m.heapGrowth)} | ${verdict} |`,
      );
    }
  }
}

await main();
