import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { APP_ERROR_CODE, type AppErrorEntry, type ErrorBody } from '@ebt/core/errors';
import { messageRefOf } from '@ebt/core/i18n';
import { MESSAGES } from '@ebt/core/messages';
import { databaseErrorOf } from './log-safety.js';
import type { SecurityHeaderWriter } from './security-headers.js';

/**
 * The one error type (architecture.md "Errors"). Services throw it with a message from core; the handler below
 * turns it into `{status, message, errorMessages: [{appErrorCode, appErrorMessage, field?}]}`, the shape the web
 * client reads (part 1 §8: expandedErrors, then errorMessages, then message).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string = codeFor(status),
    readonly field?: string,
    readonly entries?: AppErrorEntry[],
    /** Seconds until the request may succeed again: the answer's Retry-After (a 429 of a rate limit or lock). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, field?: string, code: string = APP_ERROR_CODE.BAD_REQUEST) {
    return new AppError(400, message, code, field);
  }
  static unauthorized(message: string = MESSAGES.SESSION_REQUIRED) {
    return new AppError(401, message, APP_ERROR_CODE.UNAUTHORIZED);
  }
  static forbidden(message: string = MESSAGES.PRIVILEGE_ERROR) {
    return new AppError(403, message, APP_ERROR_CODE.FORBIDDEN);
  }
  static notFound(message: string = MESSAGES.NOT_FOUND, code: string = APP_ERROR_CODE.NOT_FOUND) {
    return new AppError(404, message, code);
  }
  static conflict(message: string, field?: string, code: string = APP_ERROR_CODE.CONFLICT) {
    return new AppError(409, message, code, field);
  }
  static unprocessable(message: string, code: string = APP_ERROR_CODE.UNPROCESSABLE) {
    return new AppError(422, message, code);
  }
  /**
   * `retryAfterSeconds`: until the lock or the window ends (platform/rate-limit.ts retryAfterSeconds), sent as
   * Retry-After. Required: a 429 that does not say when to come back is retried at once by clients.
   */
  static tooManyRequests(message: string, code: string, retryAfterSeconds: number) {
    return new AppError(429, message, code, undefined, undefined, retryAfterSeconds);
  }

  toBody(): ErrorBody {
    const entries = this.entries ?? [
      { appErrorCode: this.code, appErrorMessage: this.message, ...(this.field ? { field: this.field } : {}) },
    ];
    return { status: this.status, message: this.message, errorMessages: entries.map(withMessageKey) };
  }
}

/**
 * The entry with the key and values of its text when it is a translatable message of core (i18n `messageRefOf`: a
 * constant as it is, or a text filled by `ruleMessage` or `dataMessage`), so a Spanish page shows it by key.
 */
function withMessageKey(entry: AppErrorEntry): AppErrorEntry {
  if (entry.messageKey !== undefined) return entry;
  const ref = messageRefOf(entry.appErrorMessage);
  if (!ref) return entry;
  return { ...entry, messageKey: ref.key, ...(ref.values ? { messageValues: ref.values } : {}) };
}

function codeFor(status: number): string {
  return (
    {
      400: APP_ERROR_CODE.BAD_REQUEST,
      401: APP_ERROR_CODE.UNAUTHORIZED,
      403: APP_ERROR_CODE.FORBIDDEN,
      404: APP_ERROR_CODE.NOT_FOUND,
      409: APP_ERROR_CODE.CONFLICT,
      422: APP_ERROR_CODE.UNPROCESSABLE,
      429: APP_ERROR_CODE.TOO_MANY_REQUESTS,
    }[status] ?? 'ERROR'
  );
}

/**
 * Fastify's own client errors (malformed JSON, body too large, wrong content type) keep their status; none echoes the
 * request (Fastify's own messages quote the URL, which may hold an e-mail or a card number).
 */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The content type of the request is not supported.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length is not valid.',
  FST_ERR_VALIDATION: MESSAGES.VALIDATION_FAILED,
};

