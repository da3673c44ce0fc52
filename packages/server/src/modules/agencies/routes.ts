import { z } from 'zod';
import {
  AddAgencyBody,
  AgencyDetail,
  AgencyListAnswer,
  AgencyOption,
  AgencyOptionsQuery,
  AgencyParams,
  AgencySaved,
  AgencyUser,
  AgencyUserChanged,
  AgencyUserParams,
  MoveAgencyUserBody,
  ProgramAgenciesParams,
  UpdateAgencyBody,
} from '@ebt/core/agencies';
import { ErrorBody } from '@ebt/core/errors';
import { PRIVILEGE } from '@ebt/core/privileges';
import { privileges, STAFF } from '../../platform/access.js';
import { defineRoutes } from '../../platform/routes.js';
import { addAgency } from './add.js';
import { addAgencyUser, moveAgencyUser, removeAgencyUser } from './agency-users.js';
import { updateAgency } from './change.js';
import { getAgency, getAgencyUsers } from './detail.js';
import { listAgencies, listProgramAgencies } from './search.js';

// Agencies (B§2, B§6, B§7; part 1 §6, §7; docs/decisions/0028-agencies.md). The lists serve every staff member (the
// pickers of other screens need them; rows open an agency only with AGENCY_VIEW); reading an agency needs AGENCY_VIEW,
// adding AGENCY_ADD, updating AGENCY_UPDATE or AGENCY_FUNDING_UPDATE (each changed field checked in change.ts), and
// managing its users AGENCY_UPDATE (program admins, agency admins, platform admins by default).

const tags = ['agencies'];
const VIEW = privileges(PRIVILEGE.AGENCY_VIEW);
const ADD = privileges(PRIVILEGE.AGENCY_ADD);
const UPDATE = privileges(PRIVILEGE.AGENCY_UPDATE, PRIVILEGE.AGENCY_FUNDING_UPDATE);
const MANAGE_USERS = privileges(PRIVILEGE.AGENCY_UPDATE);
const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export default defineRoutes((app) => {
  app.get(
    '/account-api/agency',
    {
      schema: {
        tags,
        summary:
          "The caller's agencies (optional programUuid; viewable=1 accepted, the scope always applies): a page of the " +
          'agency list with page (zero-based) and pageSize (default 10), else the whole list',
        querystring: AgencyOptionsQuery,
        response: { 200: AgencyListAnswer, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: STAFF },
    },
    (req) => listAgencies(req.ctx, req.query),
  );

  app.post(
    '/account-api/agency',
    {
      schema: {
        tags,
        summary: "Add an agency: 'Agency added.'; 409 when the code is taken in the program (ignoring case)",
        body: AddAgencyBody,
        response: { 200: AgencySaved, ...refusals, 409: ErrorBody },
      },
      config: { access: ADD },
    },
    (req) => addAgency(req.ctx, req.body),
  );

  app.get(
    '/account-api/agency/:id',
    {
      schema: {
        tags,
        summary: 'One agency with its funding',
        params: AgencyParams,
        response: { 200: AgencyDetail, ...refusals },
      },
      config: { access: VIEW },
    },
    (req) => getAgency(req.ctx, req.params.id),
  );

  app.put(
    '/account-api/agency/:id',
    {
      schema: {
        tags,
        summary:
          "Update an agency: 'Agency updated.'; name and code need AGENCY_UPDATE, funding fields AGENCY_FUNDING_UPDATE",
        params: AgencyParams,
        body: UpdateAgencyBody,
        response: { 200: AgencySaved, ...refusals, 409: ErrorBody },
      },
      config: { access: UPDATE },
    },
    (req) => updateAgency(req.ctx, req.params.id, req.body),
  );

  app.get(
    '/account-api/agency/:id/user',
    {
      schema: {
        tags,
        summary: "The agency's admins and users",
        params: AgencyParams,
        response: { 200: z.array(AgencyUser), ...refusals },
      },
      config: { access: VIEW },
    },
    (req) => getAgencyUsers(req.ctx, req.params.id),
  );

  app.post(
    '/account-api/agency/:agencyUuid/user/:userUuid',
    {
      schema: {
        tags,
        summary: "Add a user (role 5 or 6) to the agency; 409 'This user is already assigned to the Agency.'",
        params: AgencyUserParams,
        response: { 200: AgencyUserChanged, ...refusals, 409: ErrorBody },
      },
      config: { access: MANAGE_USERS },
    },
    (req) => addAgencyUser(req.ctx, req.params),
  );

  app.delete(
    '/account-api/agency/:agencyUuid/user/:userUuid',
    {
      schema: {
        tags,
        summary: "Remove a user from the agency: 'User removed.'",
        params: AgencyUserParams,
        response: { 200: AgencyUserChanged, ...refusals },
      },
      config: { access: MANAGE_USERS },
    },
    (req) => removeAgencyUser(req.ctx, req.params),
  );

  app.patch(
    '/account-api/agency/:agencyUuid/user/:userUuid',
    {
      schema: {
        tags,
        summary: "Move a user to the agency of the body (same program): 'User moved.'",
        params: AgencyUserParams,
        body: MoveAgencyUserBody.nullish(),
        response: { 200: AgencyUserChanged, ...refusals, 409: ErrorBody },
      },
      config: { access: MANAGE_USERS },
    },
    (req) => moveAgencyUser(req.ctx, req.params, req.body ?? {}),
  );

  app.get(
    '/account-api/program/:programUuid/agencies',
    {
      schema: {
        tags,
        summary: "The caller's agencies of one program; 404 for a program outside the caller's scope",
        params: ProgramAgenciesParams,
        response: { 200: z.array(AgencyOption), ...refusals },
      },
      config: { access: STAFF },
    },
    (req) => listProgramAgencies(req.ctx, req.params.programUuid),
  );
});
