import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { authApi } from '@ebt/core/auth';
import { type AnyEndpoint, endpointPath } from '@ebt/core/contract';
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig, type Config } from '../packages/server/src/config.js';
import { type Database, openDatabase } from '../packages/server/src/db/client.js';
import type { Caller } from '../packages/server/src/platform/caller.js';
import { resolveCaller } from '../packages/server/src/platform/caller-statement.js';
import type { RequestContext } from '../packages/server/src/platform/context.js';
import { SIGN_IN_STATUSES } from '../packages/server/src/platform/session-hook.js';
import { createSession } from '../packages/server/src/platform/sessions.js';

// Pieces every seeded benchmark shares: realistic name spreads, a silent logger, percentiles, SQL literals and a
// scratch database.

/**
 * This bench process's data directory (development key files and the like), removed when it exits: a bench never
 * writes into the checkout. DATA_DIR in the environment still wins.
 */
export const BENCH_DATA_DIR = mkdtempSync(path.join(tmpdir(), 'ebt-bench-'));
process.on('exit', () => rmSync(BENCH_DATA_DIR, { recursive: true, force: true }));

/** The product's configuration for a bench: `env` over a data directory outside the checkout. */
export function benchConfig(env: Record<string, string | undefined>): Config {
  return loadConfig({ ...env, DATA_DIR: env.DATA_DIR ?? BENCH_DATA_DIR });
}

// Common US surnames and given names: a skewed but realistic spread of prefixes (s, m, b... are common).
export const LAST_NAMES =
  `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson
  Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young
  Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez
  Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan
  Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza
  Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell
  Coleman Butler Henderson Barnes Gonzales Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds
  Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall
  Owens Harrison Fernandez McDonald Woods Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford
  Olson Simpson Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson
  Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan Gardner
  Payne Grant Dunn Kelley Spencer Hawkins Arnold Pierce Vazquez Hansen Peters Santos Hart Bradley Knight Elliott Cunningham
  Duncan Armstrong Hudson Carroll Lane Riley Andrews Alvarado Ray Delgado Berry Perkins Hoffman Johnston Matthews Pena Richards
  Contreras Willis Carpenter Lawrence Sandoval Kowalski Smithson Smithers Smyth`.split(/\s+/);
export const FIRST_NAMES =
  `James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph
  Jessica Thomas Sarah Christopher Karen Charles Lisa Daniel Nancy Matthew Betty Anthony Margaret Mark Sandra Donald Ashley Steven
  Kimberly Paul Emily Andrew Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Dorothy George Melissa Timothy Deborah Ronald
  Stephanie Edward Rebecca Jason Sharon Jeffrey Laura Ryan Cynthia Jacob Kathleen Gary Amy Nicholas Angela Eric Shirley Jonathan
  Anna Stephen Brenda Larry Pamela Justin Emma Scott Nicole Brandon Helen Benjamin Samantha Samuel Katherine Gregory Christine
  Alexander Debra Frank Rachel Patrick Carolyn Raymond Janet Jack Catherine Dennis Maria Jerry Heather Tyler Diane Aaron Ruth Jose
  Julie Adam Olivia Nathan Joyce Henry Virginia`.split(/\s+/);

export const silentLog = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => silentLog,
  level: 'silent',
  silent() {},
} as unknown as FastifyBaseLogger;

export function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)]!;
}

/** p50, p95 and the slowest of a set of times, in ms. */
export interface Spread {
  p50: number;
  p95: number;
  max: number;
}

function spread(times: readonly number[]): Spread {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1]! };
}

/**
 * p50, p95 and max of `runs` timed calls after 3 warm-up calls, and the last answer: a service called in this process,
 * without HTTP (a request's figure is BenchProduct.time's).
 */
export async function timed<T>(runs: number, call: () => Promise<T>): Promise<Spread & { last: T }> {
  let last = await call();
  for (let i = 0; i < 2; i++) last = await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await call();
    times.push(performance.now() - t0);
  }
  return { ...spread(times), last };
}

