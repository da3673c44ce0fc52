import { ErrorBody } from '@ebt/core/errors';
import type { AnyEndpoint, EndpointAnswerInput, EndpointBody, EndpointParams, EndpointQuery } from '@ebt/core/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { registerFileUploads } from './file-import.js';
import type { KeyedRead } from './keyed-read.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract the route was bound from (every route but the web app's files and the docs UI has one). */
    endpoint?: AnyEndpoint;
  }
}

/** The request a bound handler gets: path parameters, query and body parsed by the contract's schemas. */
export type EndpointRequest<E extends AnyEndpoint> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  Body: EndpointBody<E>;
}>;

type MaybePromise<T> = T | Promise<T>;

/**
 * A use case bound to a contract: it returns the answer (checked and written by the contract's answer schema), or the
 * reply it has sent itself (files, documents, other statuses).
 */
export type EndpointHandler<E extends AnyEndpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => MaybePromise<EndpointAnswerInput<E> | FastifyReply | void>;

/**
 * What only the server knows about a route: a keyed read that travels with the caller (platform/keyed-read.ts), and
 * whether Fastify may answer HEAD with the GET's handler (not where the GET's work has effects: a printed PDF).
 */
export interface RouteExtras {
  keyedRead?: KeyedRead;
  exposeHeadRoute?: false;
}

/** A GET without a HEAD twin. */
export const NO_HEAD: RouteExtras = { exposeHeadRoute: false };

export interface BoundRoute {
  endpoint: AnyEndpoint;
  handler: EndpointHandler<AnyEndpoint>;
  extras?: RouteExtras;
}

/** One row of a module's route table: a contract and the use case that answers it. */
export function handle<E extends AnyEndpoint>(
  endpoint: E,
  handler: EndpointHandler<E>,
  extras?: RouteExtras,
): BoundRoute {
  return { endpoint, handler: handler as unknown as EndpointHandler<AnyEndpoint>, extras };
}

/** The Fastify schema of a contract: validation of its input, and the answers its serializer checks and writes. */
export function routeSchema(endpoint: AnyEndpoint) {
  const response: Record<number, unknown> = {};
  if (endpoint.answer) response[endpoint.status ?? 200] = endpoint.answer;
  for (const status of endpoint.refusals) response[status] = ErrorBody;
  for (const [status, other] of Object.entries(endpoint.otherAnswers ?? {})) response[Number(status)] = other.schema;
  return {
    operationId: endpoint.operationId,
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.upload ? { consumes: ['multipart/form-data'] } : {}),
    ...(Object.keys(response).length > 0 ? { response } : {}),
  };
}

function bind(app: FastifyInstance, { endpoint, handler, extras }: BoundRoute): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: routeSchema(endpoint),
    ...(endpoint.bodyLimit !== undefined ? { bodyLimit: endpoint.bodyLimit } : {}),
    ...(extras?.exposeHeadRoute === false ? { exposeHeadRoute: false } : {}),
    config: {
      endpoint,
      access: endpoint.access,
      ...(endpoint.changesUser ? { changesUser: true } : {}),
      ...(extras?.keyedRead ? { keyedRead: extras.keyedRead } : {}),
    },
    handler: handler as unknown as RouteHandlerMethod,
  });
}

/**
 * A module's routes as a table of contracts and use cases: `export default routeTable([handle(endpoint, handler), …])`.
 * Access, validation, answer checking and the refusals' shape all come from the contract. Uploads are bound in a scope
 * of their own with multipart parsing, so no other route of the module parses multipart bodies.
 */
export function routeTable(
  routes: readonly BoundRoute[],
  plugins: readonly ((app: FastifyInstance) => Promise<void>)[] = [],
) {
  return async (app: FastifyInstance): Promise<void> => {
    for (const plugin of plugins) await app.register(plugin);
    for (const route of routes) if (!route.endpoint.upload) bind(app, route);
    const uploads = routes.filter((route) => route.endpoint.upload);
    if (uploads.length > 0)
      await app.register(async (scope) => {
        await registerFileUploads(scope);
        for (const route of uploads) bind(scope, route);
      });
  };
}
