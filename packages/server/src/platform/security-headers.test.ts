import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app.js';
import { DOCS_INLINE_STYLES, HSTS_VALUE } from './security-headers.js';

// The app reads TRUST_PROXY when it is built: set it before useTestApp's beforeAll runs, restore it after.
const trustProxyBefore = process.env.TRUST_PROXY;
beforeAll(() => {
  process.env.TRUST_PROXY = 'true';
});
const t = useTestApp();
afterAll(() => {
  if (trustProxyBefore === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = trustProxyBefore;
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('security headers', () => {
  it('sends Strict-Transport-Security when the proxy says the request came over HTTPS', async () => {
    for (const url of ['/healthz', '/api/authenticate', '/no-such-page']) {
      const res = await get(url, { 'x-forwarded-proto': 'https' });
      expect(res.headers['strict-transport-security'], url).toBe(HSTS_VALUE);
    }
    expect(HSTS_VALUE).toBe('max-age=31536000; includeSubDomains');
  });

  it('sends no Strict-Transport-Security over plain HTTP', async () => {
    expect((await get('/healthz')).headers).not.toHaveProperty('strict-transport-security');
    expect((await get('/healthz', { 'x-forwarded-proto': 'http' })).headers).not.toHaveProperty(
      'strict-transport-security',
    );
  });

  it("forbids <base> and framing, with an X-Frame-Options that agrees with frame-ancestors 'none'", async () => {
    for (const url of ['/healthz', '/login', '/user-api/user/current']) {
      const res = await get(url);
      const csp = res.headers['content-security-policy'] as string;
      expect(csp, url).toContain("base-uri 'none'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain("base-uri 'self'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
    // Only the card view's blob: PDF may be framed: the app's own pages refuse framing anyway.
    expect(((await get('/login')).headers['content-security-policy'] as string).split(';')).toContain(
      'frame-src blob:',
    );
  });

  it('gives API answers a policy that allows nothing, no-store, and none of the page-only headers', async () => {
    for (const url of ['/healthz', '/user-api/user/current', '/account-api/no-such-thing', '/api/authenticate']) {
      const res = await get(url);
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none';base-uri 'none';frame-ancestors 'none'",
      );
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      for (const pageOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection']) {
        expect(res.headers, url).not.toHaveProperty(pageOnly);
      }
    }
    // A page keeps the document's headers.
    const page = await get('/login');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('the OpenAPI UI at /api/docs', () => {
  // Its own policy: everything from 'self' (and its logo as a data: image), nothing from another origin, no framing.
  const DOCS_CSP = [
    "default-src 'self'",
    "base-uri 'none'",
    "font-src 'self' data:",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "img-src 'self' data:",
    "object-src 'none'",
    "script-src 'self'",
    "script-src-attr 'none'",
    // The Swagger logo's one <style> element, by its hash (security-headers.ts DOCS_INLINE_STYLES).
    "style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
    "connect-src 'self'",
    "frame-src 'none'",
  ];

  it.each([
    ['/api/docs', 'text/html'],
    ['/api/docs/', 'text/html'],
    ['/api/docs/json', 'application/json'],
    ['/api/docs/static/swagger-ui-bundle.js', 'application/javascript'],
    ['/api/docs/static/swagger-initializer.js', 'application/javascript'],
    ['/api/docs/static/swagger-ui.css', 'text/css'],
    ['/api/docs/static/index.css', 'text/css'],
    ['/api/docs/static/favicon-32x32.png', 'image/png'],
  ])('%s carries the security headers and a policy of its own', async (url, type) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(type);
    expect((res.headers['content-security-policy'] as string).split(';').sort()).toEqual([...DOCS_CSP].sort());
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers).not.toHaveProperty('strict-transport-security');
    expect((await get(url, { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe(HSTS_VALUE);
  });

  it('loads nothing the policy refuses: no inline script or style, nothing from another origin', async () => {
    const html = (await get('/api/docs')).body;
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/i);
    expect(html).not.toMatch(/<style[\s>]|\sstyle=/i);
    expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//i);
  });

  it("allows by hash exactly the style elements the UI's scripts insert", () => {
    const staticDir = path.join(path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui')), 'static');
    const inserted = ['swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js'].flatMap((file) =>
      [...readFileSync(path.join(staticDir, file), 'utf8').matchAll(/createElement\("style",null,"([^"]*)"\)/g)].map(
        (match) => match[1],
      ),
    );
    expect(inserted).toEqual(DOCS_INLINE_STYLES);
  });
});

describe("Fastify's own answers", () => {
  it('carry the headers too, Strict-Transport-Security included, when no hook has run', async () => {
    const res = await get('/user-api/forgot-password/%E0%A4%A', { 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBe(HSTS_VALUE);
  });
});
