import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { useTestApp } from '../testing/app.js';
import { makeProgram, makeRecipient, makeUser } from '../testing/factories.js';
import { pickEncoding, registerCompression } from './compression.js';

// The built web app is sent as the build compressed it (web.ts: its scripts and styles from memory, other files with
// @fastify/static's preCompressed), cached for a year when its name is hashed; API JSON of 1 KB or more is compressed when the client asks (compression.ts). A tiny dist stands in for
// packages/web/dist, with the .br and .gz files packages/web/build/precompress.ts writes.
const SCRIPT = 'export const greeting = "hello from a hashed asset";\n'.repeat(100);
const webDist = mkdtempSync(path.join(os.tmpdir(), 'ebt-web-compressed-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>MarketLink</title><div id="root"></div>');
// The recipient home's page: index.html with preloads of the home's chunks (packages/web/build/screen-html.ts).
const HOME_PRELOAD = '<link rel="modulepreload" crossorigin href="/assets/home-abc123.js">';
writeFileSync(
  path.join(webDist, 'recipient-home.html'),
  `<!doctype html><head><title>MarketLink</title>${HOME_PRELOAD}</head><div id="root"></div>`,
);
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), SCRIPT);
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));

const t = useTestApp({ WEB_DIST_DIR: webDist });

