import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@ebt/core/messages';
import { USER_STATUS } from '@ebt/core/enums';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import {
  agencies,
  recipientAccounts,
  rolePrivileges,
  privileges as privilegeTable,
  userAgencies,
  userPrograms,
  users,
} from '../db/schema/index.js';
import { enforceAccess } from './access.js';
import { type Caller, scopeFor } from './caller.js';
import type { RequestContext } from './context.js';
import { endUserSessions, resolveSession } from './sessions.js';

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

/** Loads the caller with their privileges (from the role) and their data scope, in three small indexed queries. */
export async function loadCaller(db: Db, userId: number, tokenHash: string): Promise<Caller | null> {
  const [user] = await db
    .select({
      id: users.id,
      uuid: users.uuid,
      username: users.username,
      roleId: users.roleId,
      statusId: users.statusId,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user || !SIGN_IN_STATUSES.includes(user.statusId)) return null;
  const [grants, programRows, agencyRows, accountRows] = await Promise.all([
    db
      .select({ code: privilegeTable.code })
      .from(rolePrivileges)
      .innerJoin(privilegeTable, eq(privilegeTable.id, rolePrivileges.privilegeId))
      .where(eq(rolePrivileges.roleId, user.roleId)),
    db.select({ programId: userPrograms.programId }).from(userPrograms).where(eq(userPrograms.userId, user.id)),
    db
      .select({ agencyId: agencies.id, programId: agencies.programId })
      .from(userAgencies)
      .innerJoin(agencies, eq(agencies.id, userAgencies.agencyId))
      .where(eq(userAgencies.userId, user.id)),
    db
      .select({ accountId: recipientAccounts.id, programId: recipientAccounts.programId })
      .from(recipientAccounts)
      .where(eq(recipientAccounts.userId, user.id)),
  ]);
  const privilegeSet = new Set(grants.map((g) => g.code));
  const scope = scopeFor(privilegeSet);
  // Agency staff see the programs of their agencies; recipients the programs of their accounts.
  const programIds = new Set(programRows.map((r) => r.programId));
  if (scope === 'agencies') agencyRows.forEach((r) => programIds.add(r.programId));
  if (scope === 'self') accountRows.forEach((r) => programIds.add(r.programId));
  return {
    userId: user.id,
    userUuid: user.uuid,
    username: user.username,
    roleId: user.roleId,
    privileges: privilegeSet,
    scope,
    programIds: [...programIds],
    agencyIds: agencyRows.map((r) => r.agencyId),
    accountIds: accountRows.map((r) => r.accountId),
    sessionTokenHash: tokenHash,
  };
}

/**
 * Resolves the caller from the bearer token on every request, builds the request context, then enforces the
 * route's access rule. Runs as an onRequest hook, before the body is parsed: a refused call costs no parsing.
 */
export function registerSessionHook(app: FastifyInstance, deps: { db: Db; config: Config; now: () => Date }): void {
  app.decorateRequest('caller', null);
  app.decorateRequest('sessionProblem', undefined);
  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.addHook('onRequest', async (request) => {
    request.caller = null;
    const token = bearerToken(request);
    if (token) {
      const now = deps.now();
      const session = await resolveSession(deps.db, token, now);
      if (session.ok) {
        request.caller = await loadCaller(deps.db, session.userId, session.tokenHash);
        // A user disabled or deleted while signed in loses the session at once.
        if (!request.caller) await endUserSessions(deps.db, session.userId, now);
      }
      if (!request.caller) request.sessionProblem = MESSAGES.SESSION_EXPIRED;
    } else if (request.headers.authorization) {
      request.sessionProblem = MESSAGES.SESSION_EXPIRED;
    }
    request.ctx = {
      db: deps.db,
      caller: request.caller,
      now: deps.now,
      ip: request.ip,
      requestId: request.id,
      config: deps.config,
      log: request.log,
    };
    enforceAccess(request);
  });
}