/**
 * SQLSTATE classes of values a column cannot hold: data exceptions caused by the value sent (22001 too long, 22003
 * numeric out of range, 22007/22008 bad date or time, 22021 a character such as NUL, 22P02 bad text for the type,
 * 22P05 untranslatable character).
 */
const INPUT_SQLSTATES = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);

/**
 * SQLSTATEs of a statement aborted for its timing, not its input: 40P01 deadlock (PostgreSQL chose this transaction
 * to break a cycle of waits), 40001 serialization failure, 55P03 a lock not available (a lock_timeout).
 */
const RETRYABLE_SQLSTATES = new Set(['40P01', '40001', '55P03']);
const RETRY_AFTER_SECONDS = 1;

/** The code of a framework's client error: ours for the status, or BAD_REQUEST (413, 415 and the like). */
const clientErrorCode = (status: number) => {
  const code = codeFor(status);
  return code === 'ERROR' ? APP_ERROR_CODE.BAD_REQUEST : code;
};

/**
 * Every error answer, in the product's shape. `writeHeaders` puts the security headers on it again
 * (platform/security-headers.ts): the onRequest hook has normally set them, but an error raised by a hook that ran
 * before it would otherwise go out without them.
 */
export function registerErrorHandler(app: FastifyInstance, writeHeaders?: SecurityHeaderWriter): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    writeHeaders?.(request, reply);
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // One entry per invalid field, so a form can show each next to its input. The text is the rule's own (the
      // specification's, e.g. 'Invalid email format.'), unprefixed: A§8 shows appErrorMessage as it is, and the
      // field travels in `field`.
      const entries: AppErrorEntry[] = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
        return {
          appErrorCode: APP_ERROR_CODE.VALIDATION,
          appErrorMessage: issue.message ?? MESSAGES.VALIDATION_FAILED,
          ...(field ? { field } : {}),
        };
      });
      return reply
        .status(400)
        .send(new AppError(400, MESSAGES.VALIDATION_FAILED, APP_ERROR_CODE.VALIDATION, undefined, entries).toBody());
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        FASTIFY_CLIENT_ERRORS[error.code] ?? (status === 404 ? MESSAGES.NOT_FOUND : MESSAGES.VALIDATION_FAILED);
      return reply.status(status).send(new AppError(status, message, clientErrorCode(status)).toBody());
    }
    // Input that the shared schemas should have refused but that reached PostgreSQL anyway (a value the column cannot
    // hold): still the client's input, so a 400 (the statement failed, and a change made in a transaction is rolled
    // back with it), logged as a warning so the missing schema rule gets found.
    const database = databaseErrorOf(error);
    if (database && INPUT_SQLSTATES.has(database.code)) {
      request.log.warn({ err: error, route: request.routeOptions.url }, 'input refused by the database');
      return reply.status(400).send(new AppError(400, MESSAGES.VALIDATION_FAILED).toBody());
    }
    // A statement PostgreSQL gave up for a reason of timing (decision 0088): the transaction was rolled back whole,
    // so the same request sent again can succeed. 503 with Retry-After, not a 500 nobody can act on.
    if (database && RETRYABLE_SQLSTATES.has(database.code)) {
      request.log.warn(
        { code: database.code, method: request.method, route: request.routeOptions.url },
        'request gave way',
      );
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(new AppError(503, MESSAGES.API_UNAVAILABLE, APP_ERROR_CODE.UNAVAILABLE).toBody());
    }
    // The route pattern, never the filled-in path, the params, the query or the body (they may hold an e-mail, a
    // password or a PAN); `err` goes through the logger's safeError serializer (platform/log-safety.ts).
    request.log.error(
      {
        err: error,
        method: request.method,
        route: request.routeOptions.url,
        serialization: isResponseSerializationError(error),
      },
      'request failed',
    );
    return reply.status(500).send(new AppError(500, MESSAGES.GENERIC_ERROR, APP_ERROR_CODE.INTERNAL).toBody());
  });
}

