import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
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

/**
 * The server test files that open a database (the real app through `useTestApp` or `useDemoApp`, a test database, or a
 * database named by TEST_DATABASE). Only these can answer differently on PostgreSQL; the rest (pure rules, parsers, the
 * route table) run once, on the PGlite project, so each new area adds to the second run only what can differ.
 */
const TOUCHES_DATABASE = /useTestApp|useDemoApp|createTestDatabase|openDatabase|TEST_DATABASE/;
const serverRoot = path.join(import.meta.dirname, 'packages/server');
const serverTestFiles = (fs.readdirSync(path.join(serverRoot, 'src'), { recursive: true }) as string[])
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => path.join('src', file));
const databaseTestFiles = serverTestFiles.filter((file) =>
  TOUCHES_DATABASE.test(fs.readFileSync(path.join(serverRoot, file), 'utf8')),
);

const serverProject = (name: string, database: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: 'packages/server',
    include: database === 'pglite' ? ['src/**/*.test.ts'] : databaseTestFiles,
    environment: 'node',
    env: { TEST_DATABASE: database, LOG_LEVEL: 'silent' },
    // One migrated database for the run, copied by each file (testing/template-database.ts).
    globalSetup: [path.join(serverRoot, 'src/testing/template-database.ts')],
    // The files of a worker share its loaded modules: each file opens its own app on its own database, and no module
    // keeps state that one database could hand to another (search-counts.ts keeps a memo per database). Importing the
    // app afresh for each file cost ~2.7 s of a file's time, and the code ran cold in each; the server files took
    // 11.9 min on two workers isolated and 5.5 min shared (decision 0089).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on CI's two. The database files wait on PGlite
    // (in the worker's own thread) or on the PostgreSQL server, so two workers keep both cores busy.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      { test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'], environment: 'node' } },
      // The lint rules, each shown failing on a fixture (lint/fixtures).
      { test: { name: 'lint', root: '.', include: ['lint/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      // The web kit's pure logic (packages/web/src/lib); screens are covered by the browser specs.
      {
        test: {
          name: 'web',
          root: 'packages/web',
          include: ['src/**/*.test.ts', 'build/**/*.test.ts'],
          environment: 'node',
        },
      },
      serverProject('server-pglite', 'pglite'),
      ...(withPostgres ? [serverProject('server-postgres', 'postgres')] : []),
    ],
  },
});
