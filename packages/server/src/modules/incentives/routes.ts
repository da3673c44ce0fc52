import { z } from 'zod';
import { ErrorBody } from '@ebt/core/errors';
import { Incentive, IncentiveListQuery } from '@ebt/core/incentives';
import { STAFF } from '../../platform/access.js';
import { defineRoutes } from '../../platform/routes.js';
import * as incentiveService from './service.js';

const tags = ['incentives'];

export default defineRoutes((app) => {
  app.get(
    '/account-api/incentive',
    {
      schema: {
        tags,
        summary: "Incentive definitions of the caller's programs (optional programUuid)",
        querystring: IncentiveListQuery,
        response: { 200: z.array(Incentive), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: STAFF },
    },
    (req) => incentiveService.listIncentives(req.ctx, req.query),
  );
});
