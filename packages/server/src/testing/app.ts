import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { createTestDatabase } from './database.js';
import { DEFAULT_PASSWORD } from './factories.js';

/** A clock a test can move: `clock.advance(21 * 60_000)` to go past the idle time-out. */
class TestClock {
  private current: number;
  constructor(private readonly start = new Date('2026-11-23T15:00:00Z')) {
    this.current = start.getTime();
  }
  /** Back to the start, so a test that moved the clock leaves the next one where it began. */
  reset(): void {
    this.current = this.start.getTime();
  }
  now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  /** The app's configuration (its keys: a test that seals a card number seals it as the app would). */
  config: Config;
  /** Signs a user in through the real endpoint and answers the bearer token. */
  signIn(username: string, password?: string): Promise<string>;
  /** app.inject with the caller's bearer token. */
  injectAs(token: string | null, options: InjectOptions): Promise<LightMyRequestResponse>;
}

/**
 * The real app on a fresh database for one test file. Call at the top of a describe/file:
 * `const t = useTestApp();` then use `t.app`, `t.database.db` inside tests.
 */
export function useTestApp(
  overrides: Partial<Record<string, string>> = {},
  /** Keeps the product's log lines here (at LOG_LEVEL, silent unless overridden) instead of dropping them. */
  options: { logLines?: string[] } = {},
): TestApp {
  const handle = {} as TestApp;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const clock = new TestClock();
    const config = loadConfig({ LOG_LEVEL: 'silent', SEED: 'none', WEB_DIST_DIR: '/nonexistent', ...overrides });
    const lines = options.logLines;
    const logging = lines ? { logStream: { write: (line: string) => void lines.push(line) } } : { logger: false };
    const app = await buildApp({ config, database, now: clock.now, ...logging });
    await app.ready();
    Object.assign(handle, {
      app,
      database,
      clock,
      config,
      async signIn(username: string, password = DEFAULT_PASSWORD) {
        const res = await app.inject({ method: 'POST', url: '/api/authenticate', payload: { username, password } });
        if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
        return (res.json() as { token: string }).token;
      },
      injectAs(token: string | null, options: InjectOptions) {
        return app.inject({
          ...options,
          headers: { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        });
      },
    } satisfies TestApp);
  });
  afterAll(async () => {
    await handle.app?.close();
    await handle.database?.close();
  });
  return handle;
}
