import type { z } from 'zod';
import type { Access } from './access.js';

/**
 * The endpoint contract: one object an endpoint, in `packages/core/src/<area>/endpoints.ts`, from which the server
 * binds its route (platform/routes.ts), the web app builds its calls (lib/endpoint-client.ts) and the OpenAPI document
 * is written (platform/openapi.ts). Method, path and field names are the specification's: other clients call them.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a successful answer carries: JSON (the default); a spreadsheet export (CSV, or XLSX with exportType=xlsx); a
 * CSV, PDF, ACH (NACHA text), HTML or XML document; or nothing (204).
 */
export type AnswerFormat = 'json' | 'export' | 'csv' | 'pdf' | 'ach' | 'html' | 'xml' | 'none';

/** The media types of each format, as the server sends them and the OpenAPI document states them. */
export const ANSWER_MEDIA_TYPES: Record<Exclude<AnswerFormat, 'none'>, readonly string[]> = {
  json: ['application/json'],
  export: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  csv: ['text/csv'],
  pdf: ['application/pdf'],
  ach: ['text/plain'],
  html: ['text/html'],
  /** TwiML, the answer a text message provider reads from its webhook. */
  xml: ['text/xml'],
};

/**
 * The refusals an endpoint can answer, each in the product's error shape ({status, message, errorMessages}), with what
 * each means to a caller. An endpoint names its own from these (most take one of the sets in REFUSED).
 */
export const REFUSAL_MEANINGS = {
  400: 'The input is not valid; errorMessages names each problem, by field where there is one',
  401: 'No valid session (or, for a terminal, no valid credentials)',
  403: 'The caller does not hold the privilege this needs',
  404: "Not found, or outside the caller's programs, agencies or account (answered alike)",
  409: 'Conflicts with the current state of the record (changed or used since it was read)',
  413: 'The upload is larger than allowed',
  422: 'Refused by a rule of the specification; the message says which',
  429: 'Too many attempts; Retry-After says in how many seconds to try again',
  503: 'Briefly unavailable (the database is busy or unreachable); safe to try again',
} as const;
export type RefusalStatus = keyof typeof REFUSAL_MEANINGS;

/** The usual sets of refusals. */
export const REFUSED = {
  /** Public: only bad input. */
  input: [400],
  /** A signed-in read of a list or search. */
  list: [400, 401, 403],
  /** A read or change of one record named in the path. */
  record: [400, 401, 403, 404],
  /** A change that can meet a record changed since it was read, or a state it cannot leave. */
  change: [400, 401, 403, 404, 409],
} as const satisfies Record<string, readonly RefusalStatus[]>;

/** Another answer an endpoint gives besides its success and its refusals (health's 503). */
export interface OtherAnswer {
  readonly description: string;
  readonly schema: z.ZodType;
}

export interface EndpointDefinition {
  readonly method: Method;
  /** Fastify's form: `:name` for a path parameter. */
  readonly path: `/${string}`;
  /** Unique over the API; the web app's query keys and the OpenAPI document use it. */
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly access: Access;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** A JSON body. */
  readonly body?: z.ZodType;
  /** The body comes form-encoded (application/x-www-form-urlencoded), as a provider's webhook posts it, not JSON. */
  readonly formBody?: true;
  /** A multipart upload: the form field that carries the file (the server reads it with platform/file-import.ts). */
  readonly upload?: { readonly field: string };
  /** The largest body accepted, in bytes; JSON_BODY_LIMIT for a form's JSON. The app-wide limit otherwise. */
  readonly bodyLimit?: number;
  /** The answer's format; JSON unless said. */
  readonly format?: AnswerFormat;
  /** The success status; 200 unless said (201 created, 204 nothing). */
  readonly status?: 200 | 201 | 204;
  /** The JSON answer of the success status (format json). */
  readonly answer?: z.ZodType;
  /** What the success answer is, in a line (the OpenAPI response's description). */
  readonly returns: string;
  readonly refusals: readonly RefusalStatus[];
  readonly otherAnswers?: Readonly<Record<number, OtherAnswer>>;
  /** The endpoint changes a user or a recipient's login: the server holds the caller to the whole user first. */
  readonly changesUser?: boolean;
  /**
   * A GET that writes an audit row all the same: it changes data as the specification defines it (signing out, a
   * recovery code used up), reads secrets in clear, or prints a card whole. The audit walk calls it like a change.
   */
  readonly audited?: true;
}

