import { z } from 'zod';
import { SessionApplication } from '../auth/index.js';
import { endpoint, JSON_BODY_LIMIT, privileges, PUBLIC, REFUSED, STAFF } from '../contract/index.js';
import { PRIVILEGE } from '../privileges/index.js';
import {
  ApplicantBody,
  ApplicantCreated,
  ApplicationCheck,
  ApplicationCheckParams,
  ApplicationDefinition,
  ApplicationParams,
} from './schemas.js';
import { ApplicantProgram, ApplicantSearchQuery, ApplicantSearchResult } from './search.js';

// Online applications and their applicants: the public form and its submission, the staff's applicant search, and
// the admin test screen.

const tags = ['applicants'];
const PROCESS_APPLICANT = privileges(PRIVILEGE.PROCESS_APPLICANT);
const ADMIN = privileges(PRIVILEGE.NDGADMIN_ACCESS);

export const applications = endpoint({
  method: 'GET',
  path: '/account-api/application',
  operationId: 'listCallerApplications',
  tags,
  summary: "Online applications taken by the caller's programs (they decide the Applicants menu)",
  access: STAFF,
  answer: z.array(SessionApplication),
  returns: "The online applications of the caller's programs",
  refusals: [401, 403],
});

// A static path: the router prefers it to /account-api/application/:applicationId.
export const programs = endpoint({
  method: 'GET',
  path: '/account-api/application/programs',
  operationId: 'listApplicationPrograms',
  tags,
  summary: "The caller's programs that take online applications (the applicant search's program select)",
  access: PROCESS_APPLICANT,
  answer: z.array(ApplicantProgram),
  returns: "The caller's programs that take online applications",
  refusals: [401, 403],
});

export const search = endpoint({
  method: 'GET',
  path: '/account-api/applicant',
  operationId: 'searchApplicants',
  tags,
  summary:
    "Search pending applicants of the caller's programs: names and e-mail (prefix), phone digits (prefix), " +
    'programId; at least one is required; newest first, at most 1000',
  access: PROCESS_APPLICANT,
  query: ApplicantSearchQuery,
  answer: ApplicantSearchResult,
  returns: 'The matching pending applicants, newest first; countCapped says more matched than were counted',
  refusals: REFUSED.list,
});

export const form = endpoint({
  method: 'GET',
  path: '/account-api/application/:applicationId',
  operationId: 'getApplicationForm',
  tags,
  summary: 'The public online application form: name, description (HTML), active and enabled programs',
  access: PUBLIC,
  params: ApplicationParams,
  answer: ApplicationDefinition,
  returns: 'The application form with the programs an applicant may choose',
  refusals: [400, 404],
});

export const submit = endpoint({
  method: 'POST',
  path: '/account-api/applicant',
  operationId: 'submitApplicant',
  tags,
  summary: 'Submit an online application (public)',
  access: PUBLIC,
  body: ApplicantBody,
  bodyLimit: JSON_BODY_LIMIT,
  status: 201,
  answer: ApplicantCreated,
  returns: 'The applicant created',
  refusals: [400, 409, 429],
});

// The admin test screen posts an empty body (the server reads it as {}), so the body is held to 1 KB.
export const check = endpoint({
  method: 'POST',
  path: '/account-api/application/:applicationId/:programId',
  operationId: 'checkApplication',
  tags,
  summary: 'Admin test screen: could an applicant submit for this program now?',
  access: ADMIN,
  params: ApplicationCheckParams,
  bodyLimit: 1024,
  answer: ApplicationCheck,
  returns: 'Whether an applicant could submit for the program now, and why not',
  refusals: REFUSED.record,
});
