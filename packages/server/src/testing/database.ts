import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { ensureReferenceData } from '../db/reference-data.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory as a tar file (testing/template-database.ts), or '' when none was made. */
    pgliteTemplateFile: string;
    /** The migrated PostgreSQL database new test databases are copied from, or '' when none was made. */
    postgresTemplateName: string;
  }
}

/**
 * A fresh, migrated database for one test file (testing.md "Databases in tests"): in-memory PGlite by default,
 * or, when the Vitest project sets TEST_DATABASE=postgres, a new database on the local PostgreSQL server that is
 * dropped again on close. Reference data (roles, privileges, lookups) is loaded; nothing else.
 *
 * Under Vitest each is a copy of one template the run migrated once (testing/template-database.ts): migrating a
 * PGlite database took 5-7 s and a PostgreSQL one 2 s, for each of the hundred-odd files that open one; a copy takes
 * about 1 s and 0.1 s. Without a template (a script, or a project without the global setup) it migrates in place.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DATABASE === 'postgres') return createPostgresDatabase();
  const templateFile = providedTemplate('pgliteTemplateFile');
  if (templateFile) {
    const dump = new Blob([await readFile(templateFile)]);
    const client = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm, btree_gist } });
    return openDatabase({ kind: 'pglite-instance', client });
  }
  return migratedInPlace(await openDatabase({ kind: 'pglite' }));
}

/** Migrations and reference data, as the template was made. */
export async function migratedInPlace(database: Database): Promise<Database> {
  await migrateDatabase(database);
  await ensureReferenceData(database.db);
  return database;
}

/** The template the global setup provided, or undefined outside Vitest's workers or when none was made. */
function providedTemplate<K extends 'pgliteTemplateFile' | 'postgresTemplateName'>(key: K): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined; // not inside a Vitest worker
  }
}

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A PostgreSQL database name no other file or run uses. */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

/** Runs one statement on the server's `postgres` database with a connection of its own. */
export async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function createPostgresDatabase(): Promise<Database> {
  const name = uniqueDatabaseName('ebt_test');
  const template = providedTemplate('postgresTemplateName');
  await adminQuery(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  const opened = await openDatabase({ kind: 'postgres', url: databaseUrl(name) });
  const database = template ? opened : await migratedInPlace(opened);
  return {
    ...database,
    async close() {
      await database.close();
      await dropDatabase(name);
    },
  };
}

/** Drops a test database once its connections have gone. */
export async function dropDatabase(name: string): Promise<void> {
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
}
