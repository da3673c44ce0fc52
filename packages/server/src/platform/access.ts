import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@ebt/core/messages';
import { POS_MESSAGES } from '@ebt/core/pos';
import { type PrivilegeCode, STAFF_PRIVILEGES } from '@ebt/core/privileges';
import { AppError } from './errors.js';

/**
 * Who may call a route, declared next to its path as `config: { access }` (architecture.md "Access").
 * - public: anyone, signed in or not (sign-in, recovery, the online application, health, docs, the web app);
 * - authenticated: any signed-in user (their own account and profile);
 * - privileges: a signed-in user holding at least one of the listed privileges;
 * - terminal: a merchant's point-of-sale terminal with HTTP Basic credentials (the transaction engine, decision
 *   0042). A request without Basic credentials is refused here; the engine's first statement checks the secret and
 *   answers 401 for an unknown, revoked or wrong one. No user session opens these routes.
 * Data scope (which programs, agencies or account) is applied by the services from `ctx.caller`.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'privileges'; anyOf: readonly PrivilegeCode[] }
  | { kind: 'terminal' };

export const PUBLIC: Access = { kind: 'public' };
export const AUTHENTICATED: Access = { kind: 'authenticated' };
export function privileges(...anyOf: PrivilegeCode[]): Access {
  if (anyOf.length === 0) throw new Error('privileges() needs at least one privilege code');
  return { kind: 'privileges', anyOf };
}
export const TERMINAL: Access = { kind: 'terminal' };
/** Program-side staff and platform administrators. */
export const STAFF: Access = privileges(...STAFF_PRIVILEGES);

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
