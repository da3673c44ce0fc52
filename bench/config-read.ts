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
 * Drops the database at the end. Reading: bench/README.md.
 */
import { performance } from 'node:perf_hooks';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Database } from '../packages/server/src/db/client.js';
import { migrateDatabase } from '../packages/server/src/db/migrate.js';
import { configEntries } from '../packages/server/src/db/schema/index.js';
import { CONFIG_VERSION_CHECK_MS, ConfigValueCache } from '../packages/server/src/platform/config-values.js';
import { percentile, scratchPostgresDatabase } from './shared.js';

const READS = Number(process.env.BENCH_READS ?? 5_000);
const KEYS = 200;
const TODAY = '2026-11-26';

const ms = (from: number) => performance.now() - from;
const fmt = (value: number) => (value < 0.01 ? value.toFixed(4) : value.toFixed(3));

function summary(name: string, samples: number[], statements: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  console.log(
    `| ${name} | ${samples.length} | ${fmt(percentile(sorted, 50))} | ${fmt(percentile(sorted, 99))} | ${fmt(sorted.at(-1)!)} | ${statements} |`,
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
    const statements = () => database!.statementCount();

    console.log(
      '\n| read | reads | p50 ms | p99 ms | max ms | SQL statements in all |\n|---|---:|---:|---:|---:|---:|',
    );
    // The first read of each key: the version row once, then each key's history.
    let before = statements();
    const first: number[] = [];
    for (let k = 0; k < KEYS; k += 1) {
      const start = performance.now();
      await cache.valueInForce(db, `bench.key${k}`, TODAY);
      first.push(ms(start));
    }
    summary('first read of a key', first, statements() - before);

    // Later reads within the same second: no SQL.
    before = statements();
    const cached: number[] = [];
    for (let i = 0; i < READS; i += 1) {
      const start = performance.now();
      const value = await cache.valueInForce(db, `bench.key${i % KEYS}`, TODAY);
      cached.push(ms(start));
      if (value !== String((i % KEYS) * 10 + 2)) throw new Error(`wrong value ${value}`);
    }
    summary('cached read (same second)', cached, statements() - before);

    // Each read a second after the last: the version check, unchanged.
    before = statements();
    const checked: number[] = [];
    for (let i = 0; i < Math.min(READS, 1000); i += 1) {
      clock += CONFIG_VERSION_CHECK_MS;
      const start = performance.now();
      await cache.valueInForce(db, `bench.key${i % KEYS}`, TODAY);
      checked.push(ms(start));
    }
    summary('read after a second (version check)', checked, statements() - before);

    // The read without a cache, as it was before: one statement each time.
    before = statements();
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
    summary('uncached read (one query)', raw, statements() - before);

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
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    console.log(
      `\nA change written elsewhere was seen by another instance's cache after ${seenAfter.toFixed(0)} ms ` +
        `(polling every 50 ms; the bound is ${CONFIG_VERSION_CHECK_MS} ms).`,
    );
  } finally {
    await database?.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
