import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiPrefix } from '@ebt/core/contract';
import { ENDPOINTS } from '@ebt/core/endpoints';
import { MESSAGES } from '@ebt/core/messages';
import { useTestApp } from '../testing/app.js';
import { isApiPath, isHealthPath } from './api-paths.js';
import { openApiDocument } from './openapi.js';

// The endpoint contracts of @ebt/core are the one list of the API: every route the server registers is bound from one,
// every one is bound, and what depends on "is this the API" (no-store, the JSON 404, compression) holds under each
// contract's prefix without a list to keep.

const webDist = mkdtempSync(path.join(os.tmpdir(), 'ebt-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>MarketLink</title><div id="root"></div>');

const t = useTestApp({ WEB_DIST_DIR: webDist });

/** The routes of the web app's files and of the docs UI: registered by plugins, not by contracts. */
const notOfTheApi = (url: string) => /^\/(\*|index\.html$|assets\/|map\/|samples\/|api\/docs)/.test(url) || url === '/';
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, 'x');

describe('the endpoint contracts', () => {
  it('bind every registered route, and every contract is bound once', () => {
    const routes = t.app.registeredRoutes.filter((route) => route.method !== 'HEAD' && !notOfTheApi(route.url));
    const unbound = routes.filter((route) => !route.endpoint).map((route) => `${String(route.method)} ${route.url}`);
    expect(unbound, 'routes without a contract').toEqual([]);
    const bound = routes.map((route) => route.endpoint!);
    const unregistered = ENDPOINTS.filter((endpoint) => !bound.includes(endpoint)).map((e) => e.operationId);
    expect(unregistered, 'contracts without a route').toEqual([]);
    const strays = bound.filter((endpoint) => !ENDPOINTS.includes(endpoint)).map((e) => e.operationId);
    expect(strays, 'bound contracts missing from ENDPOINTS').toEqual([]);
    expect(bound.length).toBe(ENDPOINTS.length);
  });

  it('have unique operationIds and one contract per method and path', () => {
    const ids = ENDPOINTS.map((endpoint) => endpoint.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const routes = ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(routes.filter((route, i) => routes.indexOf(route) !== i)).toEqual([]);
  });

  it('live under API paths: each answers no-store, and an unknown path under its prefix is a JSON 404', async () => {
    for (const endpoint of ENDPOINTS) {
      expect(isApiPath(concrete(endpoint.path)), endpoint.path).toBe(true);
      const res = await t.app.inject({ method: endpoint.method, url: concrete(endpoint.path) });
      expect(res.headers['cache-control'], `${endpoint.method} ${endpoint.path}`).toBe('no-store');
    }
    for (const prefix of new Set(ENDPOINTS.map((endpoint) => apiPrefix(endpoint.path)))) {
      if (isHealthPath(prefix)) continue; // /healthz and /readyz are paths of their own, not prefixes
      const res = await t.app.inject({ method: 'GET', url: `${prefix}/no/such/endpoint` });
      expect(res.statusCode, prefix).toBeOneOf([401, 403, 404]);
      expect(res.headers['content-type'], prefix).toContain('application/json');
      expect(res.headers['cache-control'], prefix).toBe('no-store');
      if (res.statusCode === 404) expect(res.json().message).toBe(MESSAGES.NOT_FOUND);
    }
  });

  it('write the OpenAPI document /api/docs serves: every operation, its security, and downloads as files', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const served = res.json() as ReturnType<typeof openApiDocument>;
    expect(served).toEqual(JSON.parse(JSON.stringify(openApiDocument(ENDPOINTS))));
    const operations = Object.values(served.paths).flatMap((methods) => Object.values(methods)) as {
      operationId: string;
      security: unknown[];
      responses: Record<string, { description?: string; content?: Record<string, unknown> }>;
    }[];
    expect(operations).toHaveLength(ENDPOINTS.length);
    for (const endpoint of ENDPOINTS) {
      const op = operations.find((o) => o.operationId === endpoint.operationId)!;
      expect(op.security.length === 0, endpoint.operationId).toBe(endpoint.access.kind === 'public');
      const success = Object.entries(op.responses).find(([status]) => status.startsWith('2'));
      expect(success?.[1].description, endpoint.operationId).toBe(endpoint.returns);
      if (endpoint.format === 'pdf') expect(Object.keys(success![1].content!)).toEqual(['application/pdf']);
    }
  });
});
