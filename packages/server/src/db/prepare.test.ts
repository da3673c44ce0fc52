import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { adminQuery, databaseUrl, dropDatabase, uniqueDatabaseName } from '../testing/database.js';
import { DEMO_PASSWORD, DEMO_USERNAMES, isDatabaseSeeded, seedDemoData } from '../seed/index.js';
import { type Database, openDatabase } from './client.js';
import { MIGRATIONS_FOLDER } from './migrate.js';
import { prepareDatabase, type PreparedDatabase } from './prepare.js';

// Two instances started together on an empty PostgreSQL database (a rolling deploy, two replicas): both prepare the
// database at once, both come up, and they serve as one product. PGlite is one process with one connection and takes
// no lock, so this file runs in the server-postgres project only.
const ON_POSTGRES = process.env.TEST_DATABASE === 'postgres';
const silent = { info: () => undefined };
const demo = { isDatabaseSeeded, seedDemoData };

const name = uniqueDatabaseName('ebt_test_prepare');
let first: Database | undefined;
let second: Database | undefined;
const apps: FastifyInstance[] = [];
let prepared: PreparedDatabase[] = [];
let prepareMs = 0;

const count = async (sql: string, params: unknown[] = []) =>
  Number((await first!.pool!.query<{ n: string }>(sql, params)).rows[0]!.n);

describe.runIf(ON_POSTGRES)('two instances starting together on an empty PostgreSQL database', () => {
  beforeAll(async () => {
    await adminQuery(`create database "${name}"`);
    first = await openDatabase({ kind: 'postgres', url: databaseUrl(name) });
    second = await openDatabase({ kind: 'postgres', url: databaseUrl(name) });
    const config = loadConfig({ SEED: 'demo', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
    const started = Date.now();
    prepared = await Promise.all([
      prepareDatabase(first, config, silent, demo),
      prepareDatabase(second, config, silent, demo),
    ]);
    prepareMs = Date.now() - started;
    for (const database of [first, second]) {
      const app = await buildApp({ config, database, logger: false });
      await app.ready();
      apps.push(app);
    }
  }, 120_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    await first?.close();
    await second?.close();
    await dropDatabase(name);
  });

  it('prepares the database once: one instance seeds, the other waits and finds it done', () => {
    console.info(`both instances prepared the database in ${prepareMs} ms`);
    expect(prepared.filter((p) => p.seeded)).toHaveLength(1);
    // The one that did not seed waited for the lock while the other one migrated and seeded.
    const seeder = prepared.find((p) => p.seeded)!;
    const follower = prepared.find((p) => !p.seeded)!;
    expect(follower.waitedMs).toBeGreaterThan(seeder.waitedMs);
  });

  it('applies each migration once and loads the demo data once', async () => {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    expect(await count('select count(*) as n from drizzle.__drizzle_migrations')).toBe(journal.entries.length);
    const programs = await first!.pool!.query<{ short_name: string; n: string }>(
      'select short_name, count(*) as n from programs group by short_name order by short_name',
    );
    expect(programs.rows.map((r) => [r.short_name, Number(r.n)])).toEqual([
      ['CTSFMNP', 1],
      ['CTSNAP', 1],
    ]);
    for (const username of DEMO_USERNAMES) {
      expect({
        username,
        rows: await count('select count(*) as n from users where username = $1', [username]),
      }).toEqual({ username, rows: 1 });
    }
    expect(await count('select count(*) as n from roles')).toBe(7);
  });

  it('serves from both: a sign-in on one works on the other, and a logout on one ends it on both', async () => {
    const [one, two] = apps as [FastifyInstance, FastifyInstance];
    const signIn = await one.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 'recipient01', password: DEMO_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${(signIn.json() as { token: string }).token}` };

    for (const app of [one, two]) {
      const current = await app.inject({ method: 'GET', url: '/user-api/user/current', headers });
      expect(current.statusCode).toBe(200);
      expect(current.json().username).toBe('recipient01');
    }

    const logout = await two.inject({ method: 'GET', url: `/api/logout?timestamp=${Date.now()}`, headers });
    expect(logout.statusCode).toBe(204);
    for (const app of [one, two]) {
      expect((await app.inject({ method: 'GET', url: '/user-api/user/current', headers })).statusCode).toBe(401);
    }
  });

  it('starts again on a prepared database without waiting for a seed', async () => {
    const config = loadConfig({ SEED: 'demo', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
    const again = await prepareDatabase(first!, config, silent, demo);
    expect(again.seeded).toBe(false);
    expect(await count('select count(*) as n from programs')).toBe(2);
  });
});

describe.skipIf(ON_POSTGRES)('two instances starting together (PostgreSQL only)', () => {
  it.skip('runs in the server-postgres project: PGlite is one process and needs no start-up lock', () => undefined);
});
