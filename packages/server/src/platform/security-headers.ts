import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './web.js';

/**
 * Security headers on every answer (architecture.md "Answers on the wire"): a strict Content-Security-Policy
 * for the web app (map tiles are the one outside source the product loads), nosniff, a Referrer-Policy, and
 * `Cache-Control: no-store` on API JSON so personal data is never kept by a shared cache or the back button.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { tileOrigins?: string[] } = {},
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // Mantine injects CSS variables at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...(options.tileOrigins ?? ['https://*.tile.openstreetmap.org'])],
        'connect-src': ["'self'"],
        'font-src': ["'self'", 'data:'],
        'object-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: false, // set by the TLS-terminating proxy in production, where the scheme is known
  });
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url)) reply.header('Cache-Control', 'no-store');
  });
}
