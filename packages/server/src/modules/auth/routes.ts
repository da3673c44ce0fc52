import { authApi } from '@ebt/core/auth';
import { handle, routeTable } from '../../platform/routes.js';
import { getCurrentUser } from './current-user.js';
import * as auth from './service.js';

// Sign-in, sign-out and the signed-in user: each contract of @ebt/core/auth (authApi) bound to its use case.
export default routeTable([
  handle(authApi.authenticate, (req) => auth.authenticate(req.ctx, req.body, { userAgent: req.headers['user-agent'] })),
  handle(authApi.logout, async (req, reply) => {
    await auth.logout(req.ctx);
    return reply.status(204).send(null);
  }),
  handle(authApi.currentUser, (req) => getCurrentUser(req.ctx)),
]);
