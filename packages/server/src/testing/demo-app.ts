import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { DEMO_PASSWORD, seedDemoData } from '../seed/index.js';
import { createTestDatabase } from './database.js';

/**
 * The real app on a fresh database holding the demo data set (seed/), for the few tests that check the product as
 * its demo users meet it: the sample files import as they are (platform/import-sample.test.ts), a run's log holds no
 * person's data (platform/log-safety.test.ts). Every other API test builds its own rows (`useTestApp`, `buildWorld`),
 * so a change to the demo data breaks nothing else. Runs on the real clock: the demo rows are dated from today.
 *
 *   const demo = useDemoApp();
 *   const token = await demo.signIn('progadmin01');
 */
export interface DemoApp {
  app: FastifyInstance;
  database: Database;
  /** Signs a demo user in with the demo password and answers the bearer token. */
  signIn(username: string): Promise<string>;
  /** app.inject with the caller's bearer token. */
  injectAs(token: string | null, options: InjectOptions): Promise<LightMyRequestResponse>;
}

export interface DemoAppOptions {
  /** Environment of the app's configuration (LOG_LEVEL is 'silent' unless given). */
  env?: Partial<Record<string, string>>;
  /** Where the product's logger writes its lines. */
  logStream?: { write(line: string): void };
}

/** Seeding the demo data set takes a while, on PostgreSQL most. */
const SEED_TIMEOUT_MS = 180_000;

export function useDemoApp(options: DemoAppOptions = {}): DemoApp {
  const handle = {} as DemoApp;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const config = loadConfig({ LOG_LEVEL: 'silent', SEED: 'none', WEB_DIST_DIR: '/nonexistent', ...options.env });
    await seedDemoData(database.db, {
      panHmacKey: config.hmacKey,
      dataEncryptionKey: config.encryptionKey,
      pinKeys: config.pinKeys,
    });
    const app = await buildApp({ config, database, ...(options.logStream ? { logStream: options.logStream } : {}) });
    await app.ready();
    Object.assign(handle, {
      app,
      database,
      async signIn(username: string) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/authenticate',
          payload: { username, password: DEMO_PASSWORD },
        });
        if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
        return (res.json() as { token: string }).token;
      },
      injectAs(token: string | null, request: InjectOptions) {
        return app.inject({
          ...request,
          headers: { ...(request.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        });
      },
    } satisfies DemoApp);
  }, SEED_TIMEOUT_MS);
  afterAll(async () => {
    await handle.app?.close();
    await handle.database?.close();
  });
  return handle;
}
