import { z } from 'zod';
import { AgencyOption, AgencyOptionsQuery, ProgramAgenciesParams } from '@ebt/core/agencies';
import { ErrorBody } from '@ebt/core/errors';
import { STAFF } from '../../platform/access.js';
import { defineRoutes } from '../../platform/routes.js';
import * as agencies from './service.js';

const tags = ['agencies'];

export default defineRoutes((app) => {
  app.get(
    '/account-api/agency',
    {
      schema: {
        tags,
        summary: "The caller's agencies (optional programUuid; viewable=1 accepted, the scope always applies)",
        querystring: AgencyOptionsQuery,
        response: { 200: z.array(AgencyOption), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: STAFF },
    },
    (req) => agencies.listAgencyOptions(req.ctx, req.query),
  );

  app.get(
    '/account-api/program/:programUuid/agencies',
    {
      schema: {
        tags,
        summary: "The caller's agencies of one program; 404 for a program outside the caller's scope",
        params: ProgramAgenciesParams,
        response: { 200: z.array(AgencyOption), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
      config: { access: STAFF },
    },
    (req) => agencies.listProgramAgencies(req.ctx, req.params.programUuid),
  );
});