/**
 * Fastify's `frameworkErrors`: what it calls instead of its own answer for the errors raised while it routes a request,
 * before any hook or the error handler: FST_ERR_BAD_URL (a path that cannot be percent-decoded), FST_ERR_MAX_PARAM_LENGTH
 * (a path parameter longer than routerOptions.maxParamLength) and FST_ERR_ASYNC_CONSTRAINT. Fastify's own answers
 * quote the whole path (an e-mail, a card number) and carry none of the security headers; these answer in the
 * product's shape, with the headers, and say nothing of the request. The log line names the error's code only: its
 * message holds the path.
 */
export function frameworkErrorHandler(
  writeHeaders: SecurityHeaderWriter,
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return (error, request, reply) => {
    writeHeaders(request, reply, routedProtocol(request));
    const status = error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ code: error.code, method: request.method }, 'request failed before routing');
      void reply.status(500).send(new AppError(500, MESSAGES.GENERIC_ERROR, APP_ERROR_CODE.INTERNAL).toBody());
      return;
    }
    // A path that cannot be decoded or a parameter beyond any schema's bound: bad input, a 400 like any other
    // (Fastify says 414 for the second; the schemas already answer 400 to a parameter over their own limit).
    request.log.info({ code: error.code, method: request.method }, 'request refused before routing');
    void reply.status(400).send(new AppError(400, MESSAGES.VALIDATION_FAILED, APP_ERROR_CODE.BAD_REQUEST).toBody());
  };
}

/**
 * The request's protocol as a routed request of the app reads it. Fastify builds the request it hands frameworkErrors
 * with its base Request class, whose `protocol` ignores trustProxy (so X-Forwarded-Proto, and Strict-Transport-Security
 * behind a TLS-terminating proxy, would be lost); the class it builds routed requests with, trustProxy applied, is
 * kept on the instance under Symbol('fastify.Request'). Its getter reads only the request's headers and socket. Should
 * a Fastify release move it, the socket's own protocol is used (and security-headers.test.ts fails).
 */
function routedProtocol(request: FastifyRequest): string | undefined {
  const server = request.server as unknown as Record<symbol, unknown>;
  const symbol = Object.getOwnPropertySymbols(server).find((s) => s.description === 'fastify.Request');
  const routed = symbol ? server[symbol] : undefined;
  const getter =
    typeof routed === 'function'
      ? Object.getOwnPropertyDescriptor(routed.prototype as object, 'protocol')?.get
      : undefined;
  return (getter ? getter.call(request) : request.protocol) as string | undefined;
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser could not read as a request (a malformed request line,
 * headers over the size limit, a request that took too long). There is no request and no reply, only the socket: the
 * answer is written by hand, in the product's shape, with the security headers and `Cache-Control: no-store`, then the
 * connection is closed (Fastify's default answer carried none of the headers).
 */
export function clientErrorHandler(
  headers: Record<string, string>,
): (error: Error & { code?: string }, socket: Duplex) => void {
  const headerLines = Object.entries({ ...headers, 'Cache-Control': 'no-store' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error, socket) => {
    // A connection the client reset, or one already closed: there is no one to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const body = JSON.stringify(new AppError(status, MESSAGES.VALIDATION_FAILED, APP_ERROR_CODE.BAD_REQUEST).toBody());
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headerLines}` +
          `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Connection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}

/**
 * A unique index refused the write (PostgreSQL 23505 on `constraint`), from PGlite or node-postgres, directly or as
 * a Drizzle query error's cause: the last word on a duplicate that a check before the insert could not see.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return e.constraint === undefined || e.constraint === constraint;
  return false;
}

/** The database raised SQLSTATE `state`, from PGlite or node-postgres, directly or as a Drizzle query error's cause. */
export function hasSqlState(error: unknown, state: string): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === state) return true;
  return false;
}

/**
 * A foreign key refused the write (PostgreSQL 23503), from PGlite or node-postgres, directly or as a Drizzle query
 * error's cause: a row another transaction began to refer to after a check. Answers the error's detail (it names the
 * key, e.g. 'Key (id)=(12) is still referenced from table "benefits".'), or null when it is not one.
 */
export function foreignKeyViolationDetail(error: unknown): string | null {
  for (let e = error as { code?: string; detail?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23503') return e.detail ?? '';
  return null;
}
