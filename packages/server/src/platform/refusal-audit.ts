import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { recordAudit } from './audit.js';
import { UserOutOfReach } from './user-scope.js';

export const ACCESS_DENIED_ACTION = 'access-denied';
/** A change refused because the caller does not hold the target user wholly (platform/user-scope.ts). */
export const OUT_OF_REACH_ACTION = 'out-of-reach';

declare module 'fastify' {
  interface FastifyRequest {
    /** The user a change was refused on for being partly outside the caller's scope, kept for the audit row. */
    outOfReachUser?: string;
  }
}

/**
 * Records every 403 in the audit log, and every change refused on a user the caller holds only in part (404): who was refused (the caller, when signed in), which route (its pattern, never
 * the filled-in path or the query string, which may carry personal data) and the method and address (docs/security.md
 * "Audit"). Repeated refusals are how probing by a signed-in account shows up.
 *
 * An onResponse hook runs after the answer has been sent, so the write neither slows the refusal nor can change it;
 * a failed write is logged, never thrown. A callback hook: the other answers (all but 403) pass it without a promise.
 */
export function registerRefusalAudit(app: FastifyInstance, deps: { database: Database; now: () => Date }): void {
  // The service's transaction rolls back with the error, and the refusal's row with it: the error is noted here, and
  // the row written after the answer, outside any transaction.
  app.addHook('onError', (request, _reply, error, done) => {
    if (error instanceof UserOutOfReach) request.outOfReachUser = error.userUuid;
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const outOfReach = request.outOfReachUser;
    if (reply.statusCode !== 403 && outOfReach === undefined) return done();
    const route = routeOf(request);
    recordAudit(
      deps.database.db,
      { caller: request.caller ?? null, ip: request.ip, requestId: request.id, now: deps.now },
      outOfReach === undefined
        ? {
            action: ACCESS_DENIED_ACTION,
            entity: 'route',
            entityId: `${request.method} ${route}`.slice(0, 100),
            after: { method: request.method, route },
          }
        : {
            action: OUT_OF_REACH_ACTION,
            entity: 'user',
            entityId: outOfReach,
            after: { method: request.method, route },
          },
    ).then(
      () => done(),
      (err: unknown) => {
        request.log.error({ err, route }, 'refusal audit failed');
        done();
      },
    );
  });
}

/** The matched route's pattern; for an unknown path (answered by the not-found handler) the path alone. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url.split('?', 1)[0]!.slice(0, 200);
}
