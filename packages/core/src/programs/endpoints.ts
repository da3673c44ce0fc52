import { z } from 'zod';
import { endpoint, JSON_BODY_LIMIT, privileges, REFUSED, STAFF } from '../contract/index.js';
import { PRIVILEGE } from '../privileges/index.js';
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
} from './schemas.js';

// Programs: the caller's programs (program side), and the platform administrator's program list and form (B§2
// "Admin programs", B§5 "Program", B§7 "Programs and configuration"). Every /admin-api/programs endpoint is for
// NDGADMIN_ACCESS alone, whose scope is every program.

const tags = ['programs'];
const ADMIN = privileges(PRIVILEGE.NDGADMIN_ACCESS);

export const callerPrograms = endpoint({
  method: 'GET',
  path: '/account-api/account/programs',
  operationId: 'listCallerPrograms',
  tags,
  summary: "The programs in the caller's scope with their benefit defaults",
  access: STAFF,
  answer: z.array(CallerProgram),
  returns: "The programs in the caller's scope",
  refusals: [401, 403],
});

export const search = endpoint({
  method: 'GET',
  path: '/admin-api/programs',
  operationId: 'searchPrograms',
  tags,
  summary:
    'Programs by programName, shortName and contactEmail (prefixes), contactStateCode and programStatusId; ' +
    'none lists every program; by name, at most 1000',
  access: ADMIN,
  query: AdminProgramSearchQuery,
  answer: AdminProgramSearchResult,
  returns: 'The matching programs; countCapped says more matched than were counted',
  refusals: REFUSED.list,
});

// A fixed segment beside /admin-api/programs/:programUuid (route-conflicts.test.ts).
export const defaultFunding = endpoint({
  method: 'GET',
  path: '/admin-api/programs/default-funding',
  operationId: 'getDefaultFunding',
  tags,
  summary: "The funding source names a new program starts with (configuration key 'program.defaultFundingSources')",
  access: ADMIN,
  answer: DefaultFunding,
  returns: 'The names of the funding sources a new program starts with',
  refusals: [401, 403],
});

export const benefitOptionTypes = endpoint({
  method: 'GET',
  path: '/admin-api/benefit-option-types',
  operationId: 'listBenefitOptionTypes',
  tags,
  summary: 'The benefit option types a program may require (optionTypeId, name, descr)',
  access: ADMIN,
  answer: z.array(BenefitOptionType),
  returns: 'The benefit option types',
  refusals: [401, 403],
});

export const detail = endpoint({
  method: 'GET',
  path: '/admin-api/programs/:programUuid',
  operationId: 'getProgram',
  tags,
  summary: 'One program with its funding sources; secret configuration entries are masked',
  access: ADMIN,
  params: AdminProgramParams,
  answer: ProgramDetail,
  returns: 'The program with its funding sources, secret configuration entries masked',
  refusals: REFUSED.record,
});

export const add = endpoint({
  method: 'POST',
  path: '/admin-api/programs',
  operationId: 'addProgram',
  tags,
  summary:
    'Add a program with its funding sources (negative fundingIds); 409 for a taken short name, PAN prefix or a ' +
    'duplicate funding source name',
  access: ADMIN,
  body: ProgramBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: ProgramSaved,
  returns: "A message and the new program's uuid",
  refusals: REFUSED.change,
});

export const update = endpoint({
  method: 'PUT',
  path: '/admin-api/programs/:programUuid',
  operationId: 'updateProgram',
  tags,
  summary:
    'Save a program and its funding sources in one transaction: negative fundingIds are added, sources left ' +
    'out removed (409 when a benefit or incentive uses one), a masked secret entry keeps its value',
  access: ADMIN,
  params: AdminProgramParams,
  body: ProgramBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: ProgramSaved,
  returns: "A message and the program's uuid",
  refusals: REFUSED.change,
});
