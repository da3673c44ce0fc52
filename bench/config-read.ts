/**
 * Reading a configuration value (issue 16 "Done when": under 1 ms after the first read, cached per instance; each
 * instance checks the version row at most once a second, so a change reaches every instance within a second).
 *
 *   npm run bench:config-read                          # PostgreSQL at 127.0.0.1:5432, user postgres (trust)
 *   BENCH_READS=20000 npm run bench:config-read        # more reads per phase
 *
 * Creates a scratch database, migrates it, writes 200 keys of 5 values each (past and future dates), then times:
 * - the first read of a key (the version row and the key's history: two statements),
 * - later reads of the same and other keys within the second (a map look-up, no SQL),
 * - a read right after the second has passed (the version row, unchanged: one statement),
 * - the uncached read of the same value (one statement each time: the query the service ran before the cache),
 * - how long a change written by "another instance" takes to be seen: a second cache polling every 50 ms.
 * Each phase prints the round trips to the database it sent (db/client.ts roundTripCount: every statement, and BEGIN
 * and COMMIT). The reads are timed in process: a configuration value is read inside other requests, never as one of
 * its own. Exits 1 when a goal is missed: a read after the first (cached, or the one that starts the version check
 * beside it) p95 under 1 ms, and the change seen within a second of the other cache's last check. That cache answers
 * from memory until a read finds its check a second old; that read starts the check and still answers from memory
 * (decision 0102), and the next read sees the change: at a read every 50 ms, under 1,100 ms after the change. Drops
 * the database at the end. Reading: bench/README.md.
 */
import { performance } from 'node:perf_hooks';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Database } from '../packages/server/src/db/client.js';
import { migrateDatabase } from '../packages/server/src/db/migrate.js';
import { configEntries } from '../packages/server/src/db/schema/index.js';
import { CONFIG_VERSION_CHECK_MS, ConfigValueCache } from '../packages/server/src/platform/config-values.js';
import { benchGoal, machineLoad, percentile, scratchPostgresDatabase } from './shared.js';

const READS = Number(process.env.BENCH_READS ?? 5_000);
const KEYS = 200;
const TODAY = '2026-11-26';
/** How often the other instance reads while a change is awaited. */
const POLL_MS = 50;
const READ_GOAL = benchGoal('issue 16: a read after the first p95 under 1 ms', 1);
const CHANGE_GOAL = benchGoal(
  `issue 16: a change seen within ${CONFIG_VERSION_CHECK_MS} ms of the cache's last check and two reads, so under ${CONFIG_VERSION_CHECK_MS + 2 * POLL_MS} ms at a read every ${POLL_MS} ms`,
  CONFIG_VERSION_CHECK_MS + 2 * POLL_MS,
);

const ms = (from: number) => performance.now() - from;
const fmt = (value: number) => (value < 0.01 ? value.toFixed(4) : value.toFixed(3));

/** Waits until no statement of the pool is under way: a version check started beside a read counts in its phase. */
async function settled(pool: { totalCount: number; idleCount: number; waitingCount: number }): Promise<void> {
  while (pool.idleCount < pool.totalCount || pool.waitingCount > 0) await new Promise((r) => setTimeout(r, 5));
}

/** A phase's row; `goal` when its p95 is held to READ_GOAL. */
function summary(name: string, samples: number[], sent: number, goal?: typeof READ_GOAL) {
  const sorted = [...samples].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  const verdict = goal ? `${goal.cell} | ${goal.check(name, p95)}` : ' | ';
  console.log(
    `| ${name} | ${samples.length} | ${fmt(percentile(sorted, 50))} | ${fmt(p95)} | ${fmt(percentile(sorted, 99))} | ${fmt(sorted.at(-1)!)} | ${sent} | ${verdict} |`,
  );
}

