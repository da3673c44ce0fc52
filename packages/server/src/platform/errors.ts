import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { APP_ERROR_CODE, type AppErrorEntry, type ErrorBody } from '@ebt/core/errors';
import { MESSAGES } from '@ebt/core/messages';
import { databaseErrorOf } from './log-safety.js';

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
  static tooManyRequests(message: string, code: string = APP_ERROR_CODE.TOO_MANY_REQUESTS) {
    return new AppError(429, message, code);
  }

  toBody(): ErrorBody {
    const entries = this.entries ?? [
      { appErrorCode: this.code, appErrorMessage: this.message, ...(this.field ? { field: this.field } : {}) },
    ];
    return { status: this.status, message: this.message, errorMessages: entries };
  }
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

/** Fastify's own client errors (malformed JSON, body too large, wrong content type) keep their status. */
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

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
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
      return reply.status(status).send(new AppError(status, message).toBody());
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
 * A unique index refused the write (PostgreSQL 23505 on `constraint`), from PGlite or node-postgres, directly or as
 * a Drizzle query error's cause: the last word on a duplicate that a check before the insert could not see.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return e.constraint === undefined || e.constraint === constraint;
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
