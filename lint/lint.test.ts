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

  it('refuses a server module importing the demo seed, a layer above it', async () => {
    expect(await lintAs('module-imports-seed.ts', serverFile)).toEqual([
      expect.stringMatching(/^boundaries\/dependencies: a server module imports only/),
    ]);
  });
});

describe('server layers: db/ and platform/ below the modules, testing/ and seed/ above them', () => {
  const below = ['packages/server/src/db/lint-fixture.ts', 'packages/server/src/platform/lint-fixture.ts'];
  const above = ['packages/server/src/testing/lint-fixture.ts', 'packages/server/src/seed/lint-fixture.ts'];
  const belowRefusal = /^boundaries\/dependencies: db\/ and platform\/ sit below the modules/;

  it.each(below)('refuses %s importing a module, even through its index.ts', async (file) => {
    expect(await lintAs('base-imports-module.ts', file)).toEqual([expect.stringMatching(belowRefusal)]);
  });

  it.each(below)('refuses %s importing the demo seed', async (file) => {
    expect(await lintAs('base-imports-seed.ts', file)).toEqual([expect.stringMatching(belowRefusal)]);
  });

  it('lets a db/ or platform/ test load the demo seed, but still import no module', async () => {
    expect(await lintAs('base-imports-seed.ts', 'packages/server/src/db/lint-fixture.test.ts')).toEqual([]);
    expect(await lintAs('base-imports-module.ts', 'packages/server/src/platform/lint-fixture.test.ts')).toEqual([
      expect.stringMatching(belowRefusal),
    ]);
  });

  it('lets platform/ import db/, its own files and @ebt/core', async () => {
    expect(await lintAs('base-imports-base.ts', 'packages/server/src/platform/lint-fixture.ts')).toEqual([]);
  });

  it.each(above)("refuses %s importing a module's internals", async (file) => {
    expect(await lintAs('above-imports-module.ts', file)).toEqual([
      expect.stringMatching(/^boundaries\/dependencies: testing\/ and seed\/ use a server module only through/),
    ]);
  });

  it.each(above)('lets %s use a module through its index.ts, with db/, platform/ and @ebt/core', async (file) => {
    expect(await lintAs('above-imports-module-entry.ts', file)).toEqual([]);
  });
});

describe('the web app: API paths only in contracts, and the kit in layers', () => {
  const webFile = 'packages/web/src/features/benefits/lint-fixture.tsx';
  const libFile = 'packages/web/src/lib/lint-fixture.ts';

  it('refuses an API path written as a string or a template, and lets a page path be', async () => {
    expect(await lintAs('web-writes-api-path.tsx', webFile)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: an API path belongs in its endpoint contract/),
      expect.stringMatching(/^no-restricted-syntax: an API path belongs in its endpoint contract/),
    ]);
  });

  it("refuses a form resolver other than the kit's formCheck", async () => {
    expect(await lintAs('web-form-resolver.tsx', webFile)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*a form validates with formCheck/),
    ]);
  });

  it("refuses a web feature importing the app's theme", async () => {
    expect(await lintAs('feature-imports-theme.tsx', webFile)).toEqual([
      expect.stringMatching(/^boundaries\/dependencies: a web feature does not import app\//),
    ]);
  });

  it('refuses lib/ importing components/, and lets it import lib/ and core', async () => {
    expect(await lintAs('lib-imports-components.ts', libFile)).toEqual([
      expect.stringMatching(/^boundaries\/dependencies: lib\/ sits below components\//),
    ]);
    expect(await lintAs('lib-imports-lib.ts', libFile)).toEqual([]);
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