async function main() {
  let database: Database | undefined;
  try {
    database = await scratchPostgresDatabase('ebt_bench_config');
    const { db, pool } = database;
    await migrateDatabase(database);
    console.log(((await pool!.query('select version()')).rows[0].version as string).split(',')[0]);
    const rows = [];
    for (let k = 0; k < KEYS; k += 1)
      for (const [i, date] of ['2024-01-01', '2025-01-01', '2026-01-01', '2027-01-01', '2028-01-01'].entries())
        rows.push({ configKey: `bench.key${k}`, configValue: String(k * 10 + i), effectiveDate: date });
    await db.insert(configEntries).values(rows);

    let clock = 1_000_000;
    const cache = new ConfigValueCache(() => clock);
    const sent = async () => {
      await settled(pool!);
      return database!.roundTripCount();
    };

    console.log(`\n${machineLoad()}`);
    console.log(
      '| read | reads | p50 ms | p95 ms | p99 ms | max ms | round trips in all | goal: p95 | |\n|---|---:|---:|---:|---:|---:|---:|---|---|',
    );
    // The first read of each key: the version row once, then each key's history.
    let before = await sent();
    const first: number[] = [];
    for (let k = 0; k < KEYS; k += 1) {
      const start = performance.now();
      await cache.valueInForce(db, `bench.key${k}`, TODAY);
      first.push(ms(start));
    }
    summary('first read of a key', first, (await sent()) - before);

    // Later reads within the same second: no SQL.
    before = await sent();
    const cached: number[] = [];
    for (let i = 0; i < READS; i += 1) {
      const start = performance.now();
      const value = await cache.valueInForce(db, `bench.key${i % KEYS}`, TODAY);
      cached.push(ms(start));
      if (value !== String((i % KEYS) * 10 + 2)) throw new Error(`wrong value ${value}`);
    }
    summary('cached read (same second)', cached, (await sent()) - before, READ_GOAL);

    // Each read a second after the last: the version check, unchanged.
    before = await sent();
    const checked: number[] = [];
    for (let i = 0; i < Math.min(READS, 1000); i += 1) {
      clock += CONFIG_VERSION_CHECK_MS;
      const start = performance.now();
      await cache.valueInForce(db, `bench.key${i % KEYS}`, TODAY);
      checked.push(ms(start));
    }
    summary('read a second later (the version check beside it)', checked, (await sent()) - before, READ_GOAL);

    // The read without a cache, as it was before: one statement each time.
    before = await sent();
    const raw: number[] = [];
    for (let i = 0; i < Math.min(READS, 1000); i += 1) {
      const start = performance.now();
      await db
        .select({ value: configEntries.configValue })
        .from(configEntries)
        .where(and(eq(configEntries.configKey, `bench.key${i % KEYS}`), lte(configEntries.effectiveDate, TODAY)))
        .orderBy(desc(configEntries.effectiveDate))
        .limit(1);
      raw.push(ms(start));
    }
    summary('uncached read (one query, before the cache)', raw, (await sent()) - before);

    // Another instance on the real clock sees a change within a second.
    const other = new ConfigValueCache();
    await other.valueInForce(db, 'bench.key0', TODAY);
    await db
      .update(configEntries)
      .set({ configValue: 'changed' })
      .where(and(eq(configEntries.configKey, 'bench.key0'), eq(configEntries.effectiveDate, '2026-01-01')));
    const changedAt = performance.now();
    let seenAfter = -1;
    while (ms(changedAt) < 3_000) {
      if ((await other.valueInForce(db, 'bench.key0', TODAY)) === 'changed') {
        seenAfter = ms(changedAt);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    // Never seen within 3 s counts as a miss.
    const seen = seenAfter < 0 ? Infinity : seenAfter;
    console.log(
      `\nA change written elsewhere was seen by another instance's cache after ${seenAfter < 0 ? 'more than 3,000' : seenAfter.toFixed(0)} ms ` +
        `(reading every ${POLL_MS} ms; goal ${CHANGE_GOAL.cell}): ${CHANGE_GOAL.check('change seen', seen)}`,
    );
    console.log(machineLoad());
    READ_GOAL.report();
    CHANGE_GOAL.report();
  } finally {
    await database?.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
