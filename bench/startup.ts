/**
 * `npm run bench:startup`, after `npm run build`: the server's start-up time and idle memory, run from its TypeScript
 * sources through tsx (as development and the tests run it) beside the compiled build `npm start` runs
 * (packages/server/dist, decision 0119), on PGlite and on PostgreSQL.
 *
 * Each database is made and seeded once by a first start (not measured); then each round starts each runtime one
 * after the other on that database, each round in another order: start-up is from spawning the process to the first
 * 200 of /healthz (the migrations found applied, the reference data current, the demo data present); then a user
 * signs in and reads a few pages, and the resident memory (VmRSS) is read IDLE_SECONDS after /healthz first answered,
 * jobs on, as `npm start` runs. SIGTERM then stops the server, which must exit 0.
 *
 *   npm run bench:startup
 *   BENCH_ROUNDS=5 npm run bench:startup                        # more rounds (3)
 *   BENCH_ONLY=postgres npm run bench:startup                   # one database: pglite or postgres
 *   BENCH_DATABASE_URL=postgres://u@host/postgres npm run bench:startup   # another server (its admin database)
 *
 * Goals: the compiled server idles below the same server through tsx on each database, and below 200 MB on
 * PostgreSQL (the product's memory goal). Start-up is printed beside them, without a goal of its own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import nodeFlags from '../packages/server/node-flags.json' with { type: 'json' };
import { freePort } from '../packages/server/src/testing/free-port.js';
import { ADMIN_URL, BENCH_DATA_DIR, createPostgresDatabase, benchGoal, machineLoad, median } from './shared.js';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SERVER_DIR = path.join(ROOT, 'packages/server');
const BUILT = path.join(SERVER_DIR, 'dist/main.js');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 8);
const ONLY = process.env.BENCH_ONLY;
const PASSWORD = 'Welcome#2026';

/**
 * The ways the server runs: the command line after `node`, from packages/server, and the environment it adds. tsx
 * keeps the sources it transformed in a cache in the temporary directory; `tsx, cold` starts without it, as a new
 * container's first start did before the server was compiled.
 */
const RUNTIMES = {
  tsx: { args: [...nodeFlags, '--import', 'tsx', 'src/main.ts'], env: {} },
  'tsx, cold': { args: [...nodeFlags, '--import', 'tsx', 'src/main.ts'], env: { TSX_DISABLE_CACHE: '1' } },
  compiled: { args: [...nodeFlags, 'dist/main.js'], env: {} },
} as const;
type Runtime = keyof typeof RUNTIMES;
const RUNTIME_NAMES = Object.keys(RUNTIMES) as Runtime[];

interface Sample {
  startMs: number;
  rssMb: number;
}

/** The newest modification time of the files under `dirs` (tests left out), in ms. */
function newestSource(dirs: string[]): number {
  let newest = 0;
  for (const dir of dirs) {
    for (const file of readdirSync(dir, { recursive: true }) as string[]) {
      if (file.includes('.test.')) continue;
      newest = Math.max(newest, statSync(path.join(dir, file)).mtimeMs);
    }
  }
  return newest;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  if (!line) throw new Error(`no VmRSS for ${pid}`);
  return Number(line[1]) / 1024;
};

/** Stops the server with SIGTERM, as an orchestrator does, and fails the run unless it exits 0. */
async function stop(child: ChildProcess, what: string): Promise<void> {
  if (child.exitCode !== null) throw new Error(`${what} had already exited with code ${child.exitCode}`);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`${what} exited with code ${code} at SIGTERM`);
}

/**
 * Starts the server and waits for /healthz as long as the start takes, unless the process exits: the time from the
 * spawn to the first 200, and the process.
 */
