// Writes the OpenAPI document (from the endpoint contracts, exactly as /api/docs/json serves it) and checks it with
// Redocly's recommended rules (redocly.yaml; the warnings kept, each with its reason, in .redocly.lint-ignore.yaml,
// which names the document by the path it is written to). Part of `npm run lint`; fails on any error or new warning.
// Redocly's CLI runs by its path, so no import names it (knip.json lists it in ignoreDependencies).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ENDPOINTS } from '@ebt/core/endpoints';
import { openApiDocument } from '../packages/server/src/platform/openapi.js';

const root = path.resolve(import.meta.dirname, '..');
const file = 'node_modules/.cache/ebt-openapi.json';
mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
writeFileSync(path.join(root, file), JSON.stringify(openApiDocument(ENDPOINTS), null, 1));
try {
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/@redocly/cli/bin/cli.js'),
      'lint',
      file,
      '--config',
      'redocly.yaml',
      '--max-problems',
      '50',
      '--format',
      'summary',
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
} catch {
  process.exitCode = 1;
}
