/**
 * The transaction engine's purchases at 1,000,000 accounts and 10,000,000 transactions (issue 20 "Done when": at
 * least 200 approved purchases a second with p95 under 100 ms on the local PostgreSQL). Figures printed, not asserted.
 *
 *   npm run bench:pos                                    # PostgreSQL at 127.0.0.1:5432, user postgres (trust)
 *   BENCH_ACCOUNTS=100000 BENCH_ROWS=1000000 npm run bench:pos    # smaller
 *   BENCH_SECONDS=30 BENCH_CONNECTIONS=16 BENCH_CARDS=20000 npm run bench:pos
 *   BENCH_CONNECTIONS=10,20 npm run bench:pos           # the rounds at each client count, on one seeded database
 *   BENCH_KEEP=1 BENCH_LOAD_ONLY=1 npm run bench:pos    # seed and keep the database (its name is printed)
 *   BENCH_REUSE_DB=name npm run bench:pos               # measure a kept database again (a quiet window), no seed
 *
 * Seeds a scratch database: one program with an incentive (10 % match, $5.00 a day), BENCH_ACCOUNTS accounts,
 * 200 merchants mapped to the program with 20 terminals, BENCH_ROWS transactions spread over 400 days (secondary
 * indexes dropped for the load and rebuilt, as a bulk load would), and BENCH_CARDS of the accounts with an Active card,
 * a $5,000 benefit and an enrolment. Then starts the product (`buildApp` as `npm start` runs it, logging one line a
 * request to /dev/null) in a child process and drives POST /transaction-api/pos/purchase from BENCH_CONNECTIONS
 * concurrent clients for BENCH_SECONDS, each purchase a random card at a random terminal with a fresh trace number.
 * The floor: the same clients run the purchase's bare minimum as raw SQL on a pool (lock the account, debit one
 * benefit, insert the transaction row, commit), measured in the same run; the ratio shows what the engine's checks,
 * accrual, audit and HTTP cost over it. Results: bench/README.md.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { programPan } from '@ebt/core/pans';
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { scheduledJobs } from '../packages/server/src/jobs.js';
import { startScheduler } from '../packages/server/src/platform/jobs.js';
import { openDatabase } from '../packages/server/src/db/client.js';
import { migrateDatabase } from '../packages/server/src/db/migrate.js';
import { ensureReferenceData } from '../packages/server/src/db/reference-data.js';
import { encrypt, keyedHash } from '../packages/server/src/platform/crypto.js';
import { dropSecondaryIndexes, keptPostgresDatabase, percentile, scratchPostgresDatabase, seconds } from './shared.js';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1_000_000);
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000_000);
const CARDS = Number(process.env.BENCH_CARDS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
// One or more client counts: a seed of 10,000,000 rows takes longer than the runs, so one seed serves them all.
const CONNECTION_COUNTS = (process.env.BENCH_CONNECTIONS ?? '10').split(',').map(Number);
const CONNECTIONS = Math.max(...CONNECTION_COUNTS);
const TERMINALS = 20;
const MERCHANTS = 200;
const CHUNK = 500_000;
const PORT = Number(process.env.BENCH_PORT ?? 3471);
const PREFIX = '700000001';
const REUSE = process.env.BENCH_REUSE_DB;
/** The first card's serial: card i is programPan(PREFIX, FIRST_SERIAL + i), so a kept database's cards are known. */
const FIRST_SERIAL = 100_000_000;

type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
/** What the load needs of a seeded database: the program, its terminals with their secrets, the cards. */
interface Seeded {
  program: number;
  terminals: { code: string; secret: string }[];
  cards: string[];
  accountIds: number[];
}

async function serve(url: string): Promise<void> {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url,
    LOG_LEVEL: 'info',
    SEED: 'none',
    // The jobs run as in production: the dashboard fold job (decision 0066) adds the engine's queued rows meanwhile,
    // so its cost is in the figures.
    JOBS: 'on',
    WEB_DIST_DIR: '/nonexistent',
  });
  const database = await openDatabase({ kind: 'postgres', url });
  const app = await buildApp({ config, database });
  const stopJobs = startScheduler(database.db, scheduledJobs(config), `bench:${process.pid}`, app.log);
  process.on(
    'SIGTERM',
    () =>
      void stopJobs()
        .then(() => app.close())
        .then(() => process.exit(0)),
  );
  await app.listen({ port: PORT, host: '127.0.0.1' });
}

interface Sample {
  ms: number;
  code: string;
}

