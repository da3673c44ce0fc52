import { z } from 'zod';
import { ErrorBody } from '@ebt/core/errors';
import { PRIVILEGE } from '@ebt/core/privileges';
import {
  AdminProgramParams,
  AdminProgramSearchQuery,
  AdminProgramSearchResult,
  BenefitOptionType,
  CallerProgram,
  DefaultFunding,
  ProgramBody,
  ProgramDetail,
  ProgramSaved,
} from '@ebt/core/programs';
import { privileges, STAFF } from '../../platform/access.js';
import { defineRoutes, JSON_BODY_LIMIT } from '../../platform/routes.js';
import { addProgram } from './add.js';
import { updateProgram } from './change.js';
import { getProgram } from './detail.js';
import { benefitOptionTypes, defaultFunding } from './lookups.js';
import { searchPrograms } from './search.js';
import * as programs from './service.js';

// Programs: the caller's programs (program side), and the platform administrator's program list and form (B§2
// "Admin programs", B§5 "Program", B§7 "Programs and configuration"; docs/decisions/0030). Every /admin-api/programs
// route is for NDGADMIN_ACCESS alone, whose scope is every program.
const tags = ['programs'];
const ADMIN = privileges(PRIVILEGE.NDGADMIN_ACCESS);
const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const changeRefusals = { ...refusals, 409: ErrorBody };

export default defineRoutes((app) => {
  app.get(
    '/account-api/account/programs',
    {
      schema: {
        tags,
        summary: "The programs in the caller's scope with their benefit defaults",
        response: { 200: z.array(CallerProgram), 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: STAFF },
    },
    (req) => programs.listCallerPrograms(req.ctx),
  );

  app.get(
    '/admin-api/programs',
    {
      schema: {
        tags,
        summary:
          'Programs by programName, shortName and contactEmail (prefixes), contactStateCode and programStatusId; ' +
          'none lists every program; by name, at most 1000',
        querystring: AdminProgramSearchQuery,
        response: { 200: AdminProgramSearchResult, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: ADMIN },
    },
    (req) => searchPrograms(req.ctx, req.query),
  );

  // Fixed segment beside /admin-api/programs/:programUuid (route-conflicts.test.ts).
  app.get(
    '/admin-api/programs/default-funding',
    {
      schema: {
        tags,
        summary:
          "The funding source names a new program starts with (configuration key 'program.defaultFundingSources')",
        response: { 200: DefaultFunding, 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: ADMIN },
    },
    (req) => defaultFunding(req.ctx),
  );

  app.get(
    '/admin-api/benefit-option-types',
    {
      schema: {
        tags,
        summary: 'The benefit option types a program may require (optionTypeId, name, descr)',
        response: { 200: z.array(BenefitOptionType), 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: ADMIN },
    },
    (req) => benefitOptionTypes(req.ctx),
  );

  app.get(
    '/admin-api/programs/:programUuid',
    {
      schema: {
        tags,
        summary: 'One program with its funding sources; secret configuration entries are masked',
        params: AdminProgramParams,
        response: { 200: ProgramDetail, ...refusals },
      },
      config: { access: ADMIN },
    },
    (req) => getProgram(req.ctx, req.params.programUuid),
  );

  app.post(
    '/admin-api/programs',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Add a program with its funding sources (negative fundingIds); 409 for a taken short name, PAN prefix or a ' +
          'duplicate funding source name',
        body: ProgramBody,
        response: { 200: ProgramSaved, ...changeRefusals },
      },
      config: { access: ADMIN },
    },
    (req) => addProgram(req.ctx, req.body),
  );

  app.put(
    '/admin-api/programs/:programUuid',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Save a program and its funding sources in one transaction: negative fundingIds are added, sources left ' +
          'out removed (409 when a benefit or incentive uses one), a masked secret entry keeps its value',
        params: AdminProgramParams,
        body: ProgramBody,
        response: { 200: ProgramSaved, ...changeRefusals },
      },
      config: { access: ADMIN },
    },
    (req) => updateProgram(req.ctx, req.params.programUuid, req.body),
  );
});
