import type http from 'node:http';
import os from 'node:os';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pino from 'pino';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { prepareDatabase } from './db/prepare.js';
import { settleEncryptionKeys } from './platform/encryption-keys.js';
import { startScheduler } from './platform/jobs.js';
import { closeListener, Metrics, serveMetrics } from './platform/metrics.js';
import { listenWhileStarting, Readiness } from './platform/readiness.js';
import { securityHeaders, tileOrigins } from './platform/security-headers.js';
import { isDatabaseSeeded, seedDemoData } from './seed/index.js';
import { scheduledJobs } from './jobs.js';

/** A started server: the app listening on its port, its jobs running, its metrics served if asked. */
export interface RunningServer {
  app: FastifyInstance;
  /** The port the app listens on (the one configured, or the one the system gave for PORT=0). */
  port: number;
  /** The metrics listener's port when METRICS_PORT is set. */
  metricsPort: number | undefined;
  /** The database it opened. */
  database: Database;
  /**
   * Stops serving: /readyz answers 503 `draining` for `drainMs` while requests are still served (the load balancer's
   * health checks notice and stop sending any), then the app stops taking connections and finishes those in flight,
   * the jobs stop (a running one is waited for) and the metrics listener closes. The database stays open: the caller's.
   */
  stop(drainMs: number): Promise<void>;
}

export interface ServeOptions {
  config: Config;
  /**
   * Opens the database. Called once the start-up listener answers: opening PGlite's files (its first start creates
   * them) takes seconds of its own.
   */
  open: () => Promise<Database>;
  logStream?: { write(line: string): void };
  /** The app's logger settings (tests pass false); the product's JSON lines on logStream otherwise. */
  logger?: FastifyServerOptions['logger'];
}

/**
 * Starts the product (docs/operations.md "Start"): a listener on PORT that answers not-ready while the database is
 * opened and prepared (migrations, encryption keys, reference and demo data, in that order), the metrics listener if
 * asked, then the app on that port, then the jobs. A failure on the way closes the listeners and throws (main.ts then
 * exits, as a start-up that fails always did, the database with it).
 */
export async function startServer({ config, open, logStream, logger }: ServeOptions): Promise<RunningServer> {
  // Listening before the database is opened and migrated: an orchestrator that finds the port closed for as long as a
  // migration takes would count the instance dead (and might restart it mid-migration); this one answers "starting".
  const startup = await listenWhileStarting({
    port: config.port,
    host: config.host,
    databaseKind: config.databaseUrl ? 'postgres' : 'pglite',
    headers: securityHeaders(tileOrigins(config.mapTileUrl)),
  });
  let database: Database;
  let metrics: Metrics;
  let metricsServer: http.Server | undefined;
  try {
    database = await open();
    metrics = new Metrics(database);
    metricsServer =
      config.metricsPort === undefined
        ? undefined
        : await serveMetrics(metrics, { port: config.metricsPort, host: config.metricsHost });
  } catch (error) {
    await startup.close();
    throw error;
  }
  let app: FastifyInstance | undefined;
  let settled = config;
  try {
    // The migrations first (under the start-up lock; prepareDatabase finds them applied), then the keys: without
    // DATA_ENCRYPTION_KEY the development key is the database's, and an instance that does not hold the key of a value
    // already sealed there refuses to start here, before it seeds, seals or serves anything (decision 0098).
    await migrateDatabase(database, {
      // The app's logger is built after the keys, which come after the migrations: a line of the same shape here.
      onLockTimeout: (attempt) => {
        if (logger === false) return;
        pino({ level: config.logLevel }, logStream ?? process.stdout).warn(
          { attempt },
          'a migration waited 5 s for a lock another transaction holds: rolled back, trying again in 5 s ' +
            '(docs/migrations.md "Waiting for a lock")',
        );
      },
    });
    const { warnings, ...keys } = await settleEncryptionKeys(database, config);
    settled = { ...config, ...keys };
    // Built before the reference data and the seed for its logger; it serves nothing until listen().
    app = await buildApp({
      config: settled,
      database,
      metrics,
      readiness: new Readiness(),
      ...(logStream ? { logStream } : {}),
      ...(logger !== undefined ? { logger } : {}),
    });
    for (const warning of warnings) app.log.warn(warning);
    // Migrations, reference data and the demo seed, under one advisory lock: instances started together take turns.
    await prepareDatabase(database, settled, app.log, { isDatabaseSeeded, seedDemoData });
    await app.ready();
    // The start-up listener lets go of the port and the app takes it: a connection in between is refused, which a
    // health check reads as not ready, as it was a moment before.
    await startup.close();
    await app.listen({ port: startup.port, host: config.host });
  } catch (error) {
    await startup.close();
    await app?.close();
    if (metricsServer) await closeListener(metricsServer);
    throw error;
  }
  const served = app;
  const jobs = metrics.timedJobs(scheduledJobs(settled, metrics));
  const stopJobs = config.jobsEnabled
    ? startScheduler(database.db, jobs, `${os.hostname()}:${process.pid}`, served.log)
    : async () => undefined;
  return {
    app: served,
    port: portOf(served.server),
    metricsPort: metricsServer ? portOf(metricsServer) : undefined,
    database,
    async stop(drainMs) {
      served.readiness.draining = true;
      if (drainMs > 0) {
        served.log.info({ drainMs }, 'draining: /readyz answers 503 until the server closes');
        await new Promise((resolve) => setTimeout(resolve, drainMs));
      }
      // Stop taking requests and let those in flight finish, then stop jobs; the metrics listener last, so a scrape
      // during the drain still answers.
      await served.close();
      await stopJobs();
      if (metricsServer) await closeListener(metricsServer);
    },
  };
}

function portOf(server: http.Server): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}
