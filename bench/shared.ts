import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
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

/** p50 and p95 of `runs` timed calls after 3 warm-up calls, and the last answer (the search benchmarks). */
export async function timed<T>(runs: number, call: () => Promise<T>): Promise<{ p50: number; p95: number; last: T }> {
  let last = await call();
  for (let i = 0; i < 2; i++) last = await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await call();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), last };
}

export const arrayLiteral = (values: string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

/** Seconds since `from` (a performance.now() reading), for progress lines. */
export const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(0)} s`;

/** The server-side admin database the benchmarks create their scratch databases from. */
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh, uniquely named PostgreSQL database opened through the app's own client. Its close() also drops it, so a
 * benchmark that ends (or fails) leaves nothing behind, unless BENCH_KEEP=1 asks to keep it.
 */
export async function scratchPostgresDatabase(prefix: string): Promise<Database & { name: string }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  console.log(`database ${name}`);
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
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

/** The caller a request of this user would carry: a session signed in for them, resolved as the session hook does. */
export async function benchCaller(database: Database, userId: number): Promise<Caller> {
  const now = new Date();
  const token = await createSession(database.db, userId, now);
  const lookup = await resolveCaller(database, token, now, SIGN_IN_STATUSES);
  if (!lookup.ok) throw new Error(`user ${userId} cannot hold a session: ${lookup.reason}`);
  return lookup.caller;
}

export const SEARCH_TABLE_HEADER =
  '| search | caller | rows | totalCount | capped | p50 ms | p95 ms | max ms |\n|---|---|---:|---:|---|---:|---:|---:|';

/**
 * Times one search: 3 warm-up calls, then `runs` timed ones; prints its row of SEARCH_TABLE_HEADER and answers the
 * last result (for plans and samples).
 */
export async function timeSearch<T extends { data: unknown[]; totalCount: number; countCapped?: boolean }>(
  label: string,
  who: string,
  runs: number,
  search: () => Promise<T>,
): Promise<T> {
  let last = await search();
  for (let i = 0; i < 2; i++) last = await search();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await search();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1);
  console.log(
    `| ${label} | ${who} | ${last.data.length} | ${last.totalCount} | ${last.countCapped ? 'yes' : 'no'} | ${f(percentile(times, 50))} | ${f(percentile(times, 95))} | ${f(times[times.length - 1]!)} |`,
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
