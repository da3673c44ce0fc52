import { z } from 'zod';
import { AuthenticateBody, AuthenticateResponse, CurrentUser, LogoutQuery } from '@ebt/core/auth';
import { ErrorBody } from '@ebt/core/errors';
import { AUTHENTICATED, PUBLIC } from '../../platform/access.js';
import { defineRoutes, JSON_BODY_LIMIT } from '../../platform/routes.js';
import { getCurrentUser } from './current-user.js';
import * as auth from './service.js';

export default defineRoutes((app) => {
  app.post(
    '/api/authenticate',
    {
      // Credentials are small: a large body is refused before it is parsed.
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username and password; answers a bearer token',
        body: AuthenticateBody,
        response: { 200: AuthenticateResponse, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
      config: { access: PUBLIC },
    },
    (req) => auth.authenticate(req.ctx, req.body, { userAgent: req.headers['user-agent'] }),
  );

  app.get(
    '/api/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the current session',
        querystring: LogoutQuery,
        response: { 204: z.null() },
      },
      config: { access: PUBLIC }, // signing out without a live session still signs you out
    },
    async (req, reply) => {
      await auth.logout(req.ctx);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/user-api/user/current',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user with privileges and programs',
        response: { 200: CurrentUser, 401: ErrorBody },
      },
      config: { access: AUTHENTICATED },
    },
    (req) => getCurrentUser(req.ctx),
  );
});
