/**
 * The cost of the request path (issue "every request fast and safe"): the product against a floor, on PostgreSQL.
 *
 *   npm run bench:auth-read                       # PostgreSQL at 127.0.0.1:5432 (user postgres, trust)
 *   BENCH_SECONDS=5 BENCH_ROUNDS=1 npm run bench:auth-read   # quicker
 *
 * Creates a scratch database with the demo data, then starts two servers on it, each in its own process with a pool
 * of the same size:
 * - the product: buildApp as `npm start` runs it (logging at info, one line a request, to /dev/null);
 * - the floor: a minimal Fastify app that sends the product's own SQL for each read directly (the caller statement
 *   with the account read keyed into it, the session user's statement, the benefit search's query functions), so
 *   what the product spends beyond the floor is its platform: hooks, logging, validation, serialisation.
 * autocannon (10 connections) drives both on each route for BENCH_SECONDS, product and floor interleaved, for
 * BENCH_ROUNDS rounds, and the script prints req/s, p50 and p99 per run and the product ÷ floor ratio of the
 * medians per route beside its goal (GOALS: at least 0.9 for the account read and the session user, 0.7 otherwise).
 * It exits 1 when a route misses its goal or a timed run had failed requests, after printing every figure. The
 * machine is shared: absolute figures drift, the ratio measured in the same run holds.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { BENEFIT_SEARCH_COUNT_CAP } from '@ebt/core/benefits';
import { buildApp } from '../packages/server/src/app.js';
import { openDatabase } from '../packages/server/src/db/client.js';
import { bufferedStdout } from '../packages/server/src/platform/log-destination.js';
import { migrateDatabase } from '../packages/server/src/db/migrate.js';
import { freePort } from '../packages/server/src/testing/free-port.js';
import { ensureReferenceData } from '../packages/server/src/db/reference-data.js';
import * as schema from '../packages/server/src/db/schema/index.js';
import { seedDemoData } from '../packages/server/src/seed/index.js';
import type { Db } from '../packages/server/src/db/client.js';
import { countBenefitsUpTo, searchBenefitRows } from '../packages/server/src/modules/benefits/queries.js';
import type { Caller } from '../packages/server/src/platform/caller.js';
import { resolveCaller } from '../packages/server/src/platform/caller-statement.js';
import type { RequestContext } from '../packages/server/src/platform/context.js';
import { SIGN_IN_STATUSES } from '../packages/server/src/platform/session-hook.js';
import { getCurrentUser } from '../packages/server/src/modules/auth/current-user.js';
import { RECIPIENT_ACCOUNT_READ } from '../packages/server/src/modules/recipients/queries.js';
import {
  ADMIN_URL,
  backendCpu,
  benchCaller,
  benchConfig,
  BENCH_DATA_DIR,
  benchGoal,
  type BenchGoal,
  cpuBetween,
  cpuByPid,
  machineLoad,
  median,
  scratchPostgresDatabase,
} from './shared.js';
import nodeFlags from '../packages/server/node-flags.json' with { type: 'json' };

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Seconds of untimed load on each server and route before the timed rounds. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 5);
const CONNECTIONS = 10;
/** The servers' ports: BENCH_PRODUCT_PORT and BENCH_FLOOR_PORT, else free ones the driver picks and hands down. */
let PRODUCT_PORT = Number(process.env.BENCH_PRODUCT_PORT ?? 0);
let FLOOR_PORT = Number(process.env.BENCH_FLOOR_PORT ?? 0);
const SELF = fileURLToPath(import.meta.url);
const PROFILE_DIR = process.env.BENCH_PROFILE;
/** Only the routes whose label contains this text. */
const ONLY = process.env.BENCH_ONLY;

interface Plan {
  url: string;
  token: string;
  accountUuid: string;
  search: { startDate: string; endDate: string };
  caller: Omit<Caller, 'privileges'> & { privileges: string[] };
}

// ------------------------------------------------------------------------------------------------------------------
// The two servers (child processes)

