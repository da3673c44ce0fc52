import http from 'node:http';
import { APP_ERROR_CODE } from '@ebt/core/errors';
import { MESSAGES } from '@ebt/core/messages';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { AppError } from './errors.js';
import { closeListener } from './metrics.js';

// Liveness and readiness (docs/operations.md "Start" and "Stop", decision 0118). GET /healthz is liveness as it has
// always been: 200 when the server is up and reaches its database. GET /readyz says whether the load balancer should
// send this instance requests: not while it prepares the database (the start-up listener below answers then), not
// once SIGTERM has told it to stop (`draining`, main.ts), and not while its database does not answer in time.

/** How long the readiness check waits for `select 1`: a database slower than this fails the requests behind it too. */
export const READY_DATABASE_TIMEOUT_MS = 2000;

/** The readiness of one app: whether it drains, and its database check. */
export class Readiness {
  /** Set when the instance is told to stop: /readyz answers 503 from then while requests are still served. */
  draining = false;
  private check: Promise<boolean> | undefined;

  constructor(private readonly timeoutMs = READY_DATABASE_TIMEOUT_MS) {}

  /**
   * Whether the database answers `select 1` within the time-out. Checks asked while one is out share it: several
   * load balancer nodes polling a hung database leave one query waiting, not one each.
   */
  databaseAnswers(db: Db): Promise<boolean> {
    this.check ??= answersWithin(db, this.timeoutMs).finally(() => (this.check = undefined));
    return this.check;
  }
}

async function answersWithin(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    return await Promise.race([
      db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A listener that answers while the instance prepares its database, before the app can. */
export interface StartupListener {
  /** The port it holds (the one asked, or the one the system gave for port 0): the app listens on it next. */
  port: number;
  /** Stops answering and lets go of the port, for the app's own listener. */
  close(): Promise<void>;
}

/**
 * Listens on the app's port while the instance prepares its database (migrations, keys, reference and demo data), so a
 * load balancer or an orchestrator sees an instance that is up but not ready, rather than one that refuses connections
 * for as long as a migration takes: /readyz answers 503 `starting`, /healthz 503 `unavailable` as it would have refused
 * before (scripts and tests wait for its 200 to start calling), anything else the product's 503. Each answer closes its
 * connection, so nothing stays bound to this listener when the app takes the port over.
 */
export async function listenWhileStarting(options: {
  port: number;
  host: string;
  databaseKind: 'pglite' | 'postgres';
  headers: Record<string, string>;
}): Promise<StartupListener> {
  const unavailable = JSON.stringify(new AppError(503, MESSAGES.API_UNAVAILABLE, APP_ERROR_CODE.UNAVAILABLE).toBody());
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const body =
      path === '/readyz'
        ? JSON.stringify({ status: 'starting' })
        : path === '/healthz'
          ? JSON.stringify({ status: 'unavailable', database: options.databaseKind })
          : unavailable;
    response.writeHead(503, {
      ...options.headers,
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': '5',
      connection: 'close',
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () => closeListener(server),
  };
}
