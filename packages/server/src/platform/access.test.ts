import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { useTestApp } from '../testing/app.js';
import { makeUser } from '../testing/factories.js';

// A tiny built web app, to prove the SPA fallback without building the real one.
const webDist = mkdtempSync(path.join(os.tmpdir(), 'ebt-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>MarketLink</title><div id="root"></div>');
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');

const t = useTestApp({ WEB_DIST_DIR: webDist });

/** Paths with parameters filled so the walker can call every route. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');

describe('access control', () => {
  it('every registered route declares who may call it', () => {
    const undeclared = t.app.registeredRoutes.filter((r) => !r.access).map((r) => `${String(r.method)} ${r.url}`);
    expect(undeclared).toEqual([]);
    expect(t.app.registeredRoutes.length).toBeGreaterThan(5);
  });

  it('every non-public API route answers 401 without a token', async () => {
    const guarded = t.app.registeredRoutes.filter((r) => (r.access as { kind: string }).kind !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      for (const method of [route.method].flat().filter((m) => m !== 'HEAD')) {
        const res = await t.app.inject({ method: method as 'GET', url: concrete(route.url) });
        expect({ route: `${method} ${route.url}`, status: res.statusCode }).toEqual({
          route: `${method} ${route.url}`,
          status: 401,
        });
      }
    }
  });

  it("answers 403 with the specification's message to a recipient on an /admin-api path", async () => {
    const recipient = await makeUser(t.database.db, { roleId: ROLE.RECIPIENT });
    const token = await t.signIn(recipient.username);
    // A path that exists and one that does not answer alike: the admin area is closed, whatever the path.
    for (const url of ['/admin-api/outbox', '/admin-api/programs', '/admin-api/no-such-thing']) {
      const res = await t.injectAs(token, { method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({
        status: 403,
        message: MESSAGES.PRIVILEGE_ERROR,
        errorMessages: [{ appErrorMessage: MESSAGES.PRIVILEGE_ERROR }],
      });
    }
  });

  it('answers a platform administrator on an unknown /admin-api path with a JSON 404', async () => {
    const admin = await makeUser(t.database.db, { roleId: ROLE.PLATFORM_ADMIN });
    const token = await t.signIn(admin.username);
    const res = await t.injectAs(token, { method: 'GET', url: '/admin-api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.NOT_FOUND);
  });

  it('lets a platform administrator read the outbox, newest first', async () => {
    const admin = await makeUser(t.database.db, { roleId: ROLE.PLATFORM_ADMIN });
    const token = await t.signIn(admin.username);
    const res = await t.injectAs(token, { method: 'GET', url: '/admin-api/outbox' });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
  });
});

describe('serving', () => {
  it('answers /healthz with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  it('answers unknown API paths with a JSON 404 and unknown app paths with the web app', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/benefit-api/no/such/thing' });
    expect(anonymous.statusCode).toBe(401);
    const admin = await makeUser(t.database.db, { roleId: ROLE.PLATFORM_ADMIN });
    const api = await t.injectAs(await t.signIn(admin.username), { method: 'GET', url: '/benefit-api/no/such/thing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe(MESSAGES.NOT_FOUND);
    const page = await t.app.inject({ method: 'GET', url: '/program/recipients?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sends security headers on pages and no-store on API answers', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const api = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(api.headers['cache-control']).toBe('no-store');
  });

  it('describes every API route in the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/authenticate',
        '/api/logout',
        '/user-api/user/current',
        '/admin-api/outbox',
        '/healthz',
      ]),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBeLessThan(400);
  });
});
