import http from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PosAnswer } from '@ebt/core/pos';
import type { Database } from '../db/client.js';
import { outbox } from '../db/schema/index.js';
import type { JobDefinition } from './jobs.js';
import { MAX_ATTEMPTS, type OutboxChannel } from './mailer.js';

// The product's metrics in the Prometheus text format (docs/operations.md "Metrics", decision 0118), served by a
// listener of their own (serveMetrics, METRICS_PORT) that the load balancer does not forward.
//
// Label values are route patterns, kinds, codes, channels, states and job names: each a short fixed list. Never an id,
// a uuid, a card number, an e-mail or a filled-in path: a label value is kept for the life of the process and shown to
// whoever scrapes, and one series a value would also grow without bound (metrics.test.ts reads every label value).
//
// What the request path and the engine record are in-memory increments, with no await and no SQL; what needs the
// database (the outbox's queue) is read when Prometheus scrapes, in one statement.

/** The engine's calls, as the label `kind` names them. */
export type EngineCallKind = 'purchase' | 'refund' | 'reversal' | 'balance_inquiry';

/** The route label of a request that matched no route (an unknown path, or a page of the web app). */
export const UNMATCHED_ROUTE = 'unmatched';

/** The parts of an engine answer the metrics read: its code, and what incentives it earned or gave back. */
type EngineAnswer = Pick<PosAnswer, 'responseCode' | 'incentives' | 'incentiveEarned' | 'incentiveTakenBack'>;

/**
 * The metrics of one app (buildApp makes one for each: the tests build many apps in one process, and each app's
 * counters are its own). The process's memory, CPU and event-loop delay are the process's, kept once
 * (processRegistry) and written before these at each scrape.
 */
export class Metrics {
  readonly registry = new Registry();