/** Runs `one` from `clients` loops for SECONDS and answers each call's time and outcome. */
async function drive(one: () => Promise<string>, clients: number): Promise<{ samples: Sample[]; wall: number }> {
  const samples: Sample[] = [];
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const code = await one();
        samples.push({ ms: performance.now() - t0, code });
      }
    }),
  );
  return { samples, wall: (performance.now() - started) / 1000 };
}

function report(label: string, run: { samples: Sample[]; wall: number }) {
  const times = run.samples.map((s) => s.ms).sort((a, b) => a - b);
  const approved = run.samples.filter((s) => s.code === '00').length;
  const codes = [...new Set(run.samples.map((s) => s.code))].map(
    (c) => `${c}: ${run.samples.filter((s) => s.code === c).length}`,
  );
  const rate = approved / run.wall;
  console.log(
    `| ${label} | ${run.samples.length} | ${rate.toFixed(0)} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${percentile(times, 99).toFixed(1)} | ${codes.join(', ')} |`,
  );
  return rate;
}

/** Seeds the scratch database (see the header) and answers what the load needs. */
async function seed(q: Query, config: ReturnType<typeof loadConfig>): Promise<Seeded> {
  const started = performance.now();
  const program = Number(
    (
      await q(
        `insert into programs (name, short_name, bin, series_nbr, incentive_expiration_days) values ('Bench POS', 'BPOS', '700000', '001', 30) returning id`,
      )
    ).rows[0].id,
  );
  const agency = Number(
    (
      await q(`insert into agencies (program_id, name, code) values ($1, 'Bench agency', 'BP1') returning id`, [
        program,
      ])
    ).rows[0].id,
  );
  const funding = Number(
    (await q(`insert into funding_sources (program_id, name) values ($1, 'USDA') returning id`, [program])).rows[0].id,
  );
  const incentive = Number(
    (
      await q(
        `insert into incentives (program_id, funding_source_id, name, start_date, match_rate, accrual_max_day) values ($1, $2, 'Bench match', '2020-01-01', 10, 5) returning id`,
        [program, funding],
      )
    ).rows[0].id,
  );
  for (let from = 1; from <= ACCOUNTS; from += CHUNK) {
    const to = Math.min(ACCOUNTS, from + CHUNK - 1);
    await q(`
      insert into recipient_accounts (program_id, agency_id, recipient_identifier, status_id, first_name, last_name,
        city, state_code, zipcode, email, creation_channel)
      select ${program}, ${agency}, (10000000 + g)::text, 0, 'Pat', 'Bench' || g, 'Hartford', 'CT', '06103',
        'p' || g || '@example.com', 'FILE'
      from generate_series(${from}, ${to}) g`);
  }
  const firstAccount = Number((await q('select min(id) as id from recipient_accounts')).rows[0].id);
  console.log(`inserted ${ACCOUNTS.toLocaleString('en-US')} accounts (${seconds(started)})`);
  await q(
    `insert into merchants (merchant_identifier, name) select 'PM' || g, 'POS Market ' || g from generate_series(1, ${MERCHANTS}) g`,
  );
  await q(`insert into merchant_programs (merchant_id, program_id) select id, $1 from merchants`, [program]);
  const merchantIds = (await q('select id from merchants order by id')).rows.map((r) => Number(r.id));
  const terminals = Array.from({ length: TERMINALS }, (_, i) => ({
    code: `BENCH${String(i).padStart(7, '0')}`.replace(/[ILOU]/g, '0').slice(0, 12),
    secret: randomBytes(32).toString('base64url'),
    merchantId: merchantIds[i % merchantIds.length]!,
  }));
  for (const t of terminals)
    await q(
      `insert into merchant_terminals (merchant_id, terminal_code, name, secret_hash) values ($1, $2, 'Bench', $3)`,
      [t.merchantId, t.code, createHash('sha256').update(t.secret).digest('hex')],
    );

  const rebuildIndexes = await dropSecondaryIndexes((text) => q(text), 'transactions');
  for (let from = 1; from <= ROWS; from += CHUNK) {
    const to = Math.min(ROWS, from + CHUNK - 1);
    await q(`
      insert into transactions (trx_datetime, program_id, agency_id, account_id, merchant_id, trx_type_id, resp_code_id,
        req_amt, settle_amt, settle_date, auth_number, trace_number, trace_day, terminal_id, api_version, start_balance, end_balance)
      select now() - interval '400 days' + (g::float8 / ${ROWS}) * interval '400 days', ${program}, ${agency},
        ${firstAccount} + (g::bigint * 104729) % ${ACCOUNTS}, ${merchantIds[0]} + (g::bigint * 7919) % ${MERCHANTS},
        1, 1, (1 + g % 40)::numeric(12,2), (1 + g % 40)::numeric(12,2), current_date, '123456', 'H' || g,
        (current_date - 400 + (g::bigint * 400 / ${ROWS})::int), 'HIST' || (g % 50), '1', 100, 90
      from generate_series(${from}, ${to}) g`);
    console.log(`inserted ${to.toLocaleString('en-US')} transactions (${seconds(started)})`);
  }
  const rebuilt = await rebuildIndexes();
  console.log(`rebuilt ${rebuilt} indexes (${seconds(started)})`);

  // The cards the load uses: every (ACCOUNTS / CARDS)-th account, with a card, $5,000 and an enrolment.
  const step = Math.max(1, Math.floor(ACCOUNTS / CARDS));
  const cards: string[] = [];
  const rows: { a: number; h: string; e: string; l: string }[] = [];
  for (let i = 0; i < Math.min(CARDS, ACCOUNTS); i++) {
    const accountId = firstAccount + i * step;
    const pan = programPan(PREFIX, String(FIRST_SERIAL + i));
    cards.push(pan);
    rows.push({
      a: accountId,
      h: keyedHash(pan, config.hmacKey),
      e: encrypt(pan, config.encryptionKey),
      l: pan.slice(-4),
    });
  }
  await q(
    `insert into pans (program_id, account_id, pan_hash, pan_encrypted, pan_last4, active_date, expiration_date)
     select $1, x.a, x.h, x.e, x.l, '2020-01-01', '2030-12-31' from jsonb_to_recordset($2::jsonb) as x(a int, h text, e text, l text)`,
    [program, JSON.stringify(rows)],
  );
  await q(
    `insert into benefits (program_id, account_id, agency_id, funding_source_id, authorization_number, available_date,
       expiration_date, amount, balance)
     select $1, x.a, $2, $3, 'B' || x.a, '2020-01-01', current_date + 365, 5000, 5000
     from jsonb_to_recordset($4::jsonb) as x(a int)`,
    [program, agency, funding, JSON.stringify(rows.map((r) => ({ a: r.a })))],
  );
  // BENCH_NO_INCENTIVE=1 leaves the cards unenrolled: purchases without accrual, to see what accrual costs.
  if (process.env.BENCH_NO_INCENTIVE !== '1')
    await q(
      `insert into recipient_incentives (account_id, incentive_id, start_date)
     select x.a, $1, '2020-01-01' from jsonb_to_recordset($2::jsonb) as x(a int)`,
      [incentive, JSON.stringify(rows.map((r) => ({ a: r.a })))],
    );
  await q('vacuum analyze');
  console.log(`seeded ${cards.length.toLocaleString('en-US')} cards; loaded and analysed in ${seconds(started)}\n`);
  return { program, terminals, cards, accountIds: rows.map((r) => r.a) };
}

