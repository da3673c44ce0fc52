import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('./log-destination.ts', import.meta.url));

/** Runs `script` in a child Node with the destination imported as `d`; resolves with its standard output. */
function runChild(script: string, onStdout?: (text: string, kill: () => void) => void): Promise<string> {
  const source = `import { bufferedStdout } from ${JSON.stringify(MODULE)};\nconst d = bufferedStdout();\n${script}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
    onStdout?.(out, () => child.kill('SIGKILL'));
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
}

describe('the buffered log destination (decision 0080)', () => {
  it('writes every waiting line when the process exits, even far below a block', async () => {
    const out = await runChild(`for (let i = 0; i < 3; i++) d.write('line ' + i + '\\n');\nprocess.exit(0);`);
    expect(out).toBe('line 0\nline 1\nline 2\n');
  });

  it('writes a lone line without waiting for a block or for the exit', async () => {
    // The child writes one short line and then stays alive: only the periodic flush can carry it out. It is killed
    // outright once the line arrives (so no exit handler runs); a test time-out would mean it never came.
    const out = await runChild(`d.write('alone\\n');\nsetInterval(() => {}, 1000);`, (text, kill) => {
      if (text.includes('alone\n')) kill();
    });
    expect(out).toBe('alone\n');
  }, 20_000);

  it('keeps the order of many lines written past several blocks', async () => {
    const out = await runChild(
      `for (let i = 0; i < 2000; i++) d.write(JSON.stringify({ i, msg: 'request' }) + '\\n');\nprocess.exit(0);`,
    );
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(2000);
    expect(lines.map((l) => (JSON.parse(l) as { i: number }).i)).toEqual([...Array(2000).keys()]);
  });
});
