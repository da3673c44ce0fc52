// `npm start`: build the web app when it has not been built yet, then run the server, which serves the app
// and the API on one port. Signals are passed on so the server can shut down gracefully.
import { existsSync, readFileSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const builtIndex = path.join(root, 'packages/web/dist/index.html');

if (!existsSync(builtIndex)) {
  console.log('Building the web app (first start)...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@ebt/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server's V8 flags (packages/server/node-flags.json, docs/operations.md "Memory"): every start of the product,
// the benches' included, uses the same.
const nodeFlags = JSON.parse(readFileSync(path.join(root, 'packages/server/node-flags.json'), 'utf8'));
const server = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(root, 'packages/server'),
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
