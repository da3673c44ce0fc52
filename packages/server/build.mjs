// The server as `npm start` runs it: src/main.ts (and src/keys.ts, the key command of `npm run keys`) and everything it imports from this package and from @ebt/core,
// bundled by esbuild into dist/ as ES modules with source maps (decision 0119). Every other package stays an import
// that Node resolves from node_modules at run time, so a package the code imports lazily (`await import('pdfkit')`)
// is still loaded by its first use, and native or data-heavy packages are never copied into the bundle.
// Development, the tests and the benches keep reading the TypeScript sources through tsx and Vitest.
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(serverDir, 'dist');

/**
 * Bundles the workspace's own packages (@ebt/core exports TypeScript, which Node cannot load) and leaves every other
 * bare import to node_modules; `node:` built-ins are external on the node platform anyway.
 */
const packagesExternal = {
  name: 'packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@ebt/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Sources find files beside them through `import.meta.url` (the migrations folder, the web app's dist, the key
 * file's default place, createRequire): bundled, every module would see dist/'s URL instead of its own. Each
 * source's `import.meta.url` becomes its own file's URL, reckoned from the output file at run time, so the same code
 * resolves the same paths from src/ and from dist/ and the build stays relocatable with its checkout. This relies on
 * every output file sitting directly in dist/ (esbuild's default chunk names do). `import.meta.dirname` and
 * `.filename` would need the same and are refused instead.
 */
const sourceLocation = {
  name: 'source-location',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (/import\.meta\.(dirname|filename)\b/.test(source))
        throw new Error(`${args.path}: use import.meta.url, which the build maps to the source file`);
      if (!source.includes('import.meta.url')) return undefined;
      const fromOutput = path.relative(outdir, args.path).split(path.sep).join('/');
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromOutput)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

const started = performance.now();
const result = await build({
  absWorkingDir: serverDir,
  entryPoints: ['src/main.ts', 'src/keys.ts'],
  outdir,
  bundle: true,
  // A module the sources import with `import()` becomes a chunk of its own, loaded by its first use as from source.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // Stack traces name the TypeScript files and lines (Node's --enable-source-maps, packages/server/node-flags.json).
  // Without the sources' text in the map: a stack trace needs only the mappings, and the map stays small to parse.
  sourcemap: 'linked',
  sourcesContent: false,
  // Function and class names as written, as under tsx: an error's logged type is its class's name.
  keepNames: true,
  logLevel: 'warning',
  metafile: true,
  plugins: [packagesExternal, sourceLocation],
});
// Written over the last build, then what this one did not write is removed: dist/ is never emptied, so a server
// starting from it meanwhile (another test run in the same checkout) finds the old build or the new one.
const written = new Set(Object.keys(result.metafile.outputs).map((file) => path.resolve(serverDir, file)));
for (const file of await readdir(outdir)) {
  if (!written.has(path.join(outdir, file))) await rm(path.join(outdir, file), { recursive: true, force: true });
}
const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
const kilobytes = outputs.reduce((sum, [, output]) => sum + output.bytes, 0) / 1024;
console.log(
  `server built: ${outputs.length} file(s) in packages/server/dist, ${kilobytes.toFixed(0)} KB, ` +
    `${Object.keys(result.metafile.inputs).length} sources, ${Math.round(performance.now() - started)} ms`,
);
