import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PRIVILEGE } from '@ebt/core/privileges';
import { AppError } from './errors.js';
import { registerPublicPlugin } from './access.js';
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
  const htmlFor = (url: string) => {
    const pathname = url.split('?', 1)[0]!;
    return screenPages.find((page) => page.paths.has(pathname))?.html ?? indexHtml;
  };
  if (hasWebApp) {
    await registerPublicPlugin(app, async (scope) => {
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
