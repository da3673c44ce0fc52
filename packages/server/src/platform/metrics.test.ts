import { randomUUID } from 'node:crypto';
import { ROLE } from '@ebt/core/enums';
import { describe, expect, it } from 'vitest';
import { outbox } from '../db/schema/index.js';
import { useTestApp } from '../testing/app.js';
import { makeUser } from '../testing/factories.js';
import { call, inquiryOf, makePosWorld, pos, purchaseOf, refundOf } from '../testing/pos-world.js';
import { outboxSenderJob } from './mailer.js';
import { closeListener, serveMetrics, UNMATCHED_ROUTE } from './metrics.js';

// The metrics an operator scrapes (docs/operations.md "Metrics"): after calls through the real server, the counters and
// histograms hold them by route pattern, kind, code and job, and no label value is an id, a uuid, a card number, an
// e-mail or a filled-in path.

const t = useTestApp();

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a scrape in the Prometheus text format (comments left out). */
function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The value of the one sample of `name` with these labels (and maybe others); 0 when none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

const scrape = async () => samplesOf(await t.app.metrics.text());

describe('the metrics', () => {
  it('count engine calls by kind and code, accruals and settlement closes, and time requests by route pattern', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('50.00');
    await w.enrol({ matchRate: '100.00' });
    const before = await scrape();
    const approved = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 10));
    expect(approved.responseCode).toBe('00');
    expect(approved.incentives).toHaveLength(1);
    const declined = await call(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 500));
    expect(declined.responseCode).toBe('51');
    await call(t, w.terminal, 'refund', refundOf({ trxUuid: approved.trxUuid }, 4));
    await call(t, w.terminal, 'balance-inquiry', inquiryOf(w.card.pan));
    const refused = await pos(t, { code: w.terminal.code, secret: 'wrong' }, 'purchase', purchaseOf(w.card.pan, 1));
    expect(refused.statusCode).toBe(401);
    // A manual settlement close of the program, whatever it finds to pay.
    const admin = await makeUser(t.database.db, { roleId: ROLE.PROGRAM_ADMIN, programs: [w.program] });
    const close = await t.injectAs(await t.signIn(admin.username), {
      method: 'POST',
      url: '/settlement-api/batches/close',
      payload: { programUuid: w.program.uuid },
    });
    expect(close.statusCode, close.body).toBe(200);
    // Paths holding a uuid and an e-mail, and one no route matches.
    await t.app.inject({ method: 'GET', url: `/account-api/account/${randomUUID()}` });
    await t.app.inject({ method: 'GET', url: '/user-api/user/forgot-username/jane.doe%40example.com' });
    await t.app.inject({ method: 'GET', url: `/no/such/page/${w.card.pan}` });

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('ebt_engine_calls_total', { kind: 'purchase', code: '00' })).toBe(1);
    expect(delta('ebt_engine_calls_total', { kind: 'purchase', code: '51' })).toBe(1);
    expect(delta('ebt_engine_calls_total', { kind: 'purchase', code: 'refused' })).toBe(1);
    expect(delta('ebt_engine_calls_total', { kind: 'refund', code: '00' })).toBe(1);
    expect(delta('ebt_engine_calls_total', { kind: 'balance_inquiry', code: '00' })).toBe(1);
    expect(delta('ebt_incentive_accruals_total')).toBe(1);
    expect(delta('ebt_incentive_accrued_dollars_total')).toBeCloseTo(approved.incentiveEarned, 2);
    expect(delta('ebt_settlement_closes_total', { trigger: 'manual' })).toBe(1);

    const purchases = { route: '/transaction-api/pos/purchase', method: 'POST' };
    expect(delta('ebt_http_request_duration_seconds_count', { ...purchases, status_code: '200' })).toBe(2);
    expect(delta('ebt_http_request_duration_seconds_count', { ...purchases, status_code: '401' })).toBe(1);
    expect(delta('ebt_http_request_duration_seconds_bucket', { ...purchases, status_code: '200', le: '+Inf' })).toBe(2);
    expect(delta('ebt_http_request_duration_seconds_sum', { ...purchases, status_code: '200' })).toBeGreaterThan(0);
    expect(delta('ebt_http_request_duration_seconds_count', { route: '/account-api/account/:accountUuid' })).toBe(1);
    expect(delta('ebt_http_request_duration_seconds_count', { route: '/user-api/user/forgot-username/:email' })).toBe(
      1,
    );
    expect(delta('ebt_http_request_duration_seconds_count', { route: UNMATCHED_ROUTE, status_code: '404' })).toBe(1);

    // The process's own: memory and event-loop delay.
    expect(valueOf(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(after.some((s) => s.name.startsWith('nodejs_eventloop_lag'))).toBe(true);
    expect(after.some((s) => s.name === 'nodejs_heap_size_used_bytes')).toBe(true);

    // No label value is personal or an id: only patterns, kinds, codes and names.
    const routes = new Set(t.app.registeredRoutes.map((r) => r.url));
    const secrets = [
      w.card.pan,
      w.card.pan.slice(-4),
      w.terminal.code,
      w.program.uuid,
      approved.trxUuid!,
      'example.com',
    ];
    for (const sample of after)
      for (const [label, value] of Object.entries(sample.labels)) {
        const where = `${sample.name} ${label}="${value}"`;
        expect(value, where).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
        expect(value, where).not.toMatch(/\d{6,}/); // card numbers, trace numbers, ids of any size that matters
        expect(value, where).not.toMatch(/@|%40/);
        for (const secret of secrets) expect(value, where).not.toContain(secret);
        if (label === 'route') expect(value === UNMATCHED_ROUTE || routes.has(value), where).toBe(true);
      }
  });

  it("count a terminal's retry as a call and a replay, never as a second accrual or take-back", async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('50.00');
    await w.enrol({ matchRate: '100.00' });
    const before = await scrape();
    const body = purchaseOf(w.card.pan, 10);
    const first = await call(t, w.terminal, 'purchase', body);
    expect(first.incentives).toHaveLength(1);
    const retry = await call(t, w.terminal, 'purchase', body);
    expect(retry.trxUuid).toBe(first.trxUuid);
    const reversal = { original: { trxUuid: first.trxUuid }, terminalDateTime: body.terminalDateTime };
    const reversed = await call(t, w.terminal, 'reversal', reversal);
    expect(reversed.responseCode).toBe('00');
    expect(reversed.incentiveTakenBack).toBeGreaterThan(0);
    // Named by its uuid again: the reversal already written answers, and nothing is taken back twice.
    const again = await call(t, w.terminal, 'reversal', reversal);
    expect(again.trxUuid).toBe(reversed.trxUuid);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('ebt_engine_calls_total', { kind: 'purchase', code: '00' })).toBe(2);
    expect(delta('ebt_engine_calls_total', { kind: 'reversal', code: '00' })).toBe(2);
    expect(delta('ebt_engine_replays_total', { kind: 'purchase' })).toBe(1);
    expect(delta('ebt_engine_replays_total', { kind: 'reversal' })).toBe(1);
    expect(delta('ebt_incentive_accruals_total')).toBe(1);
    expect(delta('ebt_incentive_accrued_dollars_total')).toBeCloseTo(first.incentiveEarned, 2);
    expect(delta('ebt_incentive_taken_back_dollars_total')).toBeCloseTo(reversed.incentiveTakenBack, 2);
  });

  it('count job runs and failures with their durations, by job name', async () => {
    const [ok, failing] = t.app.metrics.timedJobs([
      { name: 'metrics-test-ok', everyMs: 60_000, leaseMs: 60_000, run: async () => 3 },
      {
        name: 'metrics-test-failing',
        everyMs: 60_000,
        leaseMs: 60_000,
        run: async () => {
          throw new Error('the job failed');
        },
      },
    ]);
    expect(await ok!.run(t.database.db, new Date())).toBe(3);
    await expect(failing!.run(t.database.db, new Date())).rejects.toThrow('the job failed');
    const after = await scrape();
    const count = 'ebt_job_duration_seconds_count';
    expect(valueOf(after, count, { job: 'metrics-test-ok', outcome: 'ok' })).toBe(1);
    expect(valueOf(after, count, { job: 'metrics-test-ok', outcome: 'failed' })).toBe(0);
    expect(valueOf(after, count, { job: 'metrics-test-failing', outcome: 'failed' })).toBe(1);
    expect(valueOf(after, 'ebt_job_duration_seconds_sum', { job: 'metrics-test-ok' })).toBeGreaterThanOrEqual(0);
  });

  it('read the delivery queue at the scrape, and count the deliveries the provider refused', async () => {
    const message = { to: 'queue@example.com', subject: 'Subject', body: 'Body', kind: 'other' };
    await t.database.db.insert(outbox).values([
      { ...message, channel: 'sms', to: '8605550142', attempts: 2 },
      { ...message, channel: 'sms', to: '8605550143', attempts: 1, failedAt: new Date() },
    ]);
    const queued = await scrape();
    expect(valueOf(queued, 'ebt_outbox_messages', { channel: 'sms', state: 'retrying' })).toBe(1);
    expect(valueOf(queued, 'ebt_outbox_messages', { channel: 'sms', state: 'failed' })).toBe(1);
    const waiting = valueOf(queued, 'ebt_outbox_messages', { channel: 'email', state: 'queued' });

    await t.database.db.insert(outbox).values({ ...message, channel: 'email' });
    const grown = await scrape();
    expect(valueOf(grown, 'ebt_outbox_messages', { channel: 'email', state: 'queued' })).toBe(waiting + 1);

    const refusing = { sendMail: () => Promise.reject(new Error('450 mailbox busy')) };
    const job = outboxSenderJob({ mailFrom: 'from@example.com' }, { transport: refusing }, (channel, givenUp) =>
      t.app.metrics.deliveryFailed(channel, givenUp),
    );
    await job.run(t.database.db, new Date());
    const failed = await scrape();
    expect(valueOf(failed, 'ebt_outbox_delivery_failures_total', { channel: 'email', outcome: 'retry' })).toBe(
      waiting + 1,
    );
    expect(valueOf(failed, 'ebt_outbox_messages', { channel: 'email', state: 'queued' })).toBe(0);
    expect(valueOf(failed, 'ebt_outbox_messages', { channel: 'email', state: 'retrying' })).toBe(waiting + 1);
  });

  it('show the PostgreSQL pool: connections by state, its size, and what waits for a connection', async () => {
    const samples = await scrape();
    if (t.database.kind !== 'postgres') {
      // PGlite runs in this process with one connection: there is no pool to show.
      expect(samples.some((s) => s.name.startsWith('ebt_db_pool'))).toBe(false);
      return;
    }
    expect(valueOf(samples, 'ebt_db_pool_max_connections')).toBe(t.database.pool!.options.max);
    expect(valueOf(samples, 'ebt_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
    expect(samples.some((s) => s.name === 'ebt_db_pool_waiting')).toBe(true);
    // More queries at once than the pool has connections: some wait, and are counted.
    const max = t.database.pool!.options.max!;
    const waitsBefore = valueOf(samples, 'ebt_db_pool_waits_total');
    await Promise.all(Array.from({ length: max * 2 }, () => t.database.pool!.query('select pg_sleep(0.05)')));
    expect(valueOf(await scrape(), 'ebt_db_pool_waits_total')).toBeGreaterThan(waitsBefore);
  });

  it('are served at GET /metrics on a listener of their own, and nothing else there', async () => {
    const server = await serveMetrics(t.app.metrics, { port: 0, host: '127.0.0.1' });
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      const text = await res.text();
      expect(text).toContain('# TYPE ebt_http_request_duration_seconds histogram');
      expect(text).toContain('# TYPE ebt_engine_calls_total counter');
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await closeListener(server);
    }
    // The app's own port does not serve them.
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).not.toBe(200);
  });
});
