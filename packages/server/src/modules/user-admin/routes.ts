import { ErrorBody } from '@ebt/core/errors';
import { PRIVILEGE } from '@ebt/core/privileges';
import { MessageAnswer, UserIdParams, UserRoles, UserRolesBody, UserStatusBody, UserUuidParams } from '@ebt/core/roles';
import { privileges } from '../../platform/access.js';
import { defineRoutes, JSON_BODY_LIMIT } from '../../platform/routes.js';
import { resetOtp } from './otp-reset.js';
import { deleteUser, disableUser } from './status.js';
import { getUserRoles, setUserRoles } from './user-roles.js';

// A user's status, delete, OTP reset and role (B§2, B§4, B§7; resolution 20; docs/decisions/0025). Status and delete
// are for the people the Users menu is for (A§6: program admins and agency admins) and platform admins; the services
// scope the target to the caller (out of scope answers 404 like missing). Reset OTP needs OTP_RESET (B§6); a user's
// role is changed from the admin user view only (NDGADMIN_ACCESS).
const tags = ['users'];
const USER_ADMINS = privileges(PRIVILEGE.NDGADMIN_ACCESS, PRIVILEGE.PROGRAMADMIN_ACCESS, PRIVILEGE.AGENCYADMIN_ACCESS);
const OTP_RESET = privileges(PRIVILEGE.OTP_RESET);
const PLATFORM_ADMIN = privileges(PRIVILEGE.NDGADMIN_ACCESS);
const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export default defineRoutes((app) => {
  app.put(
    '/user-api/user/:id/status',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary: "Disable a user (userStatusId 3): from Pending, Registered or Enabled; ends the user's sessions",
        params: UserIdParams,
        body: UserStatusBody,
        response: { 200: MessageAnswer, ...refusals },
      },
      config: { access: USER_ADMINS, changesUser: true },
    },
    (req) => disableUser(req.ctx, req.params.id, req.body),
  );

  app.delete(
    '/user-api/user/:id',
    {
      schema: {
        tags,
        summary: 'Delete a user: status 4, history kept, sessions ended; the user cannot sign in again',
        params: UserIdParams,
        response: { 200: MessageAnswer, ...refusals },
      },
      config: { access: USER_ADMINS, changesUser: true },
    },
    (req) => deleteUser(req.ctx, req.params.id),
  );

  app.post(
    '/user-api/user/reset-otp/:uuid',
    {
      schema: {
        tags,
        summary: "Reset a user's one-time-code token: locks, failed counters and outstanding codes cleared",
        params: UserUuidParams,
        response: { 200: MessageAnswer, ...refusals },
      },
      config: { access: OTP_RESET, changesUser: true },
    },
    (req) => resetOtp(req.ctx, req.params.uuid, false),
  );

  app.post(
    '/user-api/user/reset-otp/:uuid/send',
    {
      schema: {
        tags,
        summary: "Reset a user's one-time-code token and tell the user by e-mail",
        params: UserUuidParams,
        response: { 200: MessageAnswer, ...refusals },
      },
      config: { access: OTP_RESET, changesUser: true },
    },
    (req) => resetOtp(req.ctx, req.params.uuid, true),
  );

  app.get(
    '/user-api/user/:id/roles',
    {
      schema: {
        tags,
        summary: "A user's role, as roleIds (a user holds one role)",
        params: UserIdParams,
        response: { 200: UserRoles, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
      config: { access: PLATFORM_ADMIN },
    },
    (req) => getUserRoles(req.ctx, req.params.id),
  );

  app.put(
    '/user-api/user/:id/roles',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary: "Change a user's role (roleIds: one id); the new privileges apply from the user's next request",
        params: UserIdParams,
        body: UserRolesBody,
        response: { 200: MessageAnswer, ...refusals },
      },
      config: { access: PLATFORM_ADMIN, changesUser: true },
    },
    (req) => setUserRoles(req.ctx, req.params.id, req.body),
  );
});
