import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PRIVILEGE } from '@ebt/core/privileges';
import { AppError } from './errors.js';
import { registerPublicPlugin } from './access.js';
import { pickEncoding } from './compression.js';
import { isApiPath, isHealthPath } from './api-paths.js';

/** The meta element that tells the web app its map tile URL (packages/web/src/lib/map-settings.ts reads it). */
export const MAP_TILE_META = 'map-tile-url';
/** The meta element that tells the web app the portal's time zone (packages/web/src/lib/time-zone.ts reads it). */
export const TIME_ZONE_META = 'portal-time-zone';

/** What index.html carries for the web app (see withRuntimeSettings). */
export interface RuntimeSettings {
  mapTileUrl: string;
  /** DEFAULT_TIME_ZONE: the zone 'today' is judged in where no program's zone applies, the same on both sides. */
  timeZone?: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const escapeAttribute = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * index.html with the settings the web app needs before its first request: the map tile URL and the portal's time
 * zone ride in meta elements, so neither costs a call. The values come from the environment, so they are escaped like
 * any attribute text.
 */
export function withRuntimeSettings(html: string, settings: RuntimeSettings): string {
  let meta = `<meta name="${MAP_TILE_META}" content="${escapeAttribute(settings.mapTileUrl)}" />`;
  if (settings.timeZone) meta += `<meta name="${TIME_ZONE_META}" content="${escapeAttribute(settings.timeZone)}" />`;
  return html.includes('</head>') ? html.replace('</head>', `${meta}</head>`) : meta + html;
}

/**
 * Pages the web build writes beside index.html for one screen (packages/web/build/screen-html.ts): the same page with
 * preloads of the screen's lazily loaded code, sent for the screen's paths only. The recipient home's: its chunks
 * load beside the start-up code instead of after it has run (decision 0081); /login and the rest load none of them.
 */
const SCREEN_PAGES = [
  { file: 'recipient-home.html', paths: new Set(['/recipient', '/recipient/', '/recipient/home']) },
];

/** The farmers' portal, installed as an app of its own (docs/farmer-app.md). */
const MERCHANT_PORTAL = /^\/merchant(\/|$)/;
/** The recipients' app manifest the build links (vite-plugin-pwa), and the farmers' one beside it (web public/). */
const RECIPIENT_MANIFEST = 'href="/manifest.webmanifest"';
export const MERCHANT_MANIFEST = '/merchant.webmanifest';

/**
 * The page for the farmers' portal: the same app with the farmers' manifest, so that a phone installs it under its own
 * name, icon and start page (/merchant), beside the recipients' app (/recipient); the service worker is the same.
 */
export function forMerchantPortal(html: string): string {
  return html.replace(RECIPIENT_MANIFEST, `href="${MERCHANT_MANIFEST}"`);
}

/** A built script or stylesheet, as the build wrote it: the file and its brotli and gzip forms (precompress.ts). */
interface BuiltAsset {
  type: string;
  plain: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** The assets kept in memory: the app's scripts and styles, each named by a hash of its content. */
const MEMORY_ASSET = /^\/assets\/[\w.-]+\.(js|css)$/;
const ASSET_TYPES: Record<string, string> = {
  js: 'application/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

/**
 * The app's hashed scripts and styles, read once from disk and then answered from memory: a file's name changes with
 * its content, so what was read stays right until the next build (a restart). The page's first requests are these
 * files; from disk each took several turns of the event loop (stat, open, read), and the API reads the page starts
 * at the same time (lib/early-fetch.ts in the web app) ran their queries in between, on PGlite in this very process:
 * Lighthouse measured 60-90 ms before the first byte of each (decision 0105). Unknown names are left to
 * @fastify/static, which answers them as before.
 */
function builtAssets(distDir: string): (pathname: string) => BuiltAsset | undefined {
  const cache = new Map<string, BuiltAsset | null>();
  const read = (file: string) => (existsSync(file) ? readFileSync(file) : undefined);
  return (pathname) => {
    const match = MEMORY_ASSET.exec(pathname);
    if (!match) return undefined;
    let asset = cache.get(pathname);
    if (asset === undefined) {
      const file = path.join(distDir, pathname);
      const plain = read(file);
      asset = plain ? { type: ASSET_TYPES[match[1]!]!, plain, br: read(`${file}.br`), gzip: read(`${file}.gz`) } : null;
      cache.set(pathname, asset);
    }
    return asset ?? undefined;
  };
}

/**
 * Serves the built web app (packages/web/dist) with the SPA fallback: any unknown non-API GET answers index.html
 * so the client router can show the screen (or its own 'Page not found.'); unknown API paths answer a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string, settings: RuntimeSettings): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  // index.html is a few hundred bytes and changes only with a new build (a restart): keep it in memory, settings in.
  const indexHtml = hasWebApp ? withRuntimeSettings(readFileSync(indexFile, 'utf8'), settings) : undefined;
  const screenPages = SCREEN_PAGES.filter((page) => existsSync(path.join(distDir, page.file))).map((page) => ({
    paths: page.paths,
    html: withRuntimeSettings(readFileSync(path.join(distDir, page.file), 'utf8'), settings),
  }));
  const merchantHtml = indexHtml && forMerchantPortal(indexHtml);
  const htmlFor = (url: string) => {
    const pathname = url.split('?', 1)[0]!;
    if (MERCHANT_PORTAL.test(pathname)) return merchantHtml;
    return screenPages.find((page) => page.paths.has(pathname))?.html ?? indexHtml;
  };
  if (hasWebApp) {
    const assetFor = builtAssets(distDir);
    await registerPublicPlugin(app, async (scope) => {
      // Before @fastify/static's routes, in the same scope: the security headers are already set (an app hook).
      scope.addHook('onRequest', async (request, reply) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') return;
        const asset = assetFor(request.url.split('?', 1)[0]!);
        if (!asset) return;
        const encoding = pickEncoding(request.headers['accept-encoding']);
        const body = (encoding && asset[encoding]) ?? asset.plain;
        if (body !== asset.plain) reply.header('Content-Encoding', encoding);
        return reply
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('Vary', 'Accept-Encoding')
          .type(asset.type)
          .send(body);
      });
      await scope.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        // /index.html (and its .br and .gz) is answered below, with the settings in; the file on disk has none.
        // So are the screens' pages, at their screens' paths.
        allowedPath: (pathname) =>
          !pathname.startsWith('/index.html') && !SCREEN_PAGES.some((page) => pathname.startsWith(`/${page.file}`)),
        cacheControl: false, // set below: immutable for hashed assets only
        // The build writes x.br and x.gz beside each text file (packages/web/build/precompress.ts); the one the
        // browser accepts is sent with its Content-Encoding, compressed once at build time instead of per request.
        preCompressed: true,
        // Hashed asset names never change content: cache them for a year. index.html is sent below, uncached.
        // filePath is the file actually sent (x.js.br for x.js), in the same folder.
        setHeaders: (res, filePath) => {
          res.setHeader(
            'Cache-Control',
            filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
          // The same URL answers br, gzip or plain bytes: a shared cache must key on what the browser accepts.
          res.setHeader('Vary', 'Accept-Encoding');
        },
      });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (!indexHtml || isApiPath(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      // An unknown API path answers like a known one would: 401 without a session, and 403 for an admin path to
      // anyone but a platform admin, so no one learns which paths exist.
      const api = isApiPath(request.url) && !isHealthPath(request.url);
      const error = !api
        ? AppError.notFound()
        : !request.caller
          ? AppError.unauthorized(request.sessionProblem)
          : request.url.startsWith('/admin-api/') && !request.caller.privileges.has(PRIVILEGE.NDGADMIN_ACCESS)
            ? AppError.forbidden()
            : AppError.notFound();
      return reply.status(error.status).send(error.toBody());
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(htmlFor(request.url));
  });
}
