import { CURRENT_USER_PATH } from '../early-reads/index.js';
import { AUTHENTICATED, endpoint, JSON_BODY_LIMIT, PUBLIC } from '../contract/index.js';
import { AuthenticateBody, AuthenticateResponse, CurrentUser, LogoutQuery } from './schemas.js';

// Signing in and out, and the signed-in user (A§4, A§7 "Authentication and recovery").

const tags = ['auth'];

// Credentials are small: a large body is refused before it is parsed.
export const authenticate = endpoint({
  method: 'POST',
  path: '/api/authenticate',
  operationId: 'authenticate',
  tags,
  summary: 'Sign in with username and password; answers a bearer token',
  access: PUBLIC,
  body: AuthenticateBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: AuthenticateResponse,
  returns: 'The bearer token of the new session',
  refusals: [400, 401, 429],
});

// Public: signing out without a live session still signs you out.
export const logout = endpoint({
  method: 'GET',
  path: '/api/logout',
  audited: true,
  operationId: 'logout',
  tags,
  summary: 'End the current session',
  access: PUBLIC,
  query: LogoutQuery,
  format: 'none',
  status: 204,
  returns: 'The session ended (no content)',
  refusals: [],
});

export const currentUser = endpoint({
  method: 'GET',
  path: CURRENT_USER_PATH,
  operationId: 'getCurrentUser',
  tags,
  summary: 'The signed-in user with privileges and programs',
  access: AUTHENTICATED,
  answer: CurrentUser,
  returns: 'The signed-in user, with their privileges and programs',
  refusals: [401],
});