  private readonly requests = new Histogram({
    name: 'ebt_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern (unmatched: no route), method and status code',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  private readonly engineCalls = new Counter({
    name: 'ebt_engine_calls_total',
    help: 'Calls of the transaction engine, by kind and response code (refused: no engine answer, e.g. wrong credentials)',
    labelNames: ['kind', 'code'] as const,
    registers: [this.registry],
  });

  private readonly replays = new Counter({
    name: 'ebt_engine_replays_total',
    help: "Engine calls answered with a recorded call's answer (a terminal's retry), by kind: counted in ebt_engine_calls_total too, never again in the incentive counters",
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  private readonly accruals = new Counter({
    name: 'ebt_incentive_accruals_total',
    help: 'Incentive accruals earned by approved purchases (one an incentive a purchase earned in)',
    registers: [this.registry],
  });

  private readonly accrued = new Counter({
    name: 'ebt_incentive_accrued_dollars_total',
    help: 'Dollars of incentive benefits earned by purchases',
    registers: [this.registry],
  });

  private readonly takenBack = new Counter({
    name: 'ebt_incentive_taken_back_dollars_total',
    help: 'Dollars of incentive benefits taken back by refunds and reversals',
    registers: [this.registry],
  });

  private readonly settlementCloses = new Counter({
    name: 'ebt_settlement_closes_total',
    help: 'Settlement closes, by trigger (scheduled or manual) and outcome (closed: a batch written; empty: nobody to pay)',
    labelNames: ['trigger', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly jobs = new Histogram({
    name: 'ebt_job_duration_seconds',
    help: 'Runs of the scheduled jobs in this instance, by job and outcome (ok or failed), with their durations',
    labelNames: ['job', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.25, 1, 5, 15, 60, 300],
    registers: [this.registry],
  });

  private readonly deliveryFailures = new Counter({
    name: 'ebt_outbox_delivery_failures_total',
    help: 'E-mails and texts the provider did not take, by channel and outcome (retry, or given_up for good)',
    labelNames: ['channel', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor(database: Pick<Database, 'db' | 'pool'>) {
    const { db, pool } = database;
    new Gauge({
      name: 'ebt_outbox_messages',
      help: 'E-mails and texts not sent, by channel and state (queued: never tried; retrying; failed: given up)',
      labelNames: ['channel', 'state'] as const,
      registers: [this.registry],
      // One statement a scrape, on the partial index of unsent rows (outbox_unsent_idx). A database that does not
      // answer leaves the gauge out of this scrape rather than failing the others.
      async collect() {
        this.reset();
        let rows: { channel: string; queued: number; retrying: number; failed: number }[];
        try {
          rows = (
            (await db.execute(sql`
              select channel,
                count(*) filter (where failed_at is null and attempts = 0)::int as queued,
                count(*) filter (where failed_at is null and attempts > 0 and attempts < ${MAX_ATTEMPTS})::int as retrying,
                count(*) filter (where failed_at is not null or attempts >= ${MAX_ATTEMPTS})::int as failed
              from ${outbox} where sent_at is null group by channel`)) as unknown as { rows: typeof rows }
          ).rows;
        } catch {
          return;
        }
        for (const channel of ['email', 'sms'] as const) {
          const row = rows.find((r) => r.channel === channel);
          for (const state of ['queued', 'retrying', 'failed'] as const)
            this.set({ channel, state }, Number(row?.[state] ?? 0));
        }
      },
    });
    if (pool) this.watchPool(pool);
  }

  /** One answered HTTP request. */
  observeRequest(route: string | undefined, method: string, statusCode: number, seconds: number): void {
    this.requests.observe({ route: route ?? UNMATCHED_ROUTE, method, status_code: statusCode }, seconds);
  }

  /** An engine call that answered (approved or declined): its code, and the incentives it earned or took back. */
  engineAnswered(kind: EngineCallKind, answer: EngineAnswer, readBack = false): void {
    this.engineCalls.inc({ kind, code: answer.responseCode });
    if (readBack) {
      // The recorded call's answer, sent again: its accrual or take-back was counted when the call was made.
      this.replays.inc({ kind });
      return;
    }
    if (answer.incentives.length > 0) {
      this.accruals.inc(answer.incentives.length);
      this.accrued.inc(answer.incentiveEarned);
    }
    if (answer.incentiveTakenBack > 0) this.takenBack.inc(answer.incentiveTakenBack);
  }

  /**
   * An engine call refused before the engine answered: wrong terminal credentials, or a failure. (Input the contract's
   * schema refuses never reaches the engine's handler: those 400s are only in the request histogram.)
   */
  engineRefused(kind: EngineCallKind): void {
    this.engineCalls.inc({ kind, code: 'refused' });
  }

  /** Settlement closes: `closed` batches written, or a close that found nobody to pay (`closed` 0, manual only). */
  settlementClosed(trigger: 'scheduled' | 'manual', closed: number): void {
    if (closed > 0) this.settlementCloses.inc({ trigger, outcome: 'closed' }, closed);
    else if (trigger === 'manual') this.settlementCloses.inc({ trigger, outcome: 'empty' });
  }

  /** A message the provider refused: tried again later, or given up. */
  deliveryFailed(channel: OutboxChannel, givenUp: boolean): void {
    this.deliveryFailures.inc({ channel, outcome: givenUp ? 'given_up' : 'retry' });
  }

  /**
   * The jobs with each run timed and counted by outcome. A run is what the scheduler runs: for a leased job, only once
   * this instance took the lease (a tick that finds another instance holding it runs nothing and counts nothing).
   */
  timedJobs(jobs: readonly JobDefinition[]): JobDefinition[] {
    return jobs.map((job) => ({
      ...job,
      run: async (db, now) => {
        const end = this.jobs.startTimer({ job: job.name });
        try {
          const result = await job.run(db, now);
          end({ outcome: 'ok' });
          return result;
        } catch (error) {
          end({ outcome: 'failed' });
          throw error;
        }
      },
    }));
  }

  /** The text Prometheus scrapes: the process's metrics, then this app's. */
  async text(): Promise<string> {
    return (await processRegistry().metrics()) + (await this.registry.metrics());
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /**
   * The PostgreSQL pool: its connections by state and the queries waiting for one, read at the scrape, and every time
   * a query had to wait for a connection (all of them busy), counted as it asked.
   */
  private watchPool(pool: NonNullable<Database['pool']>): void {
    const max = pool.options.max ?? 10; // pg's default
    new Gauge({
      name: 'ebt_db_pool_connections',
      help: "Connections of this instance's PostgreSQL pool, by state (idle or busy)",
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
      },
    });
    new Gauge({
      name: 'ebt_db_pool_max_connections',
      help: "The most connections this instance's pool opens (DATABASE_POOL_SIZE)",
      registers: [this.registry],
      collect() {
        this.set(max);
      },
    });
    new Gauge({
      name: 'ebt_db_pool_waiting',
      help: 'Queries waiting for a free connection of the pool now',
      registers: [this.registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
    const waits = new Counter({
      name: 'ebt_db_pool_waits_total',
      help: 'Times a query found every connection of the pool busy and waited for one',
      registers: [this.registry],
    });
    // Every query and transaction takes its connection through connect (pool.query calls it too). A full pool queues
    // the ask, and hands its idle connections to the queue in order on the next tick: an ask queued behind more asks
    // than there are idle connections waits for one to be released.
    const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
    (pool as unknown as { connect: (...args: unknown[]) => unknown }).connect = (...args: unknown[]) => {
      const asked = connect(...args);
      if (pool.waitingCount > pool.idleCount) waits.inc();
      return asked;
    };
  }
}

let processMetrics: Registry | undefined;

/**
 * The process's own metrics (prom-client's defaults: CPU, resident memory, heap, event-loop delay, garbage collection,
 * handles), collected once a process whatever the number of apps in it: each collector keeps a timer and an observer.
 */
export function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

/** Times every answer by its route pattern (Fastify's routeOptions.url), never the path as sent. */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  // A callback hook, like the request log's: nothing here waits.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * The metrics listener: GET /metrics in the Prometheus text format on its own port (METRICS_PORT, bound to
 * METRICS_HOST), anything else 404. Apart from the app's port so that what the load balancer forwards never reaches
 * it, and open to whoever reaches that port: bind it to an interface only the scraper reaches.
 */
export async function serveMetrics(metrics: Metrics, listen: { port: number; host: string }): Promise<http.Server> {
  processRegistry(); // from the start, so the event-loop delay covers the time before the first scrape
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
      return;
    }
    metrics.text().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('The metrics failed.\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** Closes a listener and the connections it holds (a scraper keeps its connection open between scrapes). */
export async function closeListener(server: http.Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
}