async function start(runtime: Runtime, env: Record<string, string>) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = spawn(process.execPath, [...RUNTIMES[runtime].args], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED: 'demo',
      ...env,
      ...RUNTIMES[runtime].env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the ${runtime} server exited with code ${child.exitCode}`);
    const ok = await fetch(`${origin}/healthz`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return { child, origin, startMs: performance.now() - t0 };
    await sleep(20);
  }
}

/** What a user's first minute asks of a fresh server: signing in, then the pages a program admin opens. */
async function someRequests(origin: string): Promise<void> {
  const signIn = await fetch(`${origin}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'progadmin01', password: PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`signing in answered ${signIn.status}: ${await signIn.text()}`);
  const { token } = (await signIn.json()) as { token: string };
  for (const page of ['/user-api/user/current', '/account-api/account/programs', '/account-api/statuses']) {
    const res = await fetch(`${origin}${page}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`GET ${page} answered ${res.status}: ${body.slice(0, 300)}`);
  }
}

async function measure(runtime: Runtime, env: Record<string, string>): Promise<Sample> {
  const { child, origin, startMs } = await start(runtime, env);
  const answered = performance.now();
  try {
    await someRequests(origin);
    await sleep(Math.max(0, IDLE_SECONDS * 1000 - (performance.now() - answered)));
    return { startMs, rssMb: rssMb(child.pid!) };
  } finally {
    await stop(child, `the ${runtime} server`);
  }
}

interface Database {
  name: string;
  env: Record<string, string>;
  drop(): Promise<void>;
}

async function postgresDatabase(): Promise<Database> {
  const { name, url } = await createPostgresDatabase('ebt_bench_startup');
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: url, DATA_DIR: path.join(BENCH_DATA_DIR, 'postgres') },
    async drop() {
      const cleanup = new pg.Client({ connectionString: ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

const pgliteDatabase = (): Database => ({
  name: 'PGlite',
  env: { DATA_DIR: path.join(BENCH_DATA_DIR, 'pglite') },
  // The data directory goes with BENCH_DATA_DIR when the bench exits.
  drop: async () => undefined,
});

const figures = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');

async function main() {
  if (!existsSync(BUILT)) throw new Error('no packages/server/dist/main.js: run `npm run build` first');
  const sources = [path.join(SERVER_DIR, 'src'), path.join(ROOT, 'packages/core/src')];
  if (statSync(BUILT).mtimeMs < newestSource(sources))
    throw new Error('packages/server/dist is older than its sources: run `npm run build` first');

  console.log(
    `${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}, flags ${nodeFlags.join(' ')}`,
  );
  console.log(`${ROUNDS} rounds; RSS ${IDLE_SECONDS} s after /healthz first answered, jobs on\n`);
  const lessThanTsx = benchGoal('compiled idles below tsx', 1, { unit: '', digits: 2 });
  const underLimit = benchGoal('compiled idles below 200 MB on PostgreSQL', 200, { unit: 'MB', digits: 0 });

  const databases: (() => Promise<Database>)[] = [];
  if (!ONLY || ONLY === 'pglite') databases.push(async () => pgliteDatabase());
  if (!ONLY || ONLY === 'postgres') databases.push(postgresDatabase);
  if (databases.length === 0) throw new Error(`BENCH_ONLY=${ONLY}: pglite or postgres`);

  const rows: string[] = [];
  /** Each database's medians, held to the goals once the table is printed. */
  const medians: { database: string; tsx: number; compiled: number }[] = [];
  for (const open of databases) {
    const database = await open();
    try {
      console.log(`${database.name}: first start (migrations, reference and demo data), ${machineLoad()}`);
      const first = await start('compiled', database.env);
      console.log(`  ${(first.startMs / 1000).toFixed(1)} s`);
      await stop(first.child, 'the first start');

      const samples: Record<Runtime, Sample[]> = { tsx: [], 'tsx, cold': [], compiled: [] };
      for (let round = 0; round < ROUNDS; round++) {
        // Each round in another order, so no runtime always follows the same one.
        const order = RUNTIME_NAMES.map((_, i) => RUNTIME_NAMES[(i + round) % RUNTIME_NAMES.length]!);
        for (const runtime of order) {
          const sample = await measure(runtime, database.env);
          samples[runtime].push(sample);
          console.log(
            `  round ${round + 1} ${runtime}: start-up ${sample.startMs.toFixed(0)} ms, RSS ${sample.rssMb.toFixed(0)} MB`,
          );
        }
      }
      console.log(`  done, ${machineLoad()}\n`);

      for (const runtime of RUNTIME_NAMES) {
        const starts = samples[runtime].map((s) => s.startMs);
        const memory = samples[runtime].map((s) => s.rssMb);
        rows.push(
          `| ${database.name} | ${runtime} | ${median(starts).toFixed(0)} | ${figures(starts)} | ` +
            `${median(memory).toFixed(0)} | ${figures(memory)} |`,
        );
      }
      const rss = (runtime: Runtime) => median(samples[runtime].map((s) => s.rssMb));
      medians.push({ database: database.name, tsx: rss('tsx'), compiled: rss('compiled') });
    } finally {
      await database.drop();
    }
  }

  console.log('| database | runtime | start-up ms, median | each run | RSS MB, median | each run |');
  console.log('|---|---|---:|---|---:|---|');
  for (const row of rows) console.log(row);
  console.log();
  for (const { database, tsx, compiled } of medians) {
    lessThanTsx.line(
      `${database}: RSS compiled / tsx`,
      compiled / tsx,
      `${compiled.toFixed(0)} / ${tsx.toFixed(0)} MB`,
    );
    if (database === 'PostgreSQL') underLimit.line(`${database}: RSS compiled`, compiled);
  }
  lessThanTsx.report();
  if (!ONLY || ONLY === 'postgres') underLimit.report();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
