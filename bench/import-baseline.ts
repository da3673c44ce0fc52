/**
 * The 1 MB imports against the code the 1 s goal was set against, on this machine, interleaved.
 *
 *   npm run bench:import-baseline                      # both files, 4 pairs of runs, PostgreSQL at 127.0.0.1:5432
 *   BENCH_PAIRS=5 BENCH_ONLY=account npm run bench:import-baseline
 *
 * Goal: the 1 MB account and benefit CSVs under 1 s on PostgreSQL. This script exports the commit the goal was set
 * against (BASELINE below) into a temporary directory (`git archive`: nothing is written into this
 * checkout or its repository), installs its packages, and runs its bench and this one's on the same machine, a pair at
 * a time (baseline, then now), the CSV only. It prints what it measured: each upload, both medians, their ratio, and
 * this code's median beside the goal with the load average; it exits 1 when the goal is missed. The two medians say
 * how far this code moved from the baseline on this machine; nothing here stands for another machine. Needs the
 * repository's history (a clone, not an export) and the npm registry for the baseline's `npm ci` (about a minute,
 * once per run; the directory is removed at the end).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchGoal, loadAverage, median } from './shared.js';

/** The commit the 1 s goal was set against (2026-11-25). */
const BASELINE = 'e790f86';
const PAIRS = Number(process.env.BENCH_PAIRS ?? 4);
/** Uploads of the account file a bench process (the baseline's benefit bench uploads its file once a process). */
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const GOAL = benchGoal('issue 11: the 1 MB CSV, the median upload of this code under 1 s', 1000, { digits: 0 });

interface Measured {
  name: 'account' | 'benefit';
  /** The row of the bench's table that is the file the goal names. */
  row: string;
}
const FILES: Measured[] = [
  { name: 'account', row: 'csv' },
  { name: 'benefit', row: 'CSV, every row a new benefit' },
].filter((f) => !process.env.BENCH_ONLY || f.name === process.env.BENCH_ONLY) as Measured[];

const repo = process.cwd();

/** The wall times of `row` in a bench's printed table (the column headed 'wall ms'). */
function wallTimes(output: string, row: string): number[] {
  const lines = output.split('\n').filter((l) => l.startsWith('| '));
  const header = lines.find((l) => l.includes('wall ms'));
  if (!header) throw new Error(`no table in the bench's output:\n${output.slice(-2000)}`);
  const column = header.split('|').findIndex((cell) => cell.trim() === 'wall ms');
  return lines
    .map((l) => l.split('|'))
    .filter((cells) => cells[1]?.trim() === row)
    .map((cells) => Number(cells[column]));
}

function bench(dir: string, file: Measured): number[] {
  const run = spawnSync('node', ['--import', 'tsx', `bench/${file.name}-import.ts`], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      BENCH_RUNS: String(RUNS),
      BENCH_TARGETS: 'postgres',
      BENCH_FORMATS: 'csv',
      BENCH_SLOW_MS: '1000000',
    },
  });
  // Today's benches exit 1 when a goal is missed, after printing every figure (shared.ts benchGoal's line: "goal
  // < 1,000 ms: MISSED"): those figures count. Any other failure (no table, another code) stops the comparison.
  const goalMissed = run.status === 1 && /goal < [\d,.]+ ms: MISSED/.test(run.stdout);
  if (run.status !== 0 && !goalMissed)
    throw new Error(`${dir} bench/${file.name}-import.ts failed:\n${run.stderr.slice(-2000)}`);
  return wallTimes(run.stdout, file.row);
}

const baseline = mkdtempSync(join(tmpdir(), 'ebt-baseline-'));
try {
  // `git archive` reads the commit without writing a worktree's records into this repository.
  const archive = execFileSync('git', ['archive', '--format=tar', BASELINE], { cwd: repo, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', baseline], { input: archive });
  console.log(`baseline ${BASELINE} exported to ${baseline}; npm ci ...`);
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: baseline, stdio: 'inherit' });
  for (const file of FILES) {
    const times = { baseline: [] as number[], now: [] as number[] };
    for (let pair = 0; pair < PAIRS; pair++) {
      const then = bench(baseline, file);
      const now = bench(repo, file);
      times.baseline.push(...then);
      times.now.push(...now);
      console.log(
        `${file.name} pair ${pair + 1}: baseline ${then.map((t) => t.toFixed(0)).join(', ')} ms; now ${now.map((t) => t.toFixed(0)).join(', ')} ms; load average ${loadAverage()}`,
      );
    }
    const then = median(times.baseline);
    const now = median(times.now);
    console.log(
      `\n| ${file.name} CSV | uploads (baseline, now) | baseline median ms | now median ms | now ÷ baseline |`,
    );
    console.log('|---|---|---:|---:|---:|');
    console.log(
      `| measured here | ${times.baseline.length}, ${times.now.length} | ${then.toFixed(0)} | ${now.toFixed(0)} | ${(now / then).toFixed(2)} |\n`,
    );
    GOAL.line(`${file.name} CSV now, median of ${times.now.length} uploads`, now, `load average ${loadAverage()}`);
  }
} finally {
  rmSync(baseline, { recursive: true, force: true });
}