const IMMUTABLE = 'public, max-age=31536000, immutable';
const getAsset = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/assets/app-abc123.js',
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('built web app files', () => {
  it('sends the brotli file of a hashed asset to a browser that accepts br, cached as immutable', async () => {
    const res = await getAsset('gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip file to a client that accepts only gzip', async () => {
    const res = await getAsset('gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('takes a q=0 in Accept-Encoding as a refusal of that encoding', async () => {
    const res = await getAsset('br;q=0, gzip;q=0.8');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends a hashed asset with the security headers of every answer, and its headers alone to HEAD', async () => {
    const res = await getAsset('br');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['cache-control']).toBe(IMMUTABLE);
    expect(head.body).toBe('');
  });

  it("answers an unknown asset name with the app's not-found screen, as before", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing-abc123.js' });
    expect(res.headers['cache-control']).not.toBe(IMMUTABLE);
  });

  it('sends the file as it is to a client that asks for no encoding', async () => {
    const res = await getAsset();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body).toBe(SCRIPT);
  });

  it('answers a screen path with index.html, revalidated on every load (no-cache) and not compressed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/recipient/home',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain('<div id="root">');
  });

  it('answers the recipient home with its page of preloads, and every other screen without them', async () => {
    for (const url of ['/recipient', '/recipient/', '/recipient/home', '/recipient/home?from=login']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body, url).toContain(HOME_PRELOAD);
      expect(res.body, url).toContain('<meta name="portal-time-zone"');
    }
    for (const url of ['/login', '/recipient/transactions', '/recipient/homework', '/program/home']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).not.toContain(HOME_PRELOAD);
    }
    // Only at its paths, like index.html: a request for the file by name gets the app's not-found screen.
    const byName = await t.app.inject({ method: 'GET', url: '/recipient-home.html' });
    expect(byName.body).not.toContain(HOME_PRELOAD);
  });

  it('sends index.html asked for by name with no-cache too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/index.html', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('API answers', () => {
  let adminToken: string | undefined;
  /** A platform admin's search over eight recipients: a JSON answer well over 1 KB. */
  const search = async (headers: Record<string, string>, url = '/account-api/account?lastname=compress') => {
    if (!adminToken) {
      const { db } = t.database;
      const program = await makeProgram(db);
      for (let i = 0; i < 8; i++) await makeRecipient(db, { program, lastName: `Compressible${i}` });
      adminToken = await t.signIn((await makeUser(db, { roleId: ROLE.PLATFORM_ADMIN })).username);
    }
    return t.injectAs(adminToken, { method: 'GET', url, headers });
  };

  it('compresses JSON of 1 KB or more with brotli when the client accepts it', async () => {
    const plain = await search({});
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);

    const res = await search({ 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json());
  });

  it('compresses with gzip for a client that accepts only gzip', async () => {
    const res = await search({ 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual((await search({})).json());
  });

  it('sends plain JSON when the client asks for no encoding (app.inject, curl)', async () => {
    const res = await search({});
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveProperty('totalCount', 8);
  });

  it('leaves an answer under 1 KB plain', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('streams a CSV export compressed when asked, the same file once decoded', async () => {
    const exportUrl = '/account-api/account/export?lastname=compress';
    const plain = await search({}, exportUrl);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const res = await search({ 'accept-encoding': 'gzip' }, exportUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="recipients-\d{8}\.csv"$/);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(plain.body);
  });

  it('streams an XLSX export as it is: a ZIP compresses no further', async () => {
    const res = await search(
      { 'accept-encoding': 'gzip, br' },
      '/account-api/account/export?lastname=compress&exportType=xlsx',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('the compression step (an app of its own)', () => {
  const bigRows = Array.from({ length: 3_000 }, (_, i) => ({ id: i, name: `Recipient ${i}`, city: 'Springfield' }));
  const appWith = async () => {
    const app = Fastify({ logger: false });
    registerCompression(app);
    app.get('/api/big', async () => ({ rows: bigRows }));
    app.get('/api/text', async (_request, reply) => reply.type('text/plain').send('x'.repeat(5_000)));
    app.get('/api/vary', async (_request, reply) => reply.header('Vary', 'Origin').send({ text: 'y'.repeat(5_000) }));
    app.get('/api/broken-export', async (_request, reply) => {
      const source = new Readable({ read() {} });
      source.push('id,name\n');
      setTimeout(() => source.destroy(new Error('the export failed')), 5);
      return reply.type('text/csv; charset=utf-8').send(source);
    });
    app.get('/page', async () => ({ text: 'z'.repeat(5_000) }));
    await app.ready();
    return app;
  };

  it('picks brotli, else gzip, honouring q=0 and *', () => {
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pickEncoding('br;q=0.0, gzip;q=0')).toBeUndefined();
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('br;q=0, *')).toBe('gzip');
    expect(pickEncoding('*;q=0')).toBeUndefined();
    expect(pickEncoding('GZIP')).toBe('gzip');
  });

  it('compresses an answer over 64 KB off the event loop, the same JSON once decoded', async () => {
    const app = await appWith();
    const plain = await app.inject({ url: '/api/big' });
    expect(plain.body.length).toBeGreaterThan(64 * 1024);
    for (const [accept, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await app.inject({ url: '/api/big', headers: { 'accept-encoding': accept } });
      expect(res.headers['content-encoding']).toBe(accept);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(JSON.parse(decode(res.rawPayload).toString())).toEqual({ rows: bigRows });
    }
    await app.close();
  });

  it('leaves types other than JSON and CSV, and routes outside the API, as they are; adds to a Vary it finds', async () => {
    const app = await appWith();
    const headers = { 'accept-encoding': 'br' };
    expect((await app.inject({ url: '/api/text', headers })).headers['content-encoding']).toBeUndefined();
    expect((await app.inject({ url: '/page', headers })).headers['content-encoding']).toBeUndefined();
    const vary = await app.inject({ url: '/api/vary', headers });
    expect(vary.headers['content-encoding']).toBe('br');
    expect(vary.headers.vary).toBe('Origin, Accept-Encoding');
    await app.close();
  });

  it('ends a compressed stream whose source fails, and the server goes on answering', async () => {
    const app = await appWith();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const failed = await fetch(`http://127.0.0.1:${port}/api/broken-export`, {
      headers: { 'accept-encoding': 'gzip' },
    }).then(
      (res) =>
        res.text().then(
          () => false,
          () => true,
        ),
      () => true,
    );
    expect(failed).toBe(true);
    const next = await fetch(`http://127.0.0.1:${port}/api/big`, { headers: { 'accept-encoding': 'gzip' } });
    expect(next.status).toBe(200);
    expect(((await next.json()) as { rows: unknown[] }).rows).toHaveLength(bigRows.length);
    await app.close();
  });
});
