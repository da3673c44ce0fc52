/**
 * The 1 MB imports against the code issue 11 measured them on (testing.md "speed": figures printed, not asserted).
 *
 *   npm run bench:import-baseline                      # both files, 4 pairs of runs, PostgreSQL at 127.0.0.1:5432
 *   BENCH_PAIRS=5 BENCH_ONLY=account npm run bench:import-baseline
 *
 * Issue 11 measured the 1 MB account and benefit CSVs at 1.4 s and 1.3 s on its machine and asks for under 1 s. Other
 * machines are slower or faster (this one's speed moves by half within the hour), so a time alone proves nothing
 * there. This script checks out the commit the issue was filed against (BASELINE below) beside this one, installs
 * its packages, and runs its bench and this one's on the same machine, interleaved, a pair at a time: the ratio of
 * their medians holds across machines, and the issue's own figure times that ratio is what this code would take on
 * the issue's machine. Needs the repository's history (a clone, not an export) and the npm registry for the
 * baseline's `npm ci` (about a minute, once per run; the checkout is removed at the end).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The commit issue 11 was filed against (2026-11-25): the code behind its 1.4 s and 1.3 s. */
const BASELINE = 'e790f86';
const PAIRS = Number(process.env.BENCH_PAIRS ?? 4);
/** Uploads of the account file a bench process (the benefit bench uploads its file once a process). */
const RUNS = Number(process.env.BENCH_RUNS ?? 2);

interface Measured {
  name: 'account' | 'benefit';
  /** The issue's figure on its machine, in seconds. */
  issueSeconds: number;
  /** The row of the bench's table that is the file of the issue. */
  row: string;
}
const FILES: Measured[] = [
  { name: 'account', issueSeconds: 1.4, row: 'csv' },
  { name: 'benefit', issueSeconds: 1.3, row: 'CSV, every row a new benefit' },
].filter((f) => !process.env.BENCH_ONLY || f.name === process.env.BENCH_ONLY) as Measured[];

const repo = process.cwd();
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

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
  if (run.status !== 0) throw new Error(`${dir} bench/${file.name}-import.ts failed:\n${run.stderr.slice(-2000)}`);
  return wallTimes(run.stdout, file.row);
}

const baseline = mkdtempSync(join(tmpdir(), 'ebt-baseline-'));
try {
  execFileSync('git', ['worktree', 'add', '--detach', baseline, BASELINE], { cwd: repo, stdio: 'ignore' });
  console.log(`baseline ${BASELINE} checked out in ${baseline}; npm ci ...`);
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: baseline, stdio: 'inherit' });
  for (const file of FILES) {
    const times = { baseline: [] as number[], now: [] as number[] };
    for (let pair = 0; pair < PAIRS; pair++) {
      const then = bench(baseline, file);
      const now = bench(repo, file);
      times.baseline.push(...then);
      times.now.push(...now);
      console.log(`${file.name} pair ${pair + 1}: baseline ${then.join(', ')} ms; now ${now.join(', ')} ms`);
    }
    const ratio = median(times.now) / median(times.baseline);
    console.log(
      `\n| ${file.name} CSV | baseline median ms | now median ms | now ÷ baseline | issue 11's figure | on the issue's machine |`,
    );
    console.log('|---|---:|---:|---:|---:|---:|');
    console.log(
      `| ${times.now.length} and ${times.baseline.length} uploads | ${median(times.baseline).toFixed(0)} | ${median(times.now).toFixed(0)} | ${ratio.toFixed(2)} | ${file.issueSeconds} s | ${(ratio * file.issueSeconds).toFixed(2)} s |\n`,
    );
  }
} finally {
  spawnSync('git', ['worktree', 'remove', '--force', baseline], { cwd: repo, stdio: 'ignore' });
  rmSync(baseline, { recursive: true, force: true });
}
