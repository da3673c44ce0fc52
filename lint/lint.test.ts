import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { findImportCycles } from './import-cycles.js';

// Each rule of `npm run lint` shown failing on a small fixture, and passing on its allowed twin, so a config change
// that quietly switches a rule off fails here.
const root = path.resolve(import.meta.dirname, '..');
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);

/** The rule ids ESLint reports for a fixture's text linted as if it lived at `asFile` in the tree. */
async function lintAs(name: string, asFile: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(fs.readFileSync(fixture(name), 'utf8'), { filePath: path.join(root, asFile) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('feature and module boundaries (eslint-plugin-boundaries)', () => {
  const webFile = 'packages/web/src/features/benefits/lint-fixture.tsx';
  const serverFile = 'packages/server/src/modules/benefits/lint-fixture.ts';

  it('refuses a web feature importing another feature', async () => {
    expect(await lintAs('feature-imports-feature.tsx', webFile)).toEqual([
      expect.stringMatching(/^boundaries\/dependencies: a web feature imports only/),
    ]);
  });

  it("lets a web feature use another feature's declared entry, its index.ts", async () => {
    expect(await lintAs('feature-imports-feature-entry.tsx', webFile)).toEqual([]);
  });

  it('lets a web feature import components/, lib/, @ebt/core and its own files', async () => {
    expect(await lintAs('feature-imports-kit.tsx', webFile)).toEqual([]);
  });

  it("refuses a server module importing another module's internals", async () => {
    expect(await lintAs('module-imports-module.ts', serverFile)).toEqual([
      expect.stringMatching(/^boundaries\/dependencies: a server module imports only/),
    ]);
  });

  it('lets a server module import platform/, db/, @ebt/core and its own files', async () => {
    expect(await lintAs('module-imports-platform.ts', serverFile)).toEqual([]);
  });
});

describe('import cycles (lint/import-cycles.ts)', () => {
  it('finds a cycle of value imports and ignores a type-only import', () => {
    expect(findImportCycles([fixture('cycle')])).toEqual([[fixture('cycle/a.ts'), fixture('cycle/b.ts')]]);
  });
});

describe('unused exports (knip)', () => {
  it('names an export nothing imports, and fails', async () => {
    const knip = path.join(root, 'node_modules/knip/bin/knip.js');
    const run = promisify(execFile)(process.execPath, [knip, '--directory', fixture('knip-unused'), '--no-progress']);
    const failure = await run.then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toMatch(/Unused exports \(1\)\s+neverImported\s+src\/helpers\.ts/);
  }, 60_000);
});
