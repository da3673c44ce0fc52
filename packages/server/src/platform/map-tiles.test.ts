import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_TILE_URL } from '../config.js';
import { useTestApp } from '../testing/app.js';
import { tileOrigins } from './security-headers.js';
import { MAP_TILE_META, TIME_ZONE_META, withRuntimeSettings } from './web.js';

// MAP_TILE_URL reaches the web app inside index.html (web.ts) and the browser may load tiles only from its origin
// (the CSP's img-src). A tiny dist stands in for packages/web/dist.
const webDist = mkdtempSync(path.join(os.tmpdir(), 'ebt-web-tiles-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><title>MarketLink</title></head><body><div id="root"></div></body></html>',
);

const imgSrc = (csp: string) =>
  csp
    .split(';')
    .find((d) => d.trim().startsWith('img-src'))!
    .trim();
const metaContent = (html: string) => new RegExp(`<meta name="${MAP_TILE_META}" content="([^"]*)" />`).exec(html)?.[1];

describe('an outside tile server', () => {
  const t = useTestApp({
    WEB_DIST_DIR: webDist,
    MAP_TILE_URL: 'https://{s}.tiles.example.org/osm/{z}/{x}/{y}.png?k=a&b="c"',
  });

  it('is named in index.html, escaped, on every path the web app answers', async () => {
    for (const url of ['/', '/program/merchantlocator', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(metaContent(res.body), url).toBe(
        'https://{s}.tiles.example.org/osm/{z}/{x}/{y}.png?k=a&amp;b=&quot;c&quot;',
      );
      expect(res.body.indexOf(MAP_TILE_META), url).toBeLessThan(res.body.indexOf('</head>'));
    }
  });

  it('is the one outside origin images may come from', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(imgSrc(res.headers['content-security-policy'] as string)).toBe(
      "img-src 'self' data: blob: https://*.tiles.example.org",
    );
    // An API answer is no page: its policy allows no image at all.
    const api = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(api.headers['content-security-policy']).toContain("default-src 'none'");
  });
});

describe('the blank tile the tests use', () => {
  const t = useTestApp({ WEB_DIST_DIR: webDist, MAP_TILE_URL: '/map/blank-tile.png' });

  it('is named in index.html and adds no origin to the policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/recipient/merchantlocator' });
    expect(metaContent(res.body)).toBe('/map/blank-tile.png');
    expect(imgSrc(res.headers['content-security-policy'] as string)).toBe("img-src 'self' data: blob:");
  });
});

describe('tileOrigins', () => {
  it('answers the origin of the default, of a subdomain template, and nothing for a path', () => {
    expect(tileOrigins(DEFAULT_MAP_TILE_URL)).toEqual(['https://tile.openstreetmap.org']);
    expect(tileOrigins('https://{s}.tile.example.com:8443/{z}/{x}/{y}.png')).toEqual([
      'https://*.tile.example.com:8443',
    ]);
    expect(tileOrigins('/map/blank-tile.png')).toEqual([]);
  });

  it('refuses a URL that would put other text in the policy', () => {
    expect(() => tileOrigins("https://a.example; script-src 'unsafe-inline'/{z}")).toThrow(/MAP_TILE_URL/);
    expect(() => tileOrigins('javascript:alert(1)')).toThrow(/MAP_TILE_URL/);
  });

  it('tells the web app the portal time zone, escaped', () => {
    expect(withRuntimeSettings('<head></head>', { mapTileUrl: '/t.png', timeZone: 'America/Chicago' })).toBe(
      `<head><meta name="${MAP_TILE_META}" content="/t.png" /><meta name="${TIME_ZONE_META}" content="America/Chicago" /></head>`,
    );
  });

  it('escapes the meta value so it cannot close the attribute', () => {
    expect(withRuntimeSettings('<head></head>', { mapTileUrl: '"><script>x</script>' })).toBe(
      `<head><meta name="${MAP_TILE_META}" content="&quot;&gt;&lt;script&gt;x&lt;/script&gt;" /></head>`,
    );
  });
});
