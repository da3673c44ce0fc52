import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { ensureReferenceData } from '../db/reference-data.js';

/**
 * A fresh, migrated database for one test file (testing.md "Databases in tests"): in-memory PGlite by default,
 * or, when the Vitest project sets TEST_DATABASE=postgres, a new database on the local PostgreSQL server that is
 * dropped again on close. Reference data (roles, privileges, lookups) is loaded; nothing else.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DATABASE === 'postgres') return createPostgresDatabase();
  const database = await openDatabase({ kind: 'pglite' });
  await migrateDatabase(database);
  await ensureReferenceData(database.db);
  return database;
}

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function createPostgresDatabase(): Promise<Database> {
  const name = `ebt_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await migrateDatabase(database);
  await ensureReferenceData(database.db);
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: ADMIN_URL });
      await cleanup.connect();
      try {
        // pool.end() resolves before its connections have closed; dropping "with (force)" while they are still
        // saying goodbye kills them with 57P01, which pg reports as an uncaught error. Wait for them first.
        for (let waited = 0; waited < 5000; waited += 50) {
          const { rows } = await cleanup.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
            name,
          ]);
          if (rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await cleanup.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
