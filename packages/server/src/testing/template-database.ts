import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { adminQuery, databaseUrl, dropDatabase, migratedInPlace, uniqueDatabaseName } from './database.js';

/**
 * Vitest global setup of the server projects: migrates one database for the whole run, which every test file's
 * `createTestDatabase` then copies (testing.md "Databases in tests"). The copy is the same database a file would have
 * migrated for itself (the same migrations and reference data, the same sequences), made once instead of a hundred
 * times: PGlite as a dump of its data directory loaded into a new in-memory instance, PostgreSQL as
 * `create database ... template`. The template is made anew each run, so it never lags behind the migrations.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_DATABASE === 'postgres') {
    const name = uniqueDatabaseName('ebt_template');
    await adminQuery(`create database "${name}"`);
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl(name) });
    try {
      await migratedInPlace(database);
    } catch (error) {
      // A migration that fails fails the run; the half-made template goes with it rather than staying on the server.
      await database.close();
      await dropDatabase(name);
      throw error;
    }
    // A template must have no connections while it is copied.
    await database.close();
    project.provide('postgresTemplateName', name);
    return () => dropDatabase(name);
  }
  const database = await migratedInPlace(await openDatabase({ kind: 'pglite' }));
  const client = (database.db as unknown as { $client: PGlite }).$client;
  // Uncompressed: a 65 MB tar loads in ~1 s; gzip would make it 9 MB and every load 0.4 s slower.
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ebt-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplateFile', file);
  return () => rm(dir, { recursive: true, force: true });
}
