import type { FastifyInstance } from 'fastify';
import { applicantApi } from '@ebt/core/applicants';
import { handle, routeTable } from '../../platform/routes.js';
import * as applicants from './apply.js';
import { listApplicationPrograms, listCallerApplications } from './lookups.js';
import { searchApplicants } from './search.js';

// Applicants: each contract of @ebt/core/applicants (applicantApi) bound to its use case.

/**
 * The admin test screen posts an EMPTY body (A§7), which Fastify's JSON parser refuses; its route gets a parser that
 * reads an empty JSON body as {} (in a scope of its own, so no other route changes).
 */
const checkRoute = routeTable([
  handle(applicantApi.check, (req) =>
    applicants.checkApplication(req.ctx, req.params.applicationId, req.params.programId),
  ),
]);

async function emptyJsonBodyScope(scope: FastifyInstance): Promise<void> {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body).trim();
    if (text === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = Object.assign(new Error('invalid JSON'), {
        statusCode: 400,
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      });
      done(error, undefined);
    }
  });
  await checkRoute(scope);
}

export default routeTable(
  [
    handle(applicantApi.applications, (req) => listCallerApplications(req.ctx)),
    handle(applicantApi.programs, (req) => listApplicationPrograms(req.ctx)),
    handle(applicantApi.search, (req) => searchApplicants(req.ctx, req.query)),
    handle(applicantApi.form, (req) => applicants.getApplication(req.ctx, req.params.applicationId)),
    handle(applicantApi.submit, async (req, reply) =>
      reply.status(201).send(await applicants.submitApplicant(req.ctx, req.body)),
    ),
  ],
  [emptyJsonBodyScope],
);
