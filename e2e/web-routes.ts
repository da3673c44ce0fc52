import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The web app's routes as its router composes them (packages/web/src/app/router.tsx): the features listed in its
 * FEATURES, each feature's routes.tsx by portal, and the not-found page the router adds to each portal and to the
 * public pages. Read from the source, as the router cannot be loaded outside a bundler (lazy pages, CSS modules).
 * A route entry written in a shape this reader does not know fails loudly, so no screen slips past the walks.
 */
export type RouteArea = 'public' | 'recipient' | 'merchant' | 'program' | 'admin';

export interface WebRoute {
  area: RouteArea;
  /** The full path pattern, e.g. '/program/recipient/:id/:progId'. */
  pattern: string;
  /** A screen still to come (placeholderRoute). */
  placeholder: boolean;
}

const WEB_SRC = path.resolve(import.meta.dirname, '../packages/web/src');
const AREAS: RouteArea[] = ['public', 'recipient', 'merchant', 'program', 'admin'];

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
}

const where = (node: ts.Node) => {
  const source = node.getSourceFile();
  const { line } = source.getLineAndCharacterOfPosition(node.getStart());
  return `${path.relative(WEB_SRC, source.fileName)}:${line + 1}`;
};

/** The initializer of the top-level `const name = …` in a file. */
function constant(source: ts.SourceFile, name: string): ts.Expression {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer)
        return declaration.initializer;
    }
  }
  throw new Error(`no const ${name} in ${source.fileName}`);
}

/** The features the router composes: each FEATURES entry with the file its import names. */
function featureFiles(): { name: string; file: string }[] {
  const router = parse(path.join(WEB_SRC, 'app/router.tsx'));
  const imports = new Map<string, string>();
  for (const statement of router.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause?.namedBindings) continue;
    const bindings = statement.importClause.namedBindings;
    if (!ts.isNamedImports(bindings)) continue;
    const from = (statement.moduleSpecifier as ts.StringLiteral).text;
    for (const element of bindings.elements) imports.set(element.name.text, from);
  }
  const list = constant(router, 'FEATURES');
  if (!ts.isArrayLiteralExpression(list)) throw new Error(`FEATURES is not an array at ${where(list)}`);
  return list.elements.map((element) => {
    if (!ts.isIdentifier(element) || !imports.has(element.text))
      throw new Error(`unreadable FEATURES entry at ${where(element)}`);
    return { name: element.text, file: path.resolve(WEB_SRC, 'app', `${imports.get(element.text)!}.tsx`) };
  });
}

/** One route object or placeholderRoute(...) call: its path ('' for an index route) and whether it is a placeholder. */
function routeEntry(node: ts.Expression): { path: string; placeholder: boolean } {
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'placeholderRoute') {
    const [first] = node.arguments;
    if (first && ts.isStringLiteral(first)) return { path: first.text, placeholder: true };
  }
  if (ts.isObjectLiteralExpression(node)) {
    let routePath: string | undefined;
    let placeholder = false;
    let index = false;
    for (const property of node.properties) {
      // `{ ...placeholderRoute('pans/view', 'PAN Cards'), handle }`: the spread entry's path, and what it is.
      if (ts.isSpreadAssignment(property)) ({ path: routePath, placeholder } = routeEntry(property.expression));
      if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
      if (property.name.text === 'path' && ts.isStringLiteral(property.initializer))
        routePath = property.initializer.text;
      if (property.name.text === 'index' && property.initializer.kind === ts.SyntaxKind.TrueKeyword) index = true;
      if (property.name.text === 'children') throw new Error(`nested routes are not read yet: ${where(property)}`);
    }
    if (routePath !== undefined) return { path: routePath, placeholder };
    if (index) return { path: '', placeholder: false };
  }
  throw new Error(`unreadable route entry at ${where(node)}`);
}

export function webRoutes(): WebRoute[] {
  const routes: WebRoute[] = [];
  for (const { name, file } of featureFiles()) {
    const table = constant(parse(file), name);
    if (!ts.isObjectLiteralExpression(table)) throw new Error(`${name} is not an object literal at ${where(table)}`);
    for (const property of table.properties) {
      if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name))
        throw new Error(`unreadable property at ${where(property)}`);
      const area = property.name.text as RouteArea;
      if (!AREAS.includes(area)) throw new Error(`unknown area '${area}' at ${where(property)}`);
      if (!ts.isArrayLiteralExpression(property.initializer))
        throw new Error(`routes of ${area} are not an array at ${where(property)}`);
      for (const element of property.initializer.elements) {
        const entry = routeEntry(element);
        const pattern =
          area === 'public' ? entry.path : `/${area}${entry.path ? `/${entry.path.replace(/^\//, '')}` : ''}`;
        if (!routes.some((route) => route.pattern === pattern))
          routes.push({ area, pattern, placeholder: entry.placeholder });
      }
    }
  }
  // The not-found page the router adds after each area's own routes.
  for (const area of AREAS) routes.push({ area, pattern: area === 'public' ? '/*' : `/${area}/*`, placeholder: false });
  return routes;
}
