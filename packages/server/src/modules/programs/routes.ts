import { z } from 'zod';
import { ErrorBody } from '@ebt/core/errors';
import { CallerProgram } from '@ebt/core/programs';
import { STAFF } from '../../platform/access.js';
import { defineRoutes } from '../../platform/routes.js';
import * as programs from './service.js';

export default defineRoutes((app) => {
  app.get(
    '/account-api/account/programs',
    {
      schema: {
        tags: ['programs'],
        summary: "The programs in the caller's scope with their benefit defaults",
        response: { 200: z.array(CallerProgram), 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: STAFF },
    },
    (req) => programs.listCallerPrograms(req.ctx),
  );
});
