import type { FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';

/**
 * A read by key that travels with the caller statement (decision 0083). A route that answers one row found by a path
 * parameter (a detail screen's read) declares it as `config: { keyedRead }`; the session hook then resolves the caller
 * and reads the row in ONE statement (platform/caller-statement.ts adds the read as a column of the caller's row), so
 * an authenticated read by key costs one round trip to the database instead of two.
 *
 * What stays as it was:
 * - the statement is one text for every caller and prepared once per connection; the caller's scope is checked by
 *   the service on the row it gets, exactly as on a row it read itself (platform/prepared.ts);
 * - the read only runs when the token names a session (it is a column of the session's row), and access is enforced
 *   after it: a refused call answers as before and its row is dropped unread;
 * - a key that the route's own parameter schema refuses is not read: the route's validation answers 400 as before;
 * - inside a transaction (the answers of changes), the service runs the same SELECT on its own (`keyedSelect`).
 */
export interface KeyedRead {
  /** The prepared statement's name, unique among the product's statements. */
  name: string;
  /** The path parameter holding the key. */
  param: string;
  /**
   * The SELECT of at most one row, with `key` standing where the key's SQL parameter goes. Its columns are what the
   * service reads; dates must come as text (to_char), since the joined read arrives as JSON.
   */
  select: (key: string) => string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    keyedRead?: KeyedRead;
  }
}

/**
 * The key of the route's keyed read, when the route declares one and its parameter passes the route's own schema;
 * otherwise undefined (no read travels with the caller, and the route runs as any other).
 */
export function keyedReadOf(request: FastifyRequest): { read: KeyedRead; key: string } | undefined {
  const read = request.routeOptions.config.keyedRead;
  if (!read) return undefined;
  const schema = request.routeOptions.schema?.params as ZodType | undefined;
  if (!schema?.safeParse(request.params).success) return undefined;
  const key = (request.params as Record<string, unknown>)[read.param];
  return typeof key === 'string' ? { read, key } : undefined;
}

/**
 * A timestamptz column as the answers show it: ISO 8601 in UTC to the millisecond, as Date.toISOString() writes it
 * (both truncate the microseconds). For keyed reads, whose rows may arrive as JSON.
 */
export function isoText(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The statement a service runs itself when no row came with the caller: the same SELECT, its key as $1. */
export function keyedSelect(read: KeyedRead): string {
  return read.select('$1');
}

/**
 * What the caller statement brought for the route's keyed read: undefined when none was read (the service reads it
 * itself), null when no row has the key, else the row.
 */
export type KeyedRow = Record<string, unknown> | null | undefined;
