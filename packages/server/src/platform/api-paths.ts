// Which URLs are the API's: the web app's fallback, the request log, compression and the security headers all ask.
// A leaf module (no imports) so that asking never pulls in the web app's plugin and its imports.

/**
 * The API's paths: `/api` and every `/<area>-api` (the specification's prefixes, `/user-api` to `/settlement-api`), by
 * their shape rather than a list, so an area's new prefix is the API's from its first route (a list once missed
 * `/settlement-api`: its answers went out without no-store or compression, and an unknown path under it answered the
 * web app). An unknown path under them is a JSON 404, never the web app. api-paths.test.ts holds every registered route
 * to it.
 */
const API_PATH = /^\/(?:api|[a-z]+(?:-[a-z]+)*-api)(?:\/|$)/;

/** The health (liveness) and readiness checks: the API's too, outside any prefix, and open to anyone. */
const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

export const isHealthPath = (url: string) => HEALTH_PATHS.has(url.split('?')[0] ?? '');

export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return HEALTH_PATHS.has(pathname) || API_PATH.test(pathname);
}