async function serveProduct(url: string): Promise<void> {
  const config = benchConfig({
    ...process.env,
    DATABASE_URL: url,
    LOG_LEVEL: 'info',
    SEED: 'none',
    JOBS: 'off',
    WEB_DIST_DIR: '/nonexistent',
  });
  const database = await openDatabase({ kind: 'postgres', url });
  // Its log lines as `npm start` writes them (main.ts): to standard output, in blocks.
  const app = await buildApp({ config, database, logStream: bufferedStdout() });
  // Exit cleanly on SIGTERM, so BENCH_PROFILE's CPU profile is written.
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
  await app.listen({ port: PRODUCT_PORT, host: '127.0.0.1' });
}

/**
 * The floor: the product's own SQL for each read, sent directly from a bare Fastify app (no hooks, no logging, no
 * validation or serialisation of the answer, no compression): the caller statement (platform/caller-statement.ts,
 * with the account read as its keyed read, as the route declares it), the session user's statement
 * (getCurrentUser), the benefit search's query functions. What the product does beyond the floor is its platform.
 */
async function serveFloor(url: string, plan: Plan): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url });
  const pool = database.pool!;
  const db = drizzle(pool, { schema }) as unknown as Db;
  const caller = { ...plan.caller, privileges: new Set(plan.caller.privileges) } as Caller;
  const app = Fastify({ logger: false });
  const token = (authorization: string | undefined) => authorization?.slice('Bearer '.length) ?? '';
  app.get('/account-api/account/:uuid', async (req, reply) => {
    const { uuid } = req.params as { uuid: string };
    const lookup = await resolveCaller(database, token(req.headers.authorization), new Date(), SIGN_IN_STATUSES, {
      read: RECIPIENT_ACCOUNT_READ,
      key: uuid,
    });
    if (!lookup.ok) return reply.code(401).send({});
    return lookup.keyedRow;
  });
  app.get('/user-api/user/current', async (req, reply) => {
    const lookup = await resolveCaller(database, token(req.headers.authorization), new Date(), SIGN_IN_STATUSES);
    if (!lookup.ok) return reply.code(401).send({});
    return getCurrentUser({ caller: lookup.caller, prepared: database.prepared } as unknown as RequestContext);
  });
  app.get('/benefit-api/benefit', async (req, reply) => {
    const lookup = await resolveCaller(database, token(req.headers.authorization), new Date(), SIGN_IN_STATUSES);
    if (!lookup.ok) return reply.code(401).send({});
    const filter = plan.search;
    const data = await searchBenefitRows(db, caller, filter, { limit: 10, offset: 0 });
    const totalCount = await countBenefitsUpTo(db, caller, filter, BENEFIT_SEARCH_COUNT_CAP);
    return { data, page: 0, totalCount, totalPages: Math.ceil(totalCount / 10) };
  });
  // Exit cleanly on SIGTERM, so BENCH_PROFILE's CPU profile is written.
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
  await app.listen({ port: FLOOR_PORT, host: '127.0.0.1' });
}

// ------------------------------------------------------------------------------------------------------------------
// The driver (parent process)

