import { z } from 'zod';
import { endpoint, JSON_BODY_LIMIT, privileges, REFUSED } from '../contract/index.js';
import { PRIVILEGE } from '../privileges/index.js';
import { MessageAnswer } from '../roles/schemas.js';
import { ProgramAdminBody, ProgramAdminQuery, ProgramUser, ProgramUsersQuery, ProgramUuidParams } from './schemas.js';

// Program admins (A§3, A§5, A§7, B§7; resolutions 2 and 21). These /admin-api paths serve the program view of program
// admins too (A§2 /program/program), so they declare the program admin's privileges beside the platform admin's; the
// 403 for /admin-api applies only to paths no endpoint declares. The server scopes the program: a program admin
// reaches only their own programs (404 otherwise).

const tags = ['program-admins'];
const VIEW = privileges(PRIVILEGE.NDGADMIN_ACCESS, PRIVILEGE.PROGRAMADMIN_ACCESS, PRIVILEGE.PROGRAM_USER_VIEW);
const ADD = privileges(PRIVILEGE.PROGRAM_USER_ADD);
const DELETE = privileges(PRIVILEGE.PROGRAM_USER_DELETE);
/** The program admin search (PROGRAM_USER_ADD) and the agency user search of agency admins (roleIds 5, 6). */
const SEARCH = privileges(
  PRIVILEGE.NDGADMIN_ACCESS,
  PRIVILEGE.PROGRAM_USER_ADD,
  PRIVILEGE.PROGRAMADMIN_ACCESS,
  PRIVILEGE.AGENCYADMIN_ACCESS,
);

export const list = endpoint({
  method: 'GET',
  path: '/admin-api/programs/:programUuid/users',
  operationId: 'listProgramAdmins',
  tags,
  summary: "A program's admins (the caller's programs; platform admins any)",
  access: VIEW,
  params: ProgramUuidParams,
  answer: z.array(ProgramUser),
  returns: "The program's admins",
  refusals: REFUSED.record,
});

export const add = endpoint({
  method: 'POST',
  path: '/admin-api/programs/:programUuid/users',
  operationId: 'addProgramAdmin',
  tags,
  summary: "Add a user (role 1 or 2) as an admin of the program; 409 'This user is already assigned to the Program.'",
  access: ADD,
  params: ProgramUuidParams,
  body: ProgramAdminBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: MessageAnswer,
  returns: 'The message saying the user was added',
  refusals: REFUSED.change,
});

export const remove = endpoint({
  method: 'DELETE',
  path: '/admin-api/programs/:programUuid/users',
  operationId: 'removeProgramAdmin',
  tags,
  summary: 'Remove an admin of the program: {userUuid} in the body, or ?userUuid= (resolution 21)',
  access: DELETE,
  params: ProgramUuidParams,
  query: ProgramAdminQuery,
  body: ProgramAdminBody.partial().nullish(),
  bodyLimit: JSON_BODY_LIMIT,
  answer: MessageAnswer,
  returns: 'The message saying the user was removed',
  refusals: REFUSED.change,
});

export const searchUsers = endpoint({
  method: 'GET',
  path: '/user-api/program-users',
  operationId: 'searchProgramUsers',
  tags,
  summary:
    'Find users to add as program admins (roleIds, default 1 and 2) or agency users (roleIds 5, 6): prefixes of ' +
    'username, email, firstname, lastname; recipientIdentifier; programUuid; agencyUuid; at most 100',
  access: SEARCH,
  query: ProgramUsersQuery,
  answer: z.array(ProgramUser),
  returns: 'The matching users, at most 100',
  refusals: REFUSED.list,
});
