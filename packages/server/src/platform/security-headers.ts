import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiPath } from './api-paths.js';

/** One year, subdomains included: what browsers and preload lists expect of a site served only over HTTPS. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

type Directives = Record<string, string[] | null>;

/**
 * Security headers on every answer (architecture.md "Answers on the wire"): a strict Content-Security-Policy
 * for the web app (map tiles are the one outside source the product loads), nosniff, a Referrer-Policy, and
 * `Cache-Control: no-store` on API JSON so personal data is never kept by a shared cache or the back button.
 * Strict-Transport-Security only on answers to HTTPS requests (docs/security.md "Headers"): behind a
 * TLS-terminating proxy with TRUST_PROXY set, `request.protocol` is read from X-Forwarded-Proto.
 */
function helmetOptions(tileOrigins: string[], overrides: Directives = {}): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // Mantine injects CSS variables at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...tileOrigins],
        'connect-src': ["'self'"],
        'font-src': ["'self'", 'data:'],
        'object-src': ["'none'"],
        // The printable PAN card view shows the card PDF it fetched (with the session's token) as a blob: URL in an
        // iframe (resolution 7, decision 0036); no other frame source is allowed ('self' would serve nothing: every
        // page of the app answers frame-ancestors 'none').
        'frame-src': ['blob:'],
        // The app uses no <base> element: none may be injected to redirect its relative URLs.
        'base-uri': ["'none'"],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': null,
        ...overrides,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // DENY says what frame-ancestors 'none' says, for browsers that know only X-Frame-Options; helmet's default
    // SAMEORIGIN would contradict the CSP (same-origin framing allowed by one header, refused by the other).
    frameguard: { action: 'deny' },
    // Sent below, only over HTTPS: on plain HTTP (a laptop, the tests) the header means nothing and would pin a
    // development host name to HTTPS in the browser for a year.
    strictTransportSecurity: false,
  };
}

/**
 * The img-src origins a map tile URL template needs (MAP_TILE_URL): its scheme and host, with a `{s}` subdomain
 * placeholder as a wildcard. A relative URL (the tests' blank tile) is the app's own origin, already allowed.
 */
export function tileOrigins(tileUrl: string): string[] {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(tileUrl) && !tileUrl.startsWith('//')) return [];
  const match = /^(https?):\/\/([^/?#]+)/i.exec(tileUrl);
  const host = match?.[2]?.replace(/\{s\}/g, '*');
  // Anything else in the host would put arbitrary text in the policy: refuse it at start-up.
  if (!match || !host || !/^(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(host)) {
    throw new Error(`MAP_TILE_URL must be a relative path or an http(s) URL: ${tileUrl}`);
  }
  return [`${match[1]!.toLowerCase()}://${host.toLowerCase()}`];
}

/**
 * The headers helmet sets, computed once. Helmet's middleware rebuilds the policy text on every call (a few percent of
 * an authenticated read's CPU in bench/auth-read.ts); none of ours varies by request, so it runs once at start-up
 * against a recording response and each answer gets the recorded headers.
 */
export function securityHeaders(
  tileOrigins: string[] = ['https://tile.openstreetmap.org'],
  overrides: Directives = {},
): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = String(value);
      return recorder;
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  let failure: unknown;
  helmet(helmetOptions(tileOrigins, overrides))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (err?: unknown) => void (failure = err),
  );
  if (failure) throw failure;
  return headers;
}

/**
 * Sets the security headers on one answer: what the onRequest hook below does, and what answers made before it.
 * `protocol` is the request's (X-Forwarded-Proto behind a trusted proxy), for Strict-Transport-Security.
 */
export type SecurityHeaderWriter = (request: FastifyRequest, reply: FastifyReply, protocol?: string) => void;

/**
 * The one function that puts the security headers on an answer. The onRequest hook calls it for every request that
 * reaches routing (the not-found handler's answers included); Fastify's frameworkErrors (a URL that cannot be
 * decoded, platform/errors.ts) answer before any hook runs, so they call it themselves, and so does the error handler,
 * in case a hook before this one failed. Setting the same headers twice changes nothing.
 */
export function securityHeaderWriter(headers: Record<string, string> = securityHeaders()): SecurityHeaderWriter {
  return (request, reply, protocol = request.protocol) => {
    reply.headers(isApiAnswer(request.url) ? API_ANSWER_HEADERS : headers);
    if (protocol === 'https') reply.header('Strict-Transport-Security', HSTS_VALUE);
  };
}

/**
 * The headers of an API answer (JSON, and the CSV, XLSX and PDF files the app fetches with its token). An answer of
 * the API is data, never a page a browser renders with its scripts: its policy allows nothing at all (a JSON answer
 * opened in a tab can load no script, style or frame), it may not be framed or embedded by another origin, and it is
 * never stored. The page-only headers helmet adds for documents (Cross-Origin-Opener-Policy, Origin-Agent-Cluster,
 * X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection) say nothing about
 * a fetched answer: left off, an answer's headers are a third of the size, and every API call pays for them.
 */
export const API_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none';base-uri 'none';frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
};

/** The OpenAPI UI is under /api but is a page (with its own policy, below): it gets a document's headers. */
const isApiAnswer = (url: string) => isApiPath(url) && !/^\/api\/docs(?:[/?]|$)/.test(url);

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { tileOrigins?: string[]; writer?: SecurityHeaderWriter } = {},
): Promise<void> {
  const write = options.writer ?? securityHeaderWriter(securityHeaders(options.tileOrigins));
  // A callback hook, not an async one: nothing here waits, and every request runs it (no promise a request).
  app.addHook('onRequest', (request, reply, done) => {
    write(request, reply);
    done();
  });
}

/**
 * The one style element the OpenAPI UI inserts: the Swagger logo's SVG carries its own <style> (in @fastify/swagger-ui's
 * static/swagger-ui-standalone-preset.js; the plugin then swaps that logo for its own). Allowed by its hash, not by
 * 'unsafe-inline'; security-headers.test.ts checks that the shipped file holds exactly this text and no other.
 */
export const DOCS_INLINE_STYLES = ['.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}'];

const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The OpenAPI UI's policy (/api/docs, its static files and /api/docs/json): the app's, with only what the page
 * loads. @fastify/swagger-ui serves its scripts and style sheets from /api/docs/static ('self'), has no inline
 * script, one inline style element (above), shows the plugin's logo as a data: image and fetches the document from
 * /api/docs/json ('self'). It frames nothing and needs no map tiles. The plugin's own policy (its `staticCSP: true`)
 * allowed style sheets from any https: origin, images from validator.swagger.io and framing by the same origin,
 * contradicting X-Frame-Options: DENY.
 */
const DOCS_DIRECTIVES: Directives = {
  'script-src': ["'self'"],
  'style-src': ["'self'", ...DOCS_INLINE_STYLES.map(sha256Source)],
  'img-src': ["'self'", 'data:'],
  'frame-src': ["'none'"],
};

/**
 * Gives the answers of one scope (the OpenAPI UI's) the docs policy and `Cache-Control: no-store`, after the plugin
 * and @fastify/static have set theirs. The other headers are the app's own, from the onRequest hook.
 */
export function registerDocsSecurityHeaders(scope: FastifyInstance): void {
  const csp = securityHeaders([], DOCS_DIRECTIVES)['Content-Security-Policy']!;
  scope.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('Content-Security-Policy', csp);
    reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
