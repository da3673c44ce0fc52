import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApplicantBody,
  ApplicantCreated,
  ApplicantProgram,
  ApplicantSearchQuery,
  ApplicantSearchResult,
  ApplicationCheck,
  ApplicationCheckParams,
  ApplicationDefinition,
  ApplicationParams,
} from '@ebt/core/applicants';
import { SessionApplication } from '@ebt/core/auth';
import { ErrorBody } from '@ebt/core/errors';
import { PRIVILEGE } from '@ebt/core/privileges';
import { privileges, PUBLIC, STAFF } from '../../platform/access.js';
import { defineRoutes, JSON_BODY_LIMIT } from '../../platform/routes.js';
import * as applicants from './apply.js';
import { listApplicationPrograms, listCallerApplications } from './lookups.js';
import { searchApplicants } from './search.js';

export default defineRoutes(async (app) => {
  app.get(
    '/account-api/application',
    {
      schema: {
        tags: ['applicants'],
        summary: "Online applications taken by the caller's programs (they decide the Applicants menu)",
        response: { 200: z.array(SessionApplication), 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: STAFF },
    },
    (req) => listCallerApplications(req.ctx),
  );

  // Registered before /account-api/application/:applicationId; find-my-way prefers the static segment anyway.
  app.get(
    '/account-api/application/programs',
    {
      schema: {
        tags: ['applicants'],
        summary: "The caller's programs that take online applications (the applicant search's program select)",
        response: { 200: z.array(ApplicantProgram), 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: privileges(PRIVILEGE.PROCESS_APPLICANT) },
    },
    (req) => listApplicationPrograms(req.ctx),
  );

  app.get(
    '/account-api/applicant',
    {
      schema: {
        tags: ['applicants'],
        summary:
          "Search pending applicants of the caller's programs: names and e-mail (prefix), phone digits (prefix), " +
          'programId; at least one is required; newest first, at most 1000',
        querystring: ApplicantSearchQuery,
        response: { 200: ApplicantSearchResult, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: privileges(PRIVILEGE.PROCESS_APPLICANT) },
    },
    (req) => searchApplicants(req.ctx, req.query),
  );

  app.get(
    '/account-api/application/:applicationId',
    {
      schema: {
        tags: ['applicants'],
        summary: 'The public online application form: name, description (HTML), active and enabled programs',
        params: ApplicationParams,
        response: { 200: ApplicationDefinition, 400: ErrorBody, 404: ErrorBody },
      },
      config: { access: PUBLIC },
    },
    (req) => applicants.getApplication(req.ctx, req.params.applicationId),
  );

  app.post(
    '/account-api/applicant',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags: ['applicants'],
        summary: 'Submit an online application (public)',
        body: ApplicantBody,
        response: { 201: ApplicantCreated, 400: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
      config: { access: PUBLIC },
    },
    async (req, reply) => reply.status(201).send(await applicants.submitApplicant(req.ctx, req.body)),
  );

  // The admin test screen posts an EMPTY body (A§7), which Fastify's JSON parser refuses; this one route gets a
  // parser that reads an empty JSON body as {} (scoped to its own plugin, so no other route changes).
  await app.register(async (scope) => {
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
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/account-api/application/:applicationId/:programId',
      {
        bodyLimit: 1024,
        schema: {
          tags: ['applicants'],
          summary: 'Admin test screen: could an applicant submit for this program now?',
          params: ApplicationCheckParams,
          response: { 200: ApplicationCheck, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
        },
        config: { access: privileges(PRIVILEGE.NDGADMIN_ACCESS) },
      },
      (req) => applicants.checkApplication(req.ctx, req.params.applicationId, req.params.programId),
    );
  });
});
