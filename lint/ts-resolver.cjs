// An import resolver for eslint-plugin-boundaries (eslint-module-utils interface 2) that resolves as `tsc` does:
// `./service.js` to `service.ts`, `@ebt/core/recipients` through the workspace's exports. The usual TypeScript
// resolver packages need native binaries the registry mirror does not carry; TypeScript itself is enough.
const fs = require('node:fs');
const path = require('node:path');
const { builtinModules } = require('node:module');
const ts = require('typescript');

// tsconfig.base.json: every package resolves the same way.
const options = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  resolveJsonModule: true,
  jsx: ts.JsxEmit.ReactJSX,
};
const cache = ts.createModuleResolutionCache(process.cwd(), (name) => name, options);

/** The file `source` means when imported from `file`, or null for Node's own modules; undefined when none. */
function resolveImport(source, file) {
  if (source.startsWith('node:') || builtinModules.includes(source)) return null;
  const resolved = ts.resolveModuleName(source, file, options, ts.sys, cache).resolvedModule;
  if (resolved) return resolved.resolvedFileName;
  // Style sheets, images and other assets a bundler takes: the file itself.
  const plain = path.resolve(path.dirname(file), source);
  return fs.existsSync(plain) ? plain : undefined;
}

module.exports = {
  interfaceVersion: 2,
  resolveImport,
  resolve(source, file) {
    const found = resolveImport(source, file);
    return found === undefined ? { found: false } : { found: true, path: found };
  },
};
