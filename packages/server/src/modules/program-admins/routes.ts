import { z } from 'zod';
import { ErrorBody } from '@ebt/core/errors';
import {
  PROGRAM_ADMIN_MESSAGES,
  ProgramAdminBody,
  ProgramAdminQuery,
  ProgramUser,
  ProgramUsersQuery,
  ProgramUuidParams,
} from '@ebt/core/program-admins';
import { PRIVILEGE } from '@ebt/core/privileges';
import { MessageAnswer } from '@ebt/core/roles';
import { privileges } from '../../platform/access.js';
import { requireCaller } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { defineRoutes, JSON_BODY_LIMIT } from '../../platform/routes.js';
import { addProgramAdmin, listProgramAdmins, removeProgramAdmin } from './change.js';
import { searchProgramUsers } from './queries.js';

// Program admins (A§3, A§5, A§7, B§7; resolutions 2 and 21; docs/decisions/0025). These /admin-api paths serve the
// program view of program admins too (A§2 /program/program), so they declare the program admin's privileges beside
// the platform admin's; decision 0015's 403 for /admin-api applies to paths no route declares. The services scope
// the program: a program admin reaches only their own programs (404 otherwise).
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
const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export default defineRoutes((app) => {
  app.get(
    '/admin-api/programs/:programUuid/users',
    {
      schema: {
        tags,
        summary: "A program's admins (the caller's programs; platform admins any)",
        params: ProgramUuidParams,
        response: { 200: z.array(ProgramUser), ...refusals },
      },
      config: { access: VIEW },
    },
    (req) => listProgramAdmins(req.ctx, req.params.programUuid),
  );

  app.post(
    '/admin-api/programs/:programUuid/users',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Add a user (role 1 or 2) as an admin of the program; 409 'This user is already assigned to the Program.'",
        params: ProgramUuidParams,
        body: ProgramAdminBody,
        response: { 200: MessageAnswer, ...refusals, 409: ErrorBody },
      },
      config: { access: ADD },
    },
    (req) => addProgramAdmin(req.ctx, req.params.programUuid, req.body.userUuid),
  );

  app.delete(
    '/admin-api/programs/:programUuid/users',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Remove an admin of the program: {userUuid} in the body, or ?userUuid= (resolution 21)',
        params: ProgramUuidParams,
        querystring: ProgramAdminQuery,
        body: ProgramAdminBody.partial().nullish(),
        response: { 200: MessageAnswer, ...refusals, 409: ErrorBody },
      },
      config: { access: DELETE },
    },
    (req) => {
      const userUuid = req.body?.userUuid ?? req.query.userUuid;
      if (!userUuid) throw AppError.badRequest(PROGRAM_ADMIN_MESSAGES.USER_UUID_REQUIRED, 'userUuid');
      return removeProgramAdmin(req.ctx, req.params.programUuid, userUuid);
    },
  );

  app.get(
    '/user-api/program-users',
    {
      schema: {
        tags,
        summary:
          'Find users to add as program admins (roleIds, default 1 and 2) or agency users (roleIds 5, 6): prefixes of ' +
          'username, email, firstname, lastname; recipientIdentifier; programUuid; agencyUuid; at most 100',
        querystring: ProgramUsersQuery,
        response: { 200: z.array(ProgramUser), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: SEARCH },
    },
    (req) => {
      const ctx = requireCaller(req.ctx);
      return searchProgramUsers(ctx.db, ctx.caller, req.query);
    },
  );
});
