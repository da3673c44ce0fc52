import net from 'node:net';
import { defineConfig } from 'vitest/config';

/** True when the local PostgreSQL server answers on 127.0.0.1:5432 (as on CI); the API suite then runs twice. */
function postgresReachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 5432 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const withPostgres = process.env.TEST_POSTGRES !== '0' && (await postgresReachable());

const serverProject = (name: string, database: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: 'packages/server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DATABASE: database, LOG_LEVEL: 'silent' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'], environment: 'node' } },
      // The web kit's pure logic (packages/web/src/lib); screens are covered by the browser specs.
      { test: { name: 'web', root: 'packages/web', include: ['src/**/*.test.ts'], environment: 'node' } },
      serverProject('server-pglite', 'pglite'),
      ...(withPostgres ? [serverProject('server-postgres', 'postgres')] : []),
    ],
  },
});