export const arrayLiteral = (values: string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

/** Seconds since `from` (a performance.now() reading), for progress lines. */
export const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(0)} s`;

/** The server-side admin database the benchmarks create their scratch databases from. */
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Creates an empty PostgreSQL database with a unique name beginning `prefix`: its name and its URL. */
export async function createPostgresDatabase(prefix: string): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/**
 * A fresh, uniquely named PostgreSQL database opened through the app's own client. Its close() also drops it, so a
 * benchmark that ends (or fails) leaves nothing behind, unless BENCH_KEEP=1 asks to keep it.
 */
export async function scratchPostgresDatabase(prefix: string): Promise<Database & { name: string }> {
  const { name, url } = await createPostgresDatabase(prefix);
  console.log(`database ${name}`);
  const database = await openDatabase({ kind: 'postgres', url });
  return {
    ...database,
    name,
    async close() {
      await database.close();
      // BENCH_KEEP=1 leaves the seeded database for EXPLAIN sessions in psql (drop it by hand afterwards).
      if (process.env.BENCH_KEEP === '1') {
        console.log(`\nkept ${name}`);
        return;
      }
      const cleanup = new pg.Client({ connectionString: ADMIN_URL });
      await cleanup.connect();
      // pool.end() resolves before its connections have closed; dropping "with (force)" while they say goodbye kills
      // them with an error pg reports as unhandled (as src/testing/database.ts explains). Wait for them first.
      for (let waited = 0; waited < 5000; waited += 50) {
        const { rows } = await cleanup.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
      console.log(`\ndropped ${name}`);
    },
  };
}

/**
 * An existing database (one a run kept with BENCH_KEEP=1) opened through the app's own client, so a second run reads
 * without seeding again. Its close() leaves it: drop it by hand (`dropdb -h 127.0.0.1 -U postgres NAME`).
 */
export async function keptPostgresDatabase(name: string): Promise<Database & { name: string }> {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  console.log(`database ${name} (kept by an earlier run)`);
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return { ...database, name };
}

/** A request context for calling a service directly, as the route would, without HTTP in the measurement. */
export function benchContext(database: Database, caller: Caller, config: Config): RequestContext {
  const { db, prepared } = database;
  return { db, prepared, caller, now: () => new Date(), ip: undefined, requestId: undefined, config, log: silentLog };
}

/** A user signed in: the session's bearer token, and the caller a request with it carries. */
export interface BenchSession {
  token: string;
  caller: Caller;
}

/** A session signed in for this user (the product's own session row) and the caller a request with its token carries. */
export async function benchSession(database: Database, userId: number): Promise<BenchSession> {
  const now = new Date();
  const token = await createSession(database.db, userId, now);
  const lookup = await resolveCaller(database, token, now, SIGN_IN_STATUSES);
  if (!lookup.ok) throw new Error(`user ${userId} cannot hold a session: ${lookup.reason}`);
  return { token, caller: lookup.caller };
}

/** The caller a request of this user would carry: a session signed in for them, resolved as the session hook does. */
export async function benchCaller(database: Database, userId: number): Promise<Caller> {
  return (await benchSession(database, userId)).caller;
}

// ------------------------------------------------------------------------------------------------------------------
// Requests over HTTP: the product listening on a port, called as the web app calls it. A figure a bench gives for a
// request is this one: the session hook and caller statement, validation, the service, serialisation, compression and
// the socket both ways. The service called in process may stand beside it, named as such.

type QueryValue = string | number | undefined;

/**
 * The path and query of a call of `endpoint`, as the web app builds them (packages/web lib/endpoint-client.ts): the
 * path's parameters filled in, empty values left out. A query name the endpoint's schema does not declare is an error
 * here: the server would drop it unread and answer another search than the one timed in process.
 */
export function apiPath(
  endpoint: AnyEndpoint,
  input: { params?: object; query?: Readonly<Record<string, QueryValue>> } = {},
): string {
  const declared = (endpoint.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (!declared || !(name in declared)) throw new Error(`${endpoint.operationId} has no query parameter ${name}`);
    if (value !== undefined && value !== '') search.append(name, String(value));
  }
  const path = endpointPath(endpoint, input.params);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** A request's timing: Spread over the runs, the database round trips a request sent, the last answer parsed. */
export interface RequestTiming<T> extends Spread {
  roundTrips: number;
  last: T;
}

export interface BenchProduct {
  /** http://127.0.0.1:port */
  readonly origin: string;
  /** Signs in through the product's own sign-in (POST /api/authenticate) and answers the session's token. */
  signIn(username: string, password: string): Promise<string>;
  /**
   * A file downloaded as a browser downloads it (compression accepted), the answer decoded as it arrives through
   * zlib's streams: `body` is the decoded file, `wireBytes` what crossed the socket so far. Not fetch: it decodes and
   * buffers ahead of its reader (the transaction export's CSV grew this process by 91 MB through it, 63 MB through
   * this), which a figure of the product's memory must not carry.
   */
  download(path: string, token: string): Promise<{ status: number; body: Readable; wireBytes: () => number }>;
  /**
   * 3 warm-up GETs, then `runs` timed ones, each from sending to the answer's last byte and answered 200 or the bench
   * fails: p50, p95, max, the round trips to the database a request sent (every statement and BEGIN/COMMIT, the
   * caller's included) and the last answer, parsed.
   */
  time<T = unknown>(path: string, token: string, runs: number): Promise<RequestTiming<T>>;
  /**
   * The GETs a screen sends at once (a dashboard's Retrieve), sent together as a browser does: the milliseconds from
   * sending the first to the last answer's last byte. Each must answer 200 or the bench fails.
   */
  together(paths: readonly string[], token: string): Promise<number>;
  close(): Promise<void>;
}

/** What a browser sends: the product compresses an answer of 1 KB or more for it, and the time includes both ends. */
const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

/**
 * The product (buildApp, as `npm start` builds it: every hook, its log line a request at info, written to nowhere) on
 * the bench's database, listening on a free port of 127.0.0.1. It shares the bench's pool, so the round trips of its
 * requests are counted where the app sends them (db/client.ts roundTripCount): a bench times one thing at a time.
 */
export async function startProduct(
  database: Database,
  env: Record<string, string | undefined> = {},
): Promise<BenchProduct> {
  const config = benchConfig({ LOG_LEVEL: 'info', SEED: 'none', JOBS: 'off', WEB_DIST_DIR: '/nonexistent', ...env });
  const app = await buildApp({ config, database, logStream: { write() {} } });
  // listen() settles once the server listens, however long the start takes on a busy machine.
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const get = async (path: string, token: string) => {
    const t0 = performance.now();
    const res = await fetch(`${origin}${path}`, { headers: { ...BROWSER_HEADERS, authorization: `Bearer ${token}` } });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${text.slice(0, 500)}`);
    return { text, ms };
  };
  return {
    origin,
    download(path, token) {
      return new Promise((resolve, reject) => {
        const req = httpGet(`${origin}${path}`, { headers: { ...BROWSER_HEADERS, authorization: `Bearer ${token}` } });
        req.on('error', reject);
        req.on('response', (res) => {
          let wire = 0;
          res.on('data', (chunk: Buffer) => (wire += chunk.length));
          const encoding = res.headers['content-encoding'];
          const decode =
            encoding === 'br'
              ? createBrotliDecompress()
              : encoding === 'gzip'
                ? createGunzip()
                : encoding === 'deflate'
                  ? createInflate()
                  : new PassThrough();
          resolve({ status: res.statusCode ?? 0, body: pipeline(res, decode, () => undefined), wireBytes: () => wire });
        });
      });
    },
    async signIn(username, password) {
      const res = await fetch(`${origin}${authApi.authenticate.path}`, {
        method: authApi.authenticate.method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      if (res.status !== 200) throw new Error(`signing in ${username} answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { token: string }).token;
    },
    async time<T>(path: string, token: string, runs: number) {
      let last = await get(path, token);
      for (let i = 0; i < 2; i++) last = await get(path, token);
      const before = database.roundTripCount();
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        last = await get(path, token);
        times.push(last.ms);
      }
      const roundTrips = (database.roundTripCount() - before) / runs;
      return { ...spread(times), roundTrips, last: JSON.parse(last.text) as T };
    },
    async together(paths, token) {
      const t0 = performance.now();
      await Promise.all(paths.map((path) => get(path, token)));
      return performance.now() - t0;
    },
    close: () => app.close(),
  };
}

/** Whether a figure must stay under its goal's limit (a time, a size) or reach it (a rate, a ratio). */
type GoalSense = 'under' | 'at least';

/**
 * A goal figures are held to: each under `limit` (or, with `sense: 'at least'`, at least `limit`). `cell` is the goal
 * as a table prints it beside a figure ("< 50 ms"); `check` answers 'met' or 'MISSED' for one figure; `line` prints
 * one figure on a line of its own beside the goal and answers the same; `report` prints the tally. A miss sets
 * process.exitCode = 1, so the run fails once every figure is printed: a bench says whether the goal is met on this
 * machine, now, and nothing else. A figure that is not a number (NaN) misses.
 */
export function benchGoal(
  text: string,
  limit: number,
  { unit = 'ms', sense = 'under', digits = 1 }: { unit?: string; sense?: GoalSense; digits?: number } = {},
) {
  const misses: string[] = [];
  let checked = 0;
  const withUnit = (figure: string) => (unit ? `${figure} ${unit}` : figure);
  const cell = `${sense === 'under' ? '<' : '≥'} ${withUnit(limit.toLocaleString('en-US'))}`;
  const check = (label: string, value: number): 'met' | 'MISSED' => {
    checked += 1;
    if (sense === 'under' ? value < limit : value >= limit) return 'met';
    misses.push(`${label}: ${withUnit(value.toFixed(digits))}`);
    process.exitCode = 1;
    return 'MISSED';
  };
  return {
    cell,
    check,
    /** "label: 734 ms (detail); goal < 1,000 ms: met", printed, and the verdict. */
    line(label: string, value: number, detail = ''): 'met' | 'MISSED' {
      const verdict = check(label, value);
      console.log(
        `${label}: ${withUnit(value.toFixed(digits))}${detail ? ` (${detail})` : ''}; goal ${cell}: ${verdict}`,
      );
      return verdict;
    },
    /** The tally; a goal no figure was held to (BENCH_ONLY naming nothing) is not met either. */
    report() {
      if (checked === 0) process.exitCode = 1;
      console.log(
        checked === 0
          ? `\ngoal (${text}): no figure measured, so not met`
          : misses.length === 0
            ? `\ngoal (${text}): met by all ${checked}`
            : `\ngoal (${text}): MISSED by ${misses.length} of ${checked}\n  ${misses.join('\n  ')}`,
      );
    },
  };
}
export type BenchGoal = ReturnType<typeof benchGoal>;

/** The machine's load average over the last one, five and fifteen minutes ("1.52 2.04 1.87"), printed beside figures. */
export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** When and how busy, for a line of its own: the UTC minute and the load average (loadAverage). */
export const machineLoad = () =>
  `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${loadAverage()} (1, 5, 15 min)`;

/** The median of some figures (the mean of the middle two when there is an even number). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Round trips a request: whole when every request sent as many, else to three places (2.005: one more in 200). */
export const roundTrips = (n: number) => String(Number(n.toFixed(3)));

type Rows = readonly unknown[] | { data: readonly unknown[]; totalCount?: number };

/**
 * The answer over HTTP is the in-process one: as many rows and the same total. Otherwise the URL asked another
 * search (a criterion dropped or renamed), and its time would not be the same search's.
 */
export function sameAnswer(label: string, inProcess: Rows, http: Rows): void {
  const shape = (r: Rows) =>
    'data' in r ? `${r.data.length} rows of ${r.totalCount ?? r.data.length}` : `${r.length} rows`;
  if (shape(inProcess) !== shape(http))
    throw new Error(`${label}: in process ${shape(inProcess)}, over HTTP ${shape(http)}: not the same search`);
}

export const SEARCH_TABLE_HEADER =
  '| search | caller | rows | totalCount | capped | HTTP p50 ms | HTTP p95 ms | HTTP max ms | round trips a request | in-process p50 ms | in-process p95 ms | goal: HTTP p95 | |\n' +
  '|---|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---|---|';

type SearchAnswer = { data: unknown[]; totalCount: number; countCapped?: boolean };

/**
 * Times one search twice, each with 3 warm-ups and `runs` timed calls: the service in process, then the request over
 * HTTP as the same user (`request.path`, built by apiPath from the same criteria). Checks both answered the same rows,
 * prints its row of SEARCH_TABLE_HEADER with the HTTP p95 held to `goal`, and answers the in-process result.
 */
export async function timeSearch<T extends SearchAnswer>(
  label: string,
  who: string,
  runs: number,
  search: () => Promise<T>,
  request: { product: BenchProduct; token: string; path: string },
  goal: BenchGoal,
): Promise<T> {
  const inProcess = await timed(runs, search);
  const http = await request.product.time<SearchAnswer>(request.path, request.token, runs);
  sameAnswer(label, inProcess.last, http.last);
  const f = (n: number) => n.toFixed(1);
  const last = inProcess.last;
  console.log(
    `| ${label} | ${who} | ${last.data.length} | ${last.totalCount} | ${last.countCapped ? 'yes' : 'no'} | ${f(http.p50)} | ${f(http.p95)} | ${f(http.max)} | ${roundTrips(http.roundTrips)} | ${f(inProcess.p50)} | ${f(inProcess.p95)} | ${goal.cell} | ${goal.check(`${label}, ${who}`, http.p95)} |`,
  );
  return last;
}

/**
 * Drops `table`'s secondary indexes (those no constraint owns) before a bulk load, and answers the step that builds
 * them again after it: one sort each instead of an index insertion per loaded row. The step answers how many.
 */
export async function dropSecondaryIndexes(
  query: (text: string) => Promise<{ rows: unknown[] }>,
  table: string,
): Promise<() => Promise<number>> {
  const secondary = (
    await query(
      `select indexname, indexdef from pg_indexes i
       where tablename = '${table}' and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    )
  ).rows as { indexname: string; indexdef: string }[];
  for (const index of secondary) await query(`drop index ${index.indexname}`);
  return async () => {
    for (const index of secondary) await query(index.indexdef);
    return secondary.length;
  };
}

/**
 * The phase times a file import logs (platform/import-run.ts: its log line's `ms`, wall ms from the start of the
 * request), read from the app's log stream: pass `logger` to buildApp, then `text()` after each upload.
 */
export function importPhases(message: string) {
  let phases: Record<string, number> = {};
  return {
    logger: {
      level: 'info',
      stream: {
        write(line: string) {
          const entry = JSON.parse(line) as { msg?: string; ms?: Record<string, number> };
          if (entry.msg === message && entry.ms) phases = entry.ms;
        },
      },
    },
    text: () =>
      Object.entries(phases)
        .map(([phase, at]) => `${phase} ${at}`)
        .join(', '),
  };
}

/** CPU seconds of each process by pid, from /proc (utime + stime, Linux); a process that has ended is left out. */
export function cpuByPid(pids: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // The process ended meanwhile.
    }
  }
  return out;
}

/**
 * CPU seconds of each backend of database `name` (its connections, and autovacuum while it works there), by pid:
 * a figure of this database's work, never every PostgreSQL process on the machine. The server is local, as on CI.
 */
export async function backendCpu(
  query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>,
  name: string,
): Promise<Map<number, number>> {
  const { rows } = await query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
    name,
  ]);
  return cpuByPid((rows as { pid: number }[]).map((r) => Number(r.pid)));
}

/** CPU seconds spent between two readings: a process only in the second started meanwhile and counts whole. */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, cpu] of after) sum += cpu - (before.get(pid) ?? 0);
  return sum;
}
