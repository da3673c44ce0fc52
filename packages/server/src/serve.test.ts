import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@ebt/core/messages';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import type { Database } from './db/client.js';
import { Readiness } from './platform/readiness.js';
import { startServer } from './serve.js';
import { createTestDatabase } from './testing/database.js';
import { freePort } from './testing/free-port.js';

// Liveness and readiness as a load balancer sees them (docs/operations.md "Start" and "Stop"): /readyz answers 503
// while the instance prepares its database, while it drains after being told to stop, and while its database does not
// answer; /healthz stays the liveness check it was.

/** The start-up advisory lock of db/migrate.ts (STARTUP_LOCK_ID): an instance that holds it is preparing the database. */
const STARTUP_LOCK_ID = 728_463_001;

const configWith = (env: Record<string, string> = {}) =>
  loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    SEED: 'none',
    JOBS: 'off',
    WEB_DIST_DIR: '/nonexistent',
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    ...env,
  });

/**
 * Holds the database as a slow migration would, and answers the release: on PostgreSQL by taking the start-up lock
 * first, as another instance migrating does; on PGlite (one connection) with a transaction left open, which every
 * other statement waits behind.
 */
async function holdDatabase(database: Database): Promise<() => Promise<void>> {
  if (database.kind === 'postgres') {
    const client = new pg.Client(database.pool!.options);
    await client.connect();
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
    return async () => {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_ID]);
      await client.end();
    };
  }
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const transaction = database.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    holding();
    await released;
  });
  await held;
  return async () => {
    release();
    await transaction;
  };
}

/** Holds every connection the readiness check could use: PGlite's one, or each of the PostgreSQL pool's. */
async function busyDatabase(database: Database): Promise<() => Promise<void>> {
  if (database.kind === 'pglite') return holdDatabase(database);
  const pool = database.pool!;
  const sleeping = Array.from({ length: pool.options.max! }, () => pool.query('select pg_sleep(1.5)'));
  while (pool.totalCount - pool.idleCount < pool.options.max!) await new Promise((resolve) => setTimeout(resolve, 10));
  return async () => void (await Promise.all(sleeping));
}

/** The DATABASE_URL a server on this database is configured with (none for PGlite). */
const urlOf = (database: Database) => (database.kind === 'postgres' ? database.pool!.options.connectionString! : '');

/** GET as a load balancer does, on a fresh connection; the status and the JSON answer. */
async function get(port: number, path: string) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { connection: 'close' } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

async function untilListening(port: number): Promise<void> {
  for (let waited = 0; waited < 20_000; waited += 20) {
    try {
      await get(port, '/readyz');
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  throw new Error(`nothing listens on ${port}`);
}

describe('readiness', () => {
  it('answers not-ready while the start-up migrates the database, then ready once the app serves', async () => {
    const database = await createTestDatabase();
    const release = await holdDatabase(database);
    const port = await freePort();
    const starting = startServer({
      config: configWith({ PORT: String(port), METRICS_PORT: '0', DATABASE_URL: urlOf(database) }),
      open: async () => database,
      logger: false,
    });
    try {
      await untilListening(port);
      const ready = await get(port, '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'starting' });
      // Liveness answers as before the app listened: never 200 until the database is prepared.
      const health = await get(port, '/healthz');
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: 'unavailable', database: database.kind });
      const api = await fetch(`http://127.0.0.1:${port}/api/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'nobody', password: 'nothing' }),
      });
      expect(api.status).toBe(503);
      expect(api.headers.get('retry-after')).toBe('5');
      expect(api.headers.get('x-content-type-options')).toBe('nosniff');
      expect(((await api.json()) as { message: string }).message).toBe(MESSAGES.API_UNAVAILABLE);
    } finally {
      await release();
    }
    const server = await starting;
    try {
      expect(server.port).toBe(port);
      expect(await get(port, '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
      expect(await get(port, '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
      const metrics = await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('ebt_http_request_duration_seconds_count{route="/readyz"');
    } finally {
      await server.stop(0);
      await database.close();
    }
  });

  it('answers not-ready while the instance drains, still serving, and then closes', async () => {
    const database = await createTestDatabase();
    const server = await startServer({ config: configWith(), open: async () => database, logger: false });
    try {
      expect((await get(server.port, '/readyz')).status).toBe(200);
      const stopping = server.stop(800);
      const draining = await get(server.port, '/readyz');
      expect(draining.status).toBe(503);
      expect(draining.body).toEqual({ status: 'draining' });
      // Alive and serving all the same: a request sent during the drain is answered as ever.
      expect((await get(server.port, '/healthz')).status).toBe(200);
      const signIn = await fetch(`http://127.0.0.1:${server.port}/api/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', connection: 'close' },
        body: JSON.stringify({ username: 'nobody', password: 'Nothing#2026' }),
      });
      expect(signIn.status).toBe(401);
      await stopping;
      await expect(get(server.port, '/readyz')).rejects.toThrow();
    } finally {
      await database.close();
    }
  });

  it('answers not-ready when the database does not answer in time, and when it is gone', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({
      config: configWith(),
      database,
      logger: false,
      readiness: new Readiness(300),
    });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
      const release = await busyDatabase(database);
      try {
        const slow = await app.inject({ method: 'GET', url: '/readyz' });
        expect(slow.statusCode).toBe(503);
        expect(slow.json()).toEqual({ status: 'unavailable' });
      } finally {
        await release();
      }
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await database.close();
      const gone = await app.inject({ method: 'GET', url: '/readyz' });
      expect(gone.statusCode).toBe(503);
      expect(gone.json()).toEqual({ status: 'unavailable' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });
});
