import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseUrl } from '../testing/database.js';
import type { Database } from './client.js';
import { migrateDatabase } from './migrate.js';

// A migration that cannot get a lock (a long transaction holds the table) gives up after its lock time-out, rolls
// back and tries again, rather than waiting as long as that transaction runs while every request of the instances
// still serving queues behind it (docs/migrations.md "Waiting for a lock"). PostgreSQL only: PGlite is one connection.

const ON_POSTGRES = process.env.TEST_DATABASE === 'postgres';
let database: Database;
let url = '';

beforeAll(async () => {
  if (!ON_POSTGRES) return;
  database = await createTestDatabase();
  const { rows } = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  url = databaseUrl(rows[0]!.name);
});

afterAll(async () => {
  await database?.close();
});

describe.runIf(ON_POSTGRES)('migrations waiting for a lock', () => {
  it('give up after the lock time-out, try again, and finish once the lock is free', async () => {
    // A transaction holding the migrations' own journal: whatever the migrator reads first waits for it.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table drizzle.__drizzle_migrations in access exclusive mode');

      const timeouts: number[] = [];
      let finished = false;
      const migrating = migrateDatabase(database, {
        lockTimeoutMs: 150,
        retryDelayMs: 50,
        onLockTimeout: (attempt) => timeouts.push(attempt),
      }).then(() => (finished = true));

      // Each attempt gives up on its own: nobody else lets go of the lock meanwhile.
      for (let waited = 0; timeouts.length < 2 && waited < 10_000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(timeouts.slice(0, 2)).toEqual([1, 2]);
      expect(finished).toBe(false);

      // The long transaction ends: the next attempt gets its locks and the migrations are found applied.
      await holder.query('commit');
      await migrating;
      expect(finished).toBe(true);
    } finally {
      await holder.end();
    }

    // The lock's connection is closed with the start-up lock; the pool's connections never had a time-out set.
    const { rows } = (await database.db.execute(sql`select current_setting('lock_timeout') as t`)) as unknown as {
      rows: { t: string }[];
    };
    expect(rows[0]!.t).toBe('0');
  });
});
