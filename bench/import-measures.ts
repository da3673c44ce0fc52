import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { cpuBetween, cpuByPid } from './shared.js';

// What the import benchmarks measure beside the wall time: slow statements, the database's CPU and a CPU profile. The
// goal, the median and the load average are shared.ts's, as every bench's.

let timelineZero = performance.now();

/** Statements printed from now on say when they were sent from this moment (call it as an upload starts). */
export function startTimeline(): void {
  timelineZero = performance.now();
}

/**
 * Times every statement pg's clients send from now on and prints those slower than `slowMs` (0: none), with when it
 * was sent (ms since startTimeline), to lay them beside the import's phases.
 */
export function printSlowStatements(slowMs: number): void {
  if (slowMs <= 0) return;
  const sendQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function timed(
    this: pg.Client,
    ...args: unknown[]
  ) {
    const started = performance.now();
    const result = sendQuery.apply(this, args);
    const first = args[0] as string | { text?: string } | undefined;
    const text = (typeof first === 'string' ? first : (first?.text ?? '')).replace(/\s+/g, ' ').trim().slice(0, 100);
    if (result instanceof Promise) {
      void result.then(
        () => {
          const ms = performance.now() - started;
          const at = started - timelineZero;
          if (ms >= slowMs) console.log(`  statement at ${at.toFixed(0)} ms, ${ms.toFixed(0)} ms: ${text}`);
        },
        () => undefined,
      );
    }
    return result;
  };
}

/**
 * CPU seconds the PostgreSQL backends of this database have used so far, by pid (shared.ts cpuByPid: a local server
 * only, read from /proc), the querying connection included: it is one of the import's own. The import's own database
 * work is the difference around it (databaseCpuSince): with Node's CPU it is what the import costs on a quiet
 * machine, whatever else the shared machine is doing (the wall time is not).
 */
export async function databaseCpu(pool: pg.Pool): Promise<Map<number, number>> {
  const { rows } = await pool.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  return cpuByPid(rows.map((r) => r.pid));
}

/** CPU milliseconds between two readings of databaseCpu. */
export const databaseCpuSince = (before: Map<number, number>, after: Map<number, number>): number =>
  cpuBetween(before, after) * 1000;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** Runs `work` under the V8 CPU profiler when `enabled` (BENCH_PROFILE=1) and prints the functions with the most self time. */
export async function profiled<T>(enabled: boolean, work: () => Promise<T>): Promise<T> {
  if (!enabled) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = (await session.post('Profiler.stop')) as unknown as {
      profile: { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[] };
    };
    session.disconnect();
    const perSample = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length);
    const self = new Map<string, number>();
    for (const node of profile.nodes) {
      const { functionName, url, lineNumber } = node.callFrame;
      const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + (node.hitCount ?? 0) * perSample);
    }
    for (const [key, ms] of [...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(process.env.BENCH_PROFILE_TOP ?? 25)))
      console.log(`    ${ms.toFixed(0).padStart(5)} ms  ${key}`);
  }
}
