import { z } from 'zod';
import { endpoint, privileges, REFUSED, STAFF } from '../contract/index.js';
import { PRIVILEGE } from '../privileges/index.js';
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
} from './schemas.js';

// Agencies (B§2, B§6, B§7; part 1 §6, §7). The lists serve every staff member (the pickers of other screens need them;
// rows open an agency only with AGENCY_VIEW); reading an agency needs AGENCY_VIEW, adding AGENCY_ADD, updating
// AGENCY_UPDATE or AGENCY_FUNDING_UPDATE (each changed field checked by the server), and managing its users
// AGENCY_UPDATE (program admins, agency admins, platform admins by default).

const tags = ['agencies'];
const VIEW = privileges(PRIVILEGE.AGENCY_VIEW);
const ADD = privileges(PRIVILEGE.AGENCY_ADD);
const UPDATE = privileges(PRIVILEGE.AGENCY_UPDATE, PRIVILEGE.AGENCY_FUNDING_UPDATE);
const MANAGE_USERS = privileges(PRIVILEGE.AGENCY_UPDATE);

export const list = endpoint({
  method: 'GET',
  path: '/account-api/agency',
  operationId: 'listAgencies',
  tags,
  summary:
    "The caller's agencies (optional programUuid; viewable=1 accepted, the scope always applies): a page of the " +
    'agency list with page (zero-based) and pageSize (default 10), else the whole list',
  access: STAFF,
  query: AgencyOptionsQuery,
  answer: AgencyListAnswer,
  returns: "The caller's agencies: a page of them when page or pageSize is given, else all of them",
  refusals: REFUSED.list,
});

export const add = endpoint({
  method: 'POST',
  path: '/account-api/agency',
  operationId: 'addAgency',
  tags,
  summary: "Add an agency: 'Agency added.'; 409 when the code is taken in the program (ignoring case)",
  access: ADD,
  body: AddAgencyBody,
  answer: AgencySaved,
  returns: "The message 'Agency added.' and the new agency's uuid",
  refusals: REFUSED.change,
});

export const detail = endpoint({
  method: 'GET',
  path: '/account-api/agency/:id',
  operationId: 'getAgency',
  tags,
  summary: 'One agency with its funding',
  access: VIEW,
  params: AgencyParams,
  answer: AgencyDetail,
  returns: 'The agency with its funding',
  refusals: REFUSED.record,
});

export const update = endpoint({
  method: 'PUT',
  path: '/account-api/agency/:id',
  operationId: 'updateAgency',
  tags,
  summary:
    "Update an agency: 'Agency updated.'; name and code need AGENCY_UPDATE, funding fields AGENCY_FUNDING_UPDATE",
  access: UPDATE,
  params: AgencyParams,
  body: UpdateAgencyBody,
  answer: AgencySaved,
  returns: "The message 'Agency updated.' and the agency's uuid",
  refusals: REFUSED.change,
});

export const users = endpoint({
  method: 'GET',
  path: '/account-api/agency/:id/user',
  operationId: 'listAgencyUsers',
  tags,
  summary: "The agency's admins and users",
  access: VIEW,
  params: AgencyParams,
  answer: z.array(AgencyUser),
  returns: "The agency's admins and users",
  refusals: REFUSED.record,
});

export const addUser = endpoint({
  method: 'POST',
  path: '/account-api/agency/:agencyUuid/user/:userUuid',
  operationId: 'addAgencyUser',
  tags,
  summary: "Add a user (role 5 or 6) to the agency; 409 'This user is already assigned to the Agency.'",
  access: MANAGE_USERS,
  params: AgencyUserParams,
  answer: AgencyUserChanged,
  returns: 'The message saying the user was added',
  refusals: REFUSED.change,
});

export const removeUser = endpoint({
  method: 'DELETE',
  path: '/account-api/agency/:agencyUuid/user/:userUuid',
  operationId: 'removeAgencyUser',
  tags,
  summary: "Remove a user from the agency: 'User removed.'",
  access: MANAGE_USERS,
  params: AgencyUserParams,
  answer: AgencyUserChanged,
  returns: "The message 'User removed.'",
  refusals: REFUSED.record,
});

export const moveUser = endpoint({
  method: 'PATCH',
  path: '/account-api/agency/:agencyUuid/user/:userUuid',
  operationId: 'moveAgencyUser',
  tags,
  summary: "Move a user to the agency of the body (same program): 'User moved.'",
  access: MANAGE_USERS,
  params: AgencyUserParams,
  body: MoveAgencyUserBody.nullish(),
  answer: AgencyUserChanged,
  returns: "The message 'User moved.'",
  refusals: REFUSED.change,
});

export const programAgencies = endpoint({
  method: 'GET',
  path: '/account-api/program/:programUuid/agencies',
  operationId: 'listProgramAgencies',
  tags,
  summary: "The caller's agencies of one program; 404 for a program outside the caller's scope",
  access: STAFF,
  params: ProgramAgenciesParams,
  answer: z.array(AgencyOption),
  returns: "The caller's agencies of the program",
  refusals: REFUSED.record,
});
