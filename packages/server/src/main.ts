import path from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { MissingEncryptionKeyError } from './platform/encryption-keys.js';
import { bufferedStdout } from './platform/log-destination.js';
import { startServer } from './serve.js';

/**
 * Starts the product through startServer (serve.ts): a listener answering not-ready while the database is opened and
 * its migrations, encryption keys (settleEncryptionKeys), reference and demo data (prepareDatabase) are done, then the
 * HTTP server and the jobs; and stops it at SIGTERM or SIGINT.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logStream = bufferedStdout();
  const server = await startServer({
    config,
    open: () =>
      openDatabase(
        config.databaseUrl
          ? { kind: 'postgres', url: config.databaseUrl }
          : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
      ),
    logStream,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // SIGTERM is how an orchestrator or `docker stop` ends an instance behind a load balancer: drain first, so the
    // balancer's checks of /readyz see it leaving before it refuses connections. SIGINT is a person at a terminal.
    const drainMs = signal === 'SIGTERM' ? config.drainMs : 0;
    server.app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), drainMs + 10_000).unref();
    try {
      await server.stop(drainMs);
      await server.database.close();
      clearTimeout(force);
      logStream.flushNow();
      process.exit(0);
    } catch (err) {
      server.app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  // A missing key is the operator's to fix, not a bug: its message alone says what to set.
  console.error('the server could not start:', err instanceof MissingEncryptionKeyError ? err.message : err);
  process.exit(1);
});