/**
 * The body limit of an endpoint that takes a form's JSON: its fields fit in a few KB, so a larger body is refused
 * before it is parsed. The app-wide limit is the 1 MB upload's.
 */
export const JSON_BODY_LIMIT = 16 * 1024;

/** Declares an endpoint; the literal types of its fields stay, so the server and web see its exact input and answer. */
export function endpoint<const D extends EndpointDefinition>(definition: D): D {
  if (definition.answer && (definition.format ?? 'json') !== 'json')
    throw new Error(`${definition.operationId}: only a JSON endpoint has an answer schema`);
  return definition;
}

export type AnyEndpoint = EndpointDefinition;

type Schema<E, K extends string> = E extends { readonly [P in K]: infer S extends z.ZodType } ? S : undefined;

/** A query's values travel as text: where the schema reads a number from text, the caller may give the number. */
type WireQuery<T> = { [K in keyof T]: T[K] extends string ? T[K] | number : T[K] };

/** What a caller sends: the path parameters, the query and the body, each only when the endpoint has it. */
export type EndpointInput<E extends AnyEndpoint> = (Schema<E, 'params'> extends z.ZodType
  ? { params: z.input<Schema<E, 'params'>> }
  : { params?: undefined }) &
  (Schema<E, 'query'> extends z.ZodType ? { query: WireQuery<z.input<Schema<E, 'query'>>> } : { query?: undefined }) &
  (Schema<E, 'body'> extends z.ZodType ? { body: z.input<Schema<E, 'body'>> } : { body?: undefined });

/** What the server's handler receives, parsed. */
export type EndpointParams<E extends AnyEndpoint> =
  Schema<E, 'params'> extends z.ZodType ? z.output<Schema<E, 'params'>> : Record<string, never>;
export type EndpointQuery<E extends AnyEndpoint> =
  Schema<E, 'query'> extends z.ZodType ? z.output<Schema<E, 'query'>> : Record<string, never>;
export type EndpointBody<E extends AnyEndpoint> =
  Schema<E, 'body'> extends z.ZodType ? z.output<Schema<E, 'body'>> : undefined;

/** The parsed answer a caller gets (unknown for files and documents). */
export type EndpointAnswer<E extends AnyEndpoint> =
  Schema<E, 'answer'> extends z.ZodType ? z.output<Schema<E, 'answer'>> : unknown;
/** What a server handler may return for the answer (before the answer schema checks and encodes it). */
export type EndpointAnswerInput<E extends AnyEndpoint> =
  Schema<E, 'answer'> extends z.ZodType ? z.input<Schema<E, 'answer'>> : unknown;

const PARAMETER = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The names of the path's parameters, in order. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(PARAMETER)].map((match) => match[1]!);
}

/** The path with its parameters filled in, each encoded as one path segment. */
export function endpointPath(endpoint: Pick<AnyEndpoint, 'path' | 'operationId'>, params?: object): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return endpoint.path.replace(PARAMETER, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`${endpoint.operationId}: the path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** The path in the OpenAPI form: `{name}` for a parameter. */
export function openApiPath(path: string): string {
  return path.replace(PARAMETER, '{$1}');
}

/** The path prefix an endpoint lives under: `/api`, `/<area>-api`, or the path itself (`/healthz`). */
export function apiPrefix(path: string): string {
  const first = path.split('/')[1] ?? '';
  return `/${first}`;
}

/**
 * A search's export: GET …/export with the search's criteria, streamed as CSV (or XLSX with exportType=xlsx), at most
 * `cap` rows; every export answers alike.
 */
export function exportEndpoint<
  const D extends Pick<EndpointDefinition, 'path' | 'operationId' | 'tags' | 'access' | 'query'>,
>(definition: D & { readonly cap: number }) {
  const { cap, ...rest } = definition;
  return endpoint({
    method: 'GET',
    format: 'export',
    summary: `The search as a CSV file, or XLSX with exportType=xlsx (streamed, at most ${cap.toLocaleString('en-US')} rows)`,
    returns: 'The matching rows as a file; the header X-Export-Truncated: true says more matched than it holds',
    refusals: REFUSED.list,
    ...(rest as unknown as D),
  });
}
