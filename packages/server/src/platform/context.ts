import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { Caller } from './caller.js';
import type { KeyedRow } from './keyed-read.js';

/**
 * What a service needs to do its work for one request: the database, the caller and their scope, the clock
 * (injectable so tests can move time), and where the request came from for the audit log.
 */
export interface RequestContext {
  db: Db;
  /** The hot read statements of the request path, prepared once per connection (db/client.ts `prepared`). */
  prepared: Database['prepared'];
  caller: Caller | null;
  now: () => Date;
  ip: string | undefined;
  requestId: string | undefined;
  config: Config;
  log: FastifyBaseLogger;
  /**
   * The row of the route's keyed read, read with the caller (platform/keyed-read.ts): undefined when it was not
   * (the service reads it itself), null when no row has the key. Only the module that declared the read reads it.
   */
  keyedRow?: KeyedRow;
}

/** A context whose caller is known: what services behind a non-public route receive. */
export type CallerContext = RequestContext & { caller: Caller };

export function requireCaller(ctx: RequestContext): CallerContext {
  if (!ctx.caller) throw new Error('this service needs a signed-in caller; the route must not be public');
  return ctx as CallerContext;
}
