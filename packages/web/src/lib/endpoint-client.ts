import { type AnyEndpoint, type EndpointAnswer, type EndpointInput, endpointPath } from '@ebt/core/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type ApiRequestOptions } from './api-client';

// Every call of the web app goes through a contract of @ebt/core (`<area>Api.<endpoint>`): the contract gives the
// method, the path and the answer's schema, so no screen writes an API path or parses an answer by hand.

export type CallOptions = Pick<ApiRequestOptions, 'signal' | 'allowUnauthorized' | 'authorization'>;
type QueryValue = string | number | boolean | null | undefined;
type Query = Record<string, QueryValue | readonly QueryValue[]>;

/** The URL of a call: the path with its parameters filled in, and the query (empty values left out, arrays repeat). */
export function endpointUrl<E extends AnyEndpoint>(endpoint: E, input: Omit<EndpointInput<E>, 'body'>): string {
  const path = endpointPath(endpoint, input.params ?? undefined);
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values)
      if (item !== undefined && item !== null && item !== '') params.append(name, String(item));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Calls the endpoint and answers its answer parsed by the contract's schema (files and documents: as received). */
export async function callEndpoint<E extends AnyEndpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  options: CallOptions = {},
): Promise<EndpointAnswer<E>> {
  const data = await apiRequest<unknown>(endpointPath(endpoint, input.params ?? undefined), {
    ...options,
    method: endpoint.method,
    query: input.query as Query | undefined,
    body: input.body,
  });
  return (endpoint.answer ? endpoint.answer.parse(data) : data) as EndpointAnswer<E>;
}

/**
 * The query key of an endpoint's answers: its operationId, then the input. `endpointKey(endpoint)` alone matches every
 * call of the endpoint (to refresh them all after a change).
 */
export function endpointKey<E extends AnyEndpoint>(endpoint: E, input?: EndpointInput<E>): readonly unknown[] {
  return input === undefined ? [endpoint.operationId] : [endpoint.operationId, withoutEmpty(input)];
}

/** TanStack Query's options for reading an endpoint: its key and its call. Spread into useQuery with any other option. */
export function endpointQuery<E extends AnyEndpoint>(endpoint: E, input: EndpointInput<E>) {
  return queryOptions({
    queryKey: endpointKey(endpoint, input),
    queryFn: ({ signal }) => callEndpoint(endpoint, input, { signal }),
  });
}

/** The input without the parts that are undefined, so `{}` and `{ query: undefined }` make one key. */
function withoutEmpty(input: object): object {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}
