// `npm start`: build what has not been built yet (the web app, the server), then run the compiled server, which
// serves the app and the API on one port. Signals are passed on so the server can shut down gracefully.
// `node scripts/start.mjs keys <command>` (`npm run keys`) runs the compiled key command (src/keys.ts) the same way,
// without the web app.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// The entry point of packages/server/dist to run (`main`, or `keys` for the key command) and its arguments.
const [entry = 'main', ...args] = process.argv.slice(2);
if (!['main', 'keys'].includes(entry)) {
  console.error(`Unknown entry point ${entry}: main (the server) or keys (npm run keys).`);
  process.exit(2);
}

// Each build's output and what it is built from. A missing output is built here, once; an output older than one of
// its sources is only named, never rebuilt at start: a build needs the devDependencies, which a production install
// leaves out, and what runs must be what was built (`npm run build` builds both again).
const builds = [
  entry === 'main' && {
    what: 'the web app',
    workspace: '@ebt/web',
    output: 'packages/web/dist/index.html',
    sources: ['packages/web/src', 'packages/core/src'],
  },
  {
    what: 'the server',
    workspace: '@ebt/server',
    output: `packages/server/dist/${entry}.js`,
    sources: ['packages/server/src', 'packages/core/src'],
  },
];

/** The newest modification time of the files under `dirs` (tests left out; a directory not shipped is skipped). */
function newestSource(dirs) {
  let newest = 0;
  for (const dir of dirs.map((d) => path.join(root, d)).filter((d) => existsSync(d))) {
    for (const file of readdirSync(dir, { recursive: true })) {
      if (!file.includes('.test.')) newest = Math.max(newest, statSync(path.join(dir, file)).mtimeMs);
    }
  }
  return newest;
}

for (const { what, workspace, output, sources } of builds.filter(Boolean)) {
  const built = path.join(root, output);
  if (!existsSync(built)) {
    console.log(`Building ${what} (first start)...`);
    const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  } else if (statSync(built).mtimeMs < newestSource(sources)) {
    console.warn(`${what} (${path.dirname(output)}) is older than its sources: \`npm run build\` builds it again.`);
  }
}

// The server's Node flags (packages/server/node-flags.json, docs/operations.md "Start"): every start of the product,
// the benches' included, uses the same.
const nodeFlags = JSON.parse(readFileSync(path.join(root, 'packages/server/node-flags.json'), 'utf8'));
const server = spawn(process.execPath, [...nodeFlags, `dist/${entry}.js`, ...args], {
  cwd: path.join(root, 'packages/server'),
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