/**
 * What a kept database holds (BENCH_REUSE_DB): its cards follow from their serials, and its terminals get new
 * secrets (only their hashes are stored).
 */
async function keptSeed(q: Query): Promise<Seeded> {
  const program = Number((await q(`select id from programs where short_name = 'BPOS'`)).rows[0].id);
  const held = await q('select account_id from pans where program_id = $1 order by id', [program]);
  const cards = held.rows.map((_, i) => programPan(PREFIX, String(FIRST_SERIAL + i)));
  const terminals: Seeded['terminals'] = [];
  for (const { terminal_code: code } of (await q('select terminal_code from merchant_terminals order by id')).rows) {
    const secret = randomBytes(32).toString('base64url');
    await q('update merchant_terminals set secret_hash = $2 where terminal_code = $1', [
      code,
      createHash('sha256').update(secret).digest('hex'),
    ]);
    terminals.push({ code, secret });
  }
  console.log(`${cards.length.toLocaleString('en-US')} cards and ${terminals.length} terminals of the kept database\n`);
  return { program, terminals, cards, accountIds: held.rows.map((r) => Number(r.account_id)) };
}

async function main() {
  if (process.argv[2] === 'serve') return serve(process.argv[3]!);
  const config = loadConfig({});
  const database = REUSE ? await keptPostgresDatabase(REUSE) : await scratchPostgresDatabase('ebt_bench_pos');
  let child: ReturnType<typeof spawn> | undefined;
  try {
    const { pool } = database;
    const q = (text: string, values: unknown[] = []) => pool!.query(text, values);
    await migrateDatabase(database);
    await ensureReferenceData(database.db);
    const seeded = REUSE ? await keptSeed(q) : await seed(q, config);
    // BENCH_LOAD_ONLY=1 (with BENCH_KEEP=1): seed and keep the database for later runs (BENCH_REUSE_DB).
    if (process.env.BENCH_LOAD_ONLY === '1') return;
    const { program, terminals, cards, accountIds } = seeded;

    const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    url.pathname = `/${database.name}`;
    // BENCH_PROFILE=1 writes the product's CPU profile (a .cpuprofile file in the working directory) for DevTools.
    const profile = process.env.BENCH_PROFILE === '1' ? ['--cpu-prof'] : [];
    child = spawn(process.execPath, [...profile, '--import', 'tsx', 'bench/pos-purchase.ts', 'serve', url.toString()], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let i = 0; i < 120; i++) {
      if (
        await fetch(`http://127.0.0.1:${PORT}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const run = Date.now().toString(36);
    const today = new Date().toISOString().slice(0, 10);
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
    // Trace numbers unique across rounds and runs: a repeated one would be answered as a retry, without the work.
    let sequence = 0;
    const trace = (prefix: string) => `${prefix}${run}-${++sequence}`.slice(-20);
    const purchase = async () => {
      const terminal = pick(terminals);
      const res = await fetch(`http://127.0.0.1:${PORT}/transaction-api/pos/purchase`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`${terminal.code}:${terminal.secret}`).toString('base64')}`,
        },
        body: JSON.stringify({
          pan: pick(cards),
          amount: (1 + Math.floor(Math.random() * 900) / 100).toFixed(2),
          traceNumber: trace(''),
          terminalDateTime: `${today}T12:00:00Z`,
          posEntryMode: '071',
          mcc: '5411',
        }),
      });
      return res.ok ? ((await res.json()) as { responseCode: string }).responseCode : `HTTP ${res.status}`;
    };
    // A warm-up, so each connection has prepared its statements.
    await Promise.all(Array.from({ length: CONNECTIONS * 5 }, () => purchase()));

    const floorPool = new pg.Pool({ connectionString: url.toString(), max: CONNECTIONS });
    // An idle client dropped by the server (a shared machine) is not a reason to crash the run.
    floorPool.on('error', (err) => console.error('floor pool:', err.message));
    const floor = async () => {
      const client = await floorPool.connect();
      try {
        const accountId = pick(accountIds);
        await client.query('begin');
        await client.query('select id from recipient_accounts where id = $1 for update', [accountId]);
        await client.query('update benefits set balance = balance - 1 where account_id = $1 and balance >= 1', [
          accountId,
        ]);
        await client.query(
          `insert into transactions (trx_datetime, program_id, account_id, trx_type_id, resp_code_id, req_amt, settle_amt,
             trace_number, trace_day, terminal_id) values (now(), $1, $2, 1, 1, 1, 1, $3, current_date, 'FLOOR')`,
          [program, accountId, trace('F')],
        );
        await client.query('commit');
        return '00';
      } finally {
        client.release();
      }
    };

    const product: number[] = [];
    const floors: number[] = [];
    for (const clients of CONNECTION_COUNTS) {
      console.log(`\n${clients} concurrent clients, ${SECONDS} s each, interleaved\n`);
      console.log(
        '| run | calls | approved/s | p50 ms | p95 ms | p99 ms | response codes |\n|---|---:|---:|---:|---:|---:|---|',
      );
      for (let round = 0; round < 2; round++) {
        product.push(report('engine purchase (HTTP)', await drive(purchase, clients)));
        floors.push(report('floor: lock, debit, insert (SQL)', await drive(floor, clients)));
      }
    }
    await floorPool.end();
    // The fold job keeps up when the queue is (nearly) empty a few seconds after the last call.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const backlog = (await q('select count(*)::int as n from dashboard_pending_transactions')).rows[0].n as number;
    console.log(`\ndashboard queue 5 s after the last call: ${backlog} transactions not yet folded`);
    const best = (list: number[]) => Math.max(...list);
    console.log(`\nengine ÷ floor (best rounds): ${(best(product) / best(floors)).toFixed(2)}`);
  } finally {
    child?.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.close();
  }
}

await main();
