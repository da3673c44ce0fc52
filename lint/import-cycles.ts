// No import cycles (style.md): ESLint's import-x/no-cycle needs native resolver binaries the registry mirror does not
// carry, so this walks the module graph itself with TypeScript's parser and resolver. Only imports that run when a
// module loads count: `import type` vanishes at build time and `import()` waits until it is called.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

const { resolveImport } = createRequire(import.meta.url)('./ts-resolver.cjs') as {
  resolveImport(source: string, file: string): string | null | undefined;
};

const SOURCE = /\.(ts|tsx)$/;

function sourceFilesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && SOURCE.test(entry.name) && !file.includes('node_modules') ? [file] : [];
  });
}

/** The module specifiers a file imports for their values. */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause !== undefined &&
          !clause.name &&
          clause.namedBindings !== undefined &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return found;
}

/** Every cycle among the source files under `dirs`, each as the files in it (Tarjan's strongly connected components). */
export function findImportCycles(dirs: string[]): string[][] {
  const files = dirs.flatMap(sourceFilesUnder);
  const known = new Set(files);
  const edges = new Map(
    files.map((file) => [
      file,
      valueImports(file)
        .map((specifier) => resolveImport(specifier, file))
        .filter((target): target is string => typeof target === 'string' && known.has(target)),
    ]),
  );

  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file)!) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || edges.get(file)!.includes(file)) cycles.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}

// `node --import tsx lint/import-cycles.ts`: part of `npm run lint`.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const root = path.resolve(import.meta.dirname, '..');
  const cycles = findImportCycles(
    ['packages/core/src', 'packages/server/src', 'packages/web/src'].map((d) => path.join(root, d)),
  );
  for (const cycle of cycles)
    console.error(`import cycle:\n  ${cycle.map((f) => path.relative(root, f)).join('\n  ')}`);
  if (cycles.length > 0) process.exit(1);
  console.log('no import cycles');
}
