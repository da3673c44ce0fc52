// Which URLs are the API's: the web app's fallback, the request log, compression and the security headers all ask.
// A leaf module (no imports) so that asking never pulls in the web app's plugin and its imports.

/** Path prefixes of the API: an unknown path under them is a JSON 404, never the web app. */
const API_PREFIXES = [
  '/api',
  '/user-api',
  '/account-api',
  '/benefit-api',
  '/transaction-api',
  '/merchant-api',
  '/admin-api',
];

export const isHealthPath = (url: string) => url.split('?')[0] === '/healthz';

export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return (
    pathname === '/healthz' || API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
  );
}
