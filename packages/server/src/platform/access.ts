import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@ebt/core/messages';
import { POS_MESSAGES } from '@ebt/core/pos';
import { type Access, PUBLIC } from '@ebt/core/contract';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/**
 * The one hook that enforces `config.access`. It runs after the session hook has resolved `request.caller`.
 * A route without a declaration is refused (fail closed); the route-walker test keeps that from ever shipping.
 */
export function enforceAccess(request: FastifyRequest): void {
  const access = request.routeOptions.config.access;
  if (!access) {
    // Unknown paths reach the not-found handler with no route config: let it answer 404.
    if (request.is404) return;
    request.log.error({ url: request.routeOptions.url }, 'route declares no access rule');
    throw AppError.forbidden();
  }
  if (access.kind === 'public') return;
  if (access.kind === 'terminal') {
    if (!/^Basic\s/i.test(request.headers.authorization ?? '')) throw AppError.unauthorized(POS_MESSAGES.CREDENTIALS);
    return;
  }
  if (!request.caller) throw AppError.unauthorized(request.sessionProblem ?? MESSAGES.SESSION_REQUIRED);
  if (access.kind === 'privileges' && !access.anyOf.some((code) => request.caller!.privileges.has(code))) {
    throw AppError.forbidden();
  }
}

/**
 * Marks every route registered inside `plugin` as public. For routes that third-party plugins register
 * (static files of the web app, the OpenAPI UI), which cannot carry our config themselves.
 */
export async function registerPublicPlugin(
  app: FastifyInstance,
  plugin: (scope: FastifyInstance) => Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), access: PUBLIC };
    });
    await plugin(scope);
  });
}
