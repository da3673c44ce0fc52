import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@ebt/core/messages';
import { USER_STATUS } from '@ebt/core/enums';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { enforceAccess } from './access.js';
import type { Caller } from './caller.js';
import { resolveCaller } from './caller-statement.js';
import type { RequestContext } from './context.js';
import { keyedReadOf, type KeyedRow } from './keyed-read.js';
import { endSession, endUserSessions } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null on public routes called without a (valid) token. */
    caller: Caller | null;
    /** Why a presented token was refused, for the 401 message. */
    sessionProblem: string | undefined;
    ctx: RequestContext;
  }
}

/** Statuses that may hold a session: Registered and Enabled (part 1 §3 user status 0–4). */
export const SIGN_IN_STATUSES: readonly number[] = [USER_STATUS.REGISTERED, USER_STATUS.ENABLED];

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match?.[1];
}

/**
 * Resolves the caller from the bearer token on every request (one SQL statement, platform/caller-statement.ts),
 * builds the request context, then enforces the route's access rule. Runs as an onRequest hook, before the body is
 * parsed: a refused call costs no parsing.
 */
export function registerSessionHook(
  app: FastifyInstance,
  deps: { database: Database; config: Config; now: () => Date },
): void {
  const { database, config, now } = deps;
  app.decorateRequest('caller', null);
  app.decorateRequest('sessionProblem', undefined);
  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.addHook('onRequest', async (request) => {
    request.caller = null;
    let keyedRow: KeyedRow;
    const token = bearerToken(request);
    if (token) {
      const at = now();
      // A route's read by key comes in the same statement as the caller (decision 0083).
      const lookup = await resolveCaller(database, token, at, SIGN_IN_STATUSES, keyedReadOf(request));
      if (lookup.ok) {
        request.caller = lookup.caller;
        keyedRow = lookup.keyedRow;
      } else {
        // The rare paths, a second statement: a user disabled or deleted while signed in loses every session at once;
        // an idle or expired session is marked ended.
        if (lookup.reason === 'user-refused') await endUserSessions(database.db, lookup.userId, at);
        if (lookup.reason === 'expired') await endSession(database.db, lookup.tokenHash, at);
        request.sessionProblem = MESSAGES.SESSION_EXPIRED;
      }
    } else if (request.headers.authorization) {
      request.sessionProblem = MESSAGES.SESSION_EXPIRED;
    }
    request.ctx = {
      db: database.db,
      prepared: database.prepared,
      caller: request.caller,
      now,
      ip: request.ip,
      requestId: request.id,
      config,
      log: request.log,
      keyedRow,
    };
    enforceAccess(request);
  });
}