function startChild(role: 'product' | 'floor', plan: Plan): ChildProcess {
  // BENCH_PROFILE=dir writes CPU profiles of both servers (open them in Chrome's DevTools) to dir/product and
  // dir/floor, so the product's extra work shows against the floor's (the largest file of each is the main thread's).
  const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${join(PROFILE_DIR, role)}`] : [];
  // Both servers with the product's V8 flags, as npm start runs it.
  return spawn(process.execPath, [...profile, ...nodeFlags, '--import', 'tsx', SELF, `serve-${role}`], {
    // The parent's data directory: the children seal and open with the development key it made.
    env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? BENCH_DATA_DIR, BENCH_PLAN: JSON.stringify(plan) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Waits for the child's server as long as it takes to start (a cold start on a busy machine), unless it exits. */
async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server for port ${port} exited with code ${child.exitCode}`);
    try {
      await fetch(`http://127.0.0.1:${port}/healthz`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time of the server process per answered request, in µs (less sensitive to a busy machine than req/s). */
  cpuUs: number;
  /** CPU time of this database's backends per answered request, in µs (only one server is driven at a time). */
  dbCpuUs: number;
}

/** User + system CPU time of a process in µs (shared.ts cpuByPid, from /proc). */
const cpuTimeOf = (pid: number) => (cpuByPid([pid]).get(pid) ?? 0) * 1e6;

/** This run's database's backends' CPU by pid (shared.ts backendCpu): set by main once the database exists. */
let databaseCpu: () => Promise<Map<number, number>> = async () => new Map();

async function drive(port: number, pid: number, path: string, token: string): Promise<Run> {
  const cpuBefore = cpuTimeOf(pid);
  const dbCpuBefore = await databaseCpu();
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    cpuUs: (cpuTimeOf(pid) - cpuBefore) / Math.max(1, result.requests.total),
    dbCpuUs: (cpuBetween(dbCpuBefore, await databaseCpu()) * 1e6) / Math.max(1, result.requests.total),
  };
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Product ÷ floor each route must reach (req/s medians); a route not named here, 0.7. A miss exits 1 at the end. */
const GOALS: Record<string, number> = { 'account read': 0.9, 'session user': 0.9 };
const goalOf = (label: string): BenchGoal =>
  benchGoal(`${label}: product ÷ floor of the req/s medians`, GOALS[label] ?? 0.7, {
    unit: '',
    sense: 'at least',
    digits: 2,
  });

async function main(): Promise<void> {
  const database = await scratchPostgresDatabase('ebt_bench_auth');
  databaseCpu = () => backendCpu((text, values) => database.pool!.query(text, values), database.name);
  const children: ChildProcess[] = [];
  try {
    await migrateDatabase(database);
    await ensureReferenceData(database.db);
    const config = benchConfig({ ...process.env, SEED: 'demo' });
    await seedDemoData(database.db, {
      panHmacKey: config.hmacKey,
      dataEncryptionKey: config.encryptionKey,
      pinKeys: config.pinKeys,
    });
    const url = new URL(ADMIN_URL);
    url.pathname = `/${database.name}`;

    const [admin] = await database.db.select().from(schema.users).where(eq(schema.users.username, 'progadmin01'));
    const caller = await benchCaller(database, admin!.id);
    const [account] = await database.db
      .select({ uuid: schema.recipientAccounts.uuid })
      .from(schema.recipientAccounts)
      .limit(1);
    const today = new Date();
    const plan: Plan = {
      url: url.toString(),
      token: '',
      accountUuid: account!.uuid,
      search: { startDate: isoDay(new Date(today.getTime() - 90 * 86_400_000)), endDate: isoDay(today) },
      caller: { ...caller, privileges: [...caller.privileges] },
    };
    // Signed in through the product itself, as a client would.
    const signInApp = await buildApp({
      config: benchConfig({ ...process.env, LOG_LEVEL: 'silent', SEED: 'none', WEB_DIST_DIR: '/nonexistent' }),
      database,
      logger: false,
    });
    const res = await signInApp.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 'progadmin01', password: 'Welcome#2026' },
    });
    plan.token = (res.json() as { token: string }).token;
    await signInApp.close();

    // Ports nothing else holds, unless asked for: a fixed pair failed the run whenever another server had one.
    PRODUCT_PORT ||= await freePort();
    FLOOR_PORT ||= await freePort();
    process.env.BENCH_PRODUCT_PORT = String(PRODUCT_PORT);
    process.env.BENCH_FLOOR_PORT = String(FLOOR_PORT);
    const product = startChild('product', plan);
    const floor = startChild('floor', plan);
    children.push(product, floor);
    // The floor has no /healthz: any answer (its 404) means it listens.
    await Promise.all([waitForPort(PRODUCT_PORT, product), waitForPort(FLOOR_PORT, floor)]);

    const allRoutes: [string, string][] = [
      ['account read', `/account-api/account/${plan.accountUuid}`],
      ['session user', '/user-api/user/current'],
      [
        'benefit search, 90 days',
        `/benefit-api/benefit?startDate=${plan.search.startDate}&endDate=${plan.search.endDate}&pageSize=10&page=0`,
      ],
    ];
    const routes = allRoutes.filter(([label]) => !ONLY || label.includes(ONLY));
    if (routes.length === 0) throw new Error(`BENCH_ONLY=${ONLY} names no route`);
    // Warm both before anything is timed: one request checks the route answers 200, then BENCH_WARMUP seconds of
    // load bring every connection of the pool, its prepared statements and V8's optimised code to steady state. One
    // request was not enough: the product's first timed run then cost twice the CPU a request of its later runs did
    // (V8 optimises a longer request path later), which measured start-up, not the request path.
    for (const [, path] of routes) {
      for (const port of [PRODUCT_PORT, FLOOR_PORT]) {
        const r = await fetch(`http://127.0.0.1:${port}${path}`, {
          headers: { authorization: `Bearer ${plan.token}` },
        });
        if (r.status !== 200) throw new Error(`${port} ${path} answered ${r.status}: ${await r.text()}`);
        if (WARMUP_SECONDS > 0) {
          await autocannon({
            url: `http://127.0.0.1:${port}${path}`,
            connections: CONNECTIONS,
            duration: WARMUP_SECONDS,
            headers: { authorization: `Bearer ${plan.token}` },
          });
        }
      }
    }
    const runs = new Map<string, { product: Run[]; floor: Run[] }>(
      routes.map(([l]) => [l, { product: [], floor: [] }]),
    );
    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s a run, ${ROUNDS} rounds, product and floor interleaved\n`);
    console.log(
      '| route | server | round | req/s | p50 ms | p99 ms | Node CPU µs/req | PostgreSQL CPU µs/req | non-2xx |\n|---|---|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [label, path] of routes) {
        // Alternate which goes first so neither always runs on a warmer or cooler machine.
        const order: ['product' | 'floor', number, number][] =
          round % 2
            ? [
                ['product', PRODUCT_PORT, product.pid!],
                ['floor', FLOOR_PORT, floor.pid!],
              ]
            : [
                ['floor', FLOOR_PORT, floor.pid!],
                ['product', PRODUCT_PORT, product.pid!],
              ];
        for (const [server, port, pid] of order) {
          const run = await drive(port, pid, path, plan.token);
          runs.get(label)![server].push(run);
          console.log(
            `| ${label} | ${server} | ${round} | ${run.rps.toFixed(0)} | ${run.p50} | ${run.p99} | ${run.cpuUs.toFixed(0)} | ${run.dbCpuUs.toFixed(0)} | ${run.errors} |`,
          );
        }
      }
    }
    console.log('\nMedians of the rounds:\n');
    console.log(
      '| route | product req/s | floor req/s | product ÷ floor | goal: product ÷ floor | met | product p50 / p99 ms | floor p50 / p99 ms | Node CPU µs/req product / floor | PostgreSQL CPU µs/req product / floor |',
    );
    console.log('|---|---:|---:|---:|---|---|---|---|---|---|');
    const goals = routes.map(([label]) => goalOf(label));
    for (const [i, [label]] of routes.entries()) {
      const { product, floor } = runs.get(label)!;
      const p = median(product.map((r) => r.rps));
      const f = median(floor.map((r) => r.rps));
      const goal = goals[i]!;
      console.log(
        `| ${label} | ${p.toFixed(0)} | ${f.toFixed(0)} | ${(p / f).toFixed(2)} | ${goal.cell} | ${goal.check(label, p / f)} | ${median(product.map((r) => r.p50))} / ${median(product.map((r) => r.p99))} | ${median(floor.map((r) => r.p50))} / ${median(floor.map((r) => r.p99))} | ${median(product.map((r) => r.cpuUs)).toFixed(0)} / ${median(floor.map((r) => r.cpuUs)).toFixed(0)} | ${median(product.map((r) => r.dbCpuUs)).toFixed(0)} / ${median(floor.map((r) => r.dbCpuUs)).toFixed(0)} |`,
      );
    }
    console.log(`\n${machineLoad()}`);
    for (const goal of goals) goal.report();
    // A run whose requests failed (non-2xx, errors, timeouts) timed something else than the route: the run fails.
    const failed = [...runs.values()].flatMap((r) => [...r.product, ...r.floor]).filter((r) => r.errors > 0);
    if (failed.length > 0) {
      console.log(`\n${failed.length} timed run(s) had requests that failed (the non-2xx column): the run fails`);
      process.exitCode = 1;
    }
  } finally {
    for (const child of children) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await database.close();
  }
}

const role = process.argv[2];
if (role === 'serve-product' || role === 'serve-floor') {
  const plan = JSON.parse(process.env.BENCH_PLAN ?? '{}') as Plan;
  (role === 'serve-product' ? serveProduct(plan.url) : serveFloor(plan.url, plan)).catch((err: unknown) => {
    console.error(role, err);
    process.exit(1);
  });
} else {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
