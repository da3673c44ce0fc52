import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app.js';
import { MERCHANT_MANIFEST } from './web.js';

// The farmers' portal installs as an app of its own: its pages link the farmers' manifest, every other page the
// recipients' one. A tiny dist stands in for packages/web/dist; the manifest itself is the web app's public file.
const webDist = mkdtempSync(path.join(os.tmpdir(), 'ebt-web-manifest-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest"></head><body></body></html>',
);

const manifestLink = (html: string) => /<link rel="manifest" href="([^"]+)">/.exec(html)?.[1];

describe('the app a page installs as', () => {
  const t = useTestApp({ WEB_DIST_DIR: webDist });

  it("is the farmers' app on /merchant pages and the recipients' app elsewhere", async () => {
    for (const url of ['/merchant', '/merchant/', '/merchant/sell?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(manifestLink(res.body), url).toBe(MERCHANT_MANIFEST);
    }
    for (const url of ['/', '/recipient', '/login', '/merchantlocator', '/program/merchants']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(manifestLink(res.body), url).toBe('/manifest.webmanifest');
    }
  });

  it("names the farmers' app, its start page and icons that exist", () => {
    const publicDir = fileURLToPath(new URL('../../../web/public/', import.meta.url));
    const manifest = JSON.parse(readFileSync(path.join(publicDir, MERCHANT_MANIFEST), 'utf8')) as {
      name: string;
      start_url: string;
      scope: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest.start_url).toBe('/merchant');
    expect(manifest.scope).toBe('/merchant');
    expect(manifest.name).not.toBe('MarketLink');
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) expect(() => readFileSync(path.join(publicDir, icon.src))).not.toThrow();
  });
});
