import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app.js';
import { HSTS_VALUE } from './security-headers.js';

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
      // Only the card view's blob: PDF may be framed: the app's own pages refuse framing anyway.
      expect(csp.split(';'), url).toContain('frame-src blob:');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });
});
