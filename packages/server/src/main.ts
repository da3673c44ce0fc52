import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { prepareDatabase } from './db/prepare.js';
import { startScheduler } from './platform/jobs.js';
import { bufferedStdout } from './platform/log-destination.js';
import { scheduledJobs } from './jobs.js';

/** Starts the product: database, migrations, reference and demo data (prepareDatabase), the HTTP server, the jobs. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  // Built first for its logger; it serves nothing until listen(), after the database is ready.
  const logStream = bufferedStdout();
  const app = await buildApp({ config, database, logStream });
  for (const warning of config.startupWarnings) app.log.warn(warning);
  // Migrations, reference data and the demo seed, under one advisory lock: instances started together take turns.
  await prepareDatabase(database, config, app.log);

  const stopJobs = config.jobsEnabled
    ? startScheduler(database.db, scheduledJobs(config), `${os.hostname()}:${process.pid}`, app.log)
    : async () => undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking requests and let those in flight finish, then stop jobs, then close the database.
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await stopJobs();
      await database.close();
      clearTimeout(force);
      logStream.flushNow();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  console.error('the server could not start:', err);
  process.exit(1);
});
