import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { useTestApp } from '../testing/app.js';
import { makeUser } from '../testing/factories.js';
import { isApiPath } from './api-paths.js';

// Which paths are the API's decides no-store, compression, the request log's redaction and the JSON 404 (against the
// web app's fallback). Every route the app registers outside the web app's own must be one of them.

const webDist = mkdtempSync(path.join(os.tmpdir(), 'ebt-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>MarketLink</title><div id="root"></div>');

const t = useTestApp({ WEB_DIST_DIR: webDist });

describe('the API paths', () => {
  it('hold every registered route but the web app’s own', () => {
    const outside = t.app.registeredRoutes
      .map((r) => r.url)
      .filter((url) => !isApiPath(url.replace(/:\w+|\*/g, 'x')))
      // The web app's own: its fallback, its index and its static files.
      .filter((url) => !/^\/(\*|index\.html$|assets\/|map\/|samples\/)/.test(url) && url !== '/');
    expect(outside).toEqual([]);
    // Every area's prefix, /settlement-api included.
    for (const prefix of ['/api', '/user-api', '/account-api', '/settlement-api', '/transaction-api', '/admin-api'])
      expect(isApiPath(`${prefix}/anything?x=1`), prefix).toBe(true);
    for (const page of ['/', '/program/settlement', '/apiary', '/settlement-apis/x', '/assets/app.js'])
      expect(isApiPath(page), page).toBe(false);
  });

  it('answers an unknown /settlement-api path with a JSON 404 and its answers with no-store', async () => {
    const admin = await makeUser(t.database.db, { roleId: ROLE.PLATFORM_ADMIN });
    const token = await t.signIn(admin.username);
    const unknown = await t.injectAs(token, { method: 'GET', url: '/settlement-api/no/such/thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/json');
    expect(unknown.json().message).toBe(MESSAGES.NOT_FOUND);
    const batches = await t.injectAs(token, { method: 'GET', url: '/settlement-api/batches' });
    expect(batches.statusCode).toBe(200);
    expect(batches.headers['cache-control']).toBe('no-store');
  });
});
