import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { prepareDatabase } from './db/prepare.js';
import { MissingEncryptionKeyError, settleEncryptionKeys } from './platform/encryption-keys.js';
import { startScheduler } from './platform/jobs.js';
import { bufferedStdout } from './platform/log-destination.js';
import { isDatabaseSeeded, seedDemoData } from './seed/index.js';
import { scheduledJobs } from './jobs.js';

/**
 * Starts the product: database, migrations, encryption keys (settleEncryptionKeys), reference and demo data
 * (prepareDatabase), the HTTP server, the jobs.
 */
async function main(): Promise<void> {
  const loaded = loadConfig();
  const database = await openDatabase(
    loaded.databaseUrl
      ? { kind: 'postgres', url: loaded.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(loaded.dataDir, 'pglite') },
  );
  // The migrations first (under the start-up lock; prepareDatabase finds them applied), then the keys: without
  // DATA_ENCRYPTION_KEY the development key is the database's, and an instance that does not hold the key of a value
  // already sealed there refuses to start here, before it seeds, seals or serves anything (decision 0098).
  await migrateDatabase(database);
  const { warnings, ...keys } = await settleEncryptionKeys(database, loaded);
  const config = { ...loaded, ...keys };
  // Built before the reference data and the seed for its logger; it serves nothing until listen().
  const logStream = bufferedStdout();
  const app = await buildApp({ config, database, logStream });
  for (const warning of warnings) app.log.warn(warning);
  // Migrations, reference data and the demo seed, under one advisory lock: instances started together take turns.
  await prepareDatabase(database, config, app.log, { isDatabaseSeeded, seedDemoData });

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
  // A missing key is the operator's to fix, not a bug: its message alone says what to set.
  console.error('the server could not start:', err instanceof MissingEncryptionKeyError ? err.message : err);
  process.exit(1);
});
