// `npm run bench:bundle-size`, after `npm run build`: the JavaScript and CSS each public route and the recipient home
// load, gzipped and brotli-compressed, read from the Vite manifest (packages/web/dist/.vite/manifest.json). Fails
// when /login needs more than 200 KB of gzipped JavaScript (architecture.md, "The request path").
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// WEB_DIST_DIR, as for bench/lighthouse.ts: a build made with `npx vite build --outDir /tmp/a` is measured in place.
const DIST = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(ROOT, 'packages/web/dist');
const MANIFEST = path.join(DIST, '.vite/manifest.json');
const LOGIN_BUDGET_BYTES = 200 * 1024;

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
  name?: string;
  src?: string;
}

/**
 * The screens a route shows beyond the entry, as manifest keys (source paths) or the names of the chunks
 * packages/web/vite.config.ts groups modules into (`shell`, the signed-in layout): the public routes of
 * packages/web/src/app/router.tsx (each feature's routes.tsx `public` list) and the recipient home. A route whose
 * page is in the startup code (sign-in, sign-out) has none. A renamed page fails the run rather than measuring
 * nothing.
 */
const ROUTES: { path: string; lazy: string[] }[] = [
  { path: '/login', lazy: [] },
  { path: '/', lazy: [] },
  { path: '/logout', lazy: [] },
  { path: '/validate', lazy: ['src/features/recovery/ActivationPage.tsx'] },
  { path: '/resetpass', lazy: ['src/features/recovery/ResetPasswordPage.tsx'] },
  { path: '/forgotpass', lazy: ['src/features/recovery/ForgotPasswordPage.tsx'] },
  { path: '/forgotusername', lazy: ['src/features/recovery/ForgotUsernamePage.tsx'] },
  { path: '/apply/ct', lazy: ['src/features/applicants/OnlineApplicationPage.tsx'] },
  {
    path: '/recipient/home',
    // `kit` and `recipient-home`: the kit the home uses and the home's own code (vite.config.ts, decision 0077); the
    // kit holds core's auth schemas too, which the signed-in user is parsed with, with zod (decision 0105).
    lazy: ['shell', 'kit', 'recipient-home'],
  },
];

/**
 * Chunks every route waits for before its first render although the entry imports them dynamically: the app itself
 * (the `startup` chunk, which the entry imports once it has started the page's reads; decision 0105) and the i18n
 * setup (i18next, react-i18next and the English catalogue; packages/web/src/lib/i18n, decision 0060). A page cannot
 * show without them, so they count against each route's budget like the entry itself.
 */
const STARTUP = ['startup', 'src/lib/i18n/setup.ts'];

if (!existsSync(MANIFEST)) {
  console.error(`No ${path.relative(ROOT, MANIFEST)}: run \`npm run build\` first.`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, ManifestChunk>;
const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
if (!entryKey) throw new Error('the manifest names no entry');

const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>();
function sizeOf(file: string) {
  let size = sizes.get(file);
  if (!size) {
    const content = readFileSync(path.join(DIST, file));
    size = {
      raw: content.length,
      // The levels the build's .gz and .br files are written at (packages/web/build/precompress.ts).
      gzip: gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length,
      brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    sizes.set(file, size);
  }
  return size;
}

/** The files a chunk loads before it runs: itself, its static imports (transitively) and their CSS. */
function collect(key: string, js: Set<string>, css: Set<string>): void {
  const chunk = manifest[key] ?? Object.values(manifest).find((candidate) => candidate.name === key && !candidate.src);
  if (!chunk) throw new Error(`${key} is not in the manifest: update ROUTES in bench/bundle-size.ts`);
  if (js.has(chunk.file)) return;
  js.add(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const imported of chunk.imports ?? []) collect(imported, js, css);
}

const inManifest = (key: string) =>
  key in manifest || Object.values(manifest).some((chunk) => chunk.name === key && !chunk.src);

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const sum = (files: Set<string>, field: 'raw' | 'gzip' | 'brotli') =>
  [...files].reduce((total, file) => total + sizeOf(file)[field], 0);

console.log(`Web bundle per route (${path.relative(ROOT, DIST)}), KB = 1024 bytes\n`);
console.log('| route | JS files | JS raw | JS gzip | JS brotli | CSS raw | CSS gzip | CSS brotli |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
let loginGzip = 0;
for (const route of ROUTES) {
  const js = new Set<string>();
  const css = new Set<string>();
  // The i18n setup has no manifest entry when the build puts it in the startup chunk (packages/web/vite.config.ts).
  for (const key of [entryKey, ...STARTUP.filter(inManifest), ...route.lazy]) collect(key, js, css);
  const gzip = sum(js, 'gzip');
  if (route.path === '/login') loginGzip = gzip;
  console.log(
    `| ${route.path} | ${js.size} | ${kb(sum(js, 'raw'))} | ${kb(gzip)} | ${kb(sum(js, 'brotli'))} | ` +
      `${kb(sum(css, 'raw'))} | ${kb(sum(css, 'gzip'))} | ${kb(sum(css, 'brotli'))} |`,
  );
}

const allJs = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file) => file.endsWith('.js'));
console.log(`\nwhole app: ${allJs.length} JS files, ${kb(allJs.reduce((t, f) => t + sizeOf(f).gzip, 0))} KB gzipped`);
if (loginGzip > LOGIN_BUDGET_BYTES) {
  console.error(`FAIL: /login loads ${kb(loginGzip)} KB of gzipped JavaScript, above ${kb(LOGIN_BUDGET_BYTES)} KB`);
  process.exit(1);
}
console.log(`OK: /login loads ${kb(loginGzip)} KB of gzipped JavaScript (budget ${kb(LOGIN_BUDGET_BYTES)} KB)`);
