import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiPath } from './api-paths.js';

/**
 * What a log line may hold (docs/security.md "Logs"): codes, names of queries and routes, counts and timings, never
 * personal data. Two places used to leak it:
 * - a failed query: Drizzle's error message carries the SQL *and every parameter* (names, e-mails, phones), and a
 *   PostgreSQL message can quote a value ('invalid input syntax for type uuid: "…"');
 * - the request line: search and export URLs carry the criteria (an e-mail, a surname) in the query string, and
 *   some paths carry an e-mail (forgot username).
 * `safeError` is the logger's `err` serializer, so every `log.x({ err })` anywhere (routes, jobs, start-up) goes
 * through it; `requestLogLine` is the one line logged per request.
 */

/** SQLSTATE codes are five characters of digits and capitals. */
const SQLSTATE = /^[0-9A-Z]{5}$/;

interface DatabaseErrorLike {
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
}

/** The database error behind an error (Drizzle wraps the driver's in `cause`), or undefined. */
export function databaseErrorOf(error: unknown): DatabaseErrorLike | undefined {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && SQLSTATE.test(code)) return e as DatabaseErrorLike;
  }
  return undefined;
}

/** The SQL text of a failed Drizzle query (placeholders only, no values), when there is one. */
function queryTextOf(error: unknown): string | undefined {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const query = (e as { query?: unknown }).query;
    if (typeof query === 'string') return query;
  }
  return undefined;
}

/**
 * A name for a query from its text: the statement's verb and the tables it touches, e.g.
 * 'update recipient_accounts' or 'select benefits,recipient_accounts,programs'. Enough to find the code that sent it,
 * and it cannot hold a value: only identifiers after FROM/JOIN/INTO/UPDATE are read.
 */
export function queryName(text: string): string {
  const verb = /^\s*(?:with\b[\s\S]*?\)\s*)?(select|insert|update|delete)\b/i.exec(text)?.[1]?.toLowerCase() ?? 'sql';
  const tables = new Set<string>();
  for (const match of text.matchAll(/\b(?:from|join|into|update)\s+"?([a-z_][a-z0-9_]*)"?/gi)) tables.add(match[1]!);
  return `${verb} ${[...tables].slice(0, 6).join(',')}`.trim();
}

export function safeError(error: unknown): Record<string, unknown> {
  if (!error || typeof error !== 'object') return { type: typeof error };
  const type = (error as { name?: unknown }).name ?? error.constructor?.name ?? 'Error';
  const database = databaseErrorOf(error);
  if (database) {
    // Code, constraint and table name the failure; the message and the detail may quote the values, so neither is kept.
    const text = queryTextOf(error);
    return {
      type,
      code: database.code,
      ...(database.constraint ? { constraint: database.constraint } : {}),
      ...(database.table ? { table: database.table } : {}),
      ...(database.routine ? { routine: database.routine } : {}),
      ...(text ? { query: queryName(text) } : {}),
    };
  }
  // A programming error: its message and stack are the code's own words, not a person's data.
  const { message, stack, code } = error as { message?: unknown; stack?: unknown; code?: unknown };
  return { type, message, ...(typeof code === 'string' ? { code } : {}), stack };
}

/**
 * The request as a log line shows it: the route's pattern (`/account-api/account/:accountUuid`, never the filled-in
 * path, which may hold an e-mail) and, for API calls, the names of the query parameters without their values.
 * A path that matched no route is shown to its first two segments.
 */
export function loggedUrl(request: FastifyRequest): string {
  const [path = '', query] = request.url.split('?', 2);
  const pattern =
    request.routeOptions.url ?? `${path.split('/').slice(0, 3).join('/')}${path.split('/').length > 3 ? '/…' : ''}`;
  if (!query || !isApiPath(path)) return pattern;
  const names = [...new URLSearchParams(query).keys()].filter((name, i, all) => all.indexOf(name) === i);
  return names.length ? `${pattern}?${names.map((name) => `${encodeURIComponent(name)}=…`).join('&')}` : pattern;
}

/**
 * One line a request, after the answer (Fastify's own request logging, two lines with the full URL, is off):
 * method, route pattern and query names, status, time and the caller's user id.
 */
export function registerRequestLog(app: FastifyInstance): void {
  // A callback hook, not an async one: nothing here waits, and every request runs it (no promise a request).
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: loggedUrl(request),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ...(request.caller ? { userId: request.caller.userId } : {}),
      },
      'request',
    );
    done();
  });
}
