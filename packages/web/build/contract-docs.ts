import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * The files that declare endpoint contracts (packages/core/src/<area>/endpoints.ts, users/admin-endpoints.ts), and the
 * contract helpers (contract/endpoint.ts), whose `exportEndpoint` writes every export's summary with the cap's
 * `toLocaleString`: run by each area's contracts as their module loads, its first call set up the browser's number
 * formatting, about 20 ms of the recipient home's start on a fast machine (decision 0105).
 */
const CONTRACT_FILE =
  /[\\/]packages[\\/]core[\\/]src[\\/](?:[^\\/]+[\\/](?:[a-z-]+-)?endpoints|contract[\\/]endpoint)\.ts$/;
/** The contract fields that only document an endpoint: the server writes them into the OpenAPI document. */
const DOC_FIELDS = new Set(['summary', 'description', 'returns']);
const CONTRACT_CALLS = new Set(['endpoint', 'exportEndpoint']);

/**
 * Empties the documentation fields of the endpoint contracts the web app bundles: a screen needs a contract's method,
 * path and schemas, not the sentences the OpenAPI document shows (a few KB a route). Every string, template or
 * concatenation given to `summary`, `description` or `returns` of an `endpoint({...})` or `exportEndpoint({...})` becomes ''.
 */
/** The object literal given to `endpoint(...)` or `exportEndpoint(...)`: a schema's own `description` field stays. */
function isContractLiteral(node: ts.Node): boolean {
  return (
    ts.isObjectLiteralExpression(node) &&
    ts.isCallExpression(node.parent) &&
    ts.isIdentifier(node.parent.expression) &&
    CONTRACT_CALLS.has(node.parent.expression.text)
  );
}

export function stripContractDocs(code: string, fileName: string): string {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const cuts: { start: number; end: number }[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      DOC_FIELDS.has(node.name.text) &&
      isContractLiteral(node.parent)
    ) {
      cuts.push({ start: node.initializer.getStart(source), end: node.initializer.getEnd() });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let out = code;
  for (const { start, end } of cuts.sort((a, b) => b.start - a.start))
    out = `${out.slice(0, start)}''${out.slice(end)}`;
  return out;
}

export function contractDocs(): Plugin {
  return {
    name: 'ebt-contract-docs',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!CONTRACT_FILE.test(id)) return null;
      return { code: stripContractDocs(code, id), map: null };
    },
  };
}
