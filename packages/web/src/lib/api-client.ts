import { readServerErrors, rememberMessageKeys } from '@ebt/core/errors';
import { MESSAGES } from '@ebt/core/messages';
import { notifications } from '@mantine/notifications';
import { clearToken, getToken } from './session';

/** A refused or failed call. `messages` are the server's texts in the order A§8 reads them. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly messages: string[];

  constructor(status: number, body: unknown, messages: string[]) {
    super(messages[0] ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.messages = messages;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as is when it is FormData (file uploads). */
  body?: unknown;
  /** Appended to the URL; empty values are left out, arrays repeat the name. */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  signal?: AbortSignal;
  /** Leave a 401 to the caller instead of going to /logout (the logout call itself). */
  allowUnauthorized?: boolean;
  /**
   * The Authorization header to send instead of the session's bearer token: a phone registered as a terminal calls the
   * transaction engine with its own HTTP Basic credential. A 401 then belongs to that credential, not to the session.
   */
  authorization?: string;
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler = () => window.location.assign('/logout');

/**
 * The router registers how to leave for /logout when a session has ended (a client-side navigation keeps the
 * loaded app); before that, a full page load does the same.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = () => window.location.assign('/logout');
  };
}

function buildUrl(path: string, query: ApiRequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null && item !== '') params.append(name, String(item));
    }
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

/** An answer's body: parsed JSON when the server says it is JSON, else the text; nothing for 204 or an empty body. */
export function parseBody(status: number, text: string, contentType: string | null): unknown {
  if (status === 204 || !text) return undefined;
  if ((contentType ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  return parseBody(response.status, await response.text(), response.headers.get('content-type'));
}

/**
 * The error for a refused call, after the rules every screen shares (A§8): a 401 ends the session and goes to
 * /logout (except on authenticate, or when the caller takes the 401 itself), a 403 shows the privilege message.
 * Also used by uploads (lib/upload.ts), which go through XMLHttpRequest for their progress.
 */
export function failedCall(status: number, body: unknown, allowUnauthorized = false): ApiError {
  if (status === 401 && !allowUnauthorized) {
    clearToken();
    unauthorizedHandler();
  } else if (status === 403) {
    // One notification however many calls were refused at once (a page may load several).
    notifications.show({
      id: 'privilege-error',
      color: 'red',
      title: 'Not permitted',
      message: MESSAGES.PRIVILEGE_ERROR,
    });
  }
  // The texts keep their English (A§8 shows appErrorMessage); their keys let a Spanish page show them in Spanish.
  rememberMessageKeys(body);
  return new ApiError(status, body, readServerErrors(body));
}

let lastSessionCall = Date.now();

/** When the server last heard from this tab's session: any answered call with the token resets its idle clock. */
export function lastSessionCallAt(): number {
  return lastSessionCall;
}

/**
 * Calls the API with the session's bearer token and answers the parsed JSON. Every failure throws an ApiError;
 * on the way it applies the rules every screen shares (A§8): a 401 ends the session and goes to /logout, a 403
 * shows the privilege message.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = options.authorization === undefined ? getToken() : null;
  if (options.authorization !== undefined) headers.set('Authorization', options.authorization);
  else if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  const sent = fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
  });
  return answerOf<T>(sent, token !== null, options.allowUnauthorized || options.authorization !== undefined);
}

/**
 * The parsed JSON of a request already sent, with the same rules as `apiRequest`: a GET started before this module
 * had loaded (lib/early-fetch.ts) is answered here like any other call. `withToken`: it carried the session's token.
 */
export async function answerOf<T>(sent: Promise<Response>, withToken: boolean, allowUnauthorized = false): Promise<T> {
  let response: Response;
  try {
    response = await sent;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // No answer at all: the server is down or the network is gone.
    throw new ApiError(0, undefined, [MESSAGES.API_UNAVAILABLE]);
  }

  if (withToken) lastSessionCall = Date.now();
  const data = await readBody(response);
  if (response.ok) return data as T;

  throw failedCall(response.status, data, allowUnauthorized);
}

export const api = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', body }),
};
