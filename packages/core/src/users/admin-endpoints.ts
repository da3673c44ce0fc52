import { endpoint, JSON_BODY_LIMIT, privileges, REFUSED } from '../contract/index.js';
import { PRIVILEGE } from '../privileges/index.js';
import {
  MessageAnswer,
  UserIdParams,
  UserRoles,
  UserRolesBody,
  UserStatusBody,
  UserUuidParams,
} from '../roles/index.js';

// A user's status, delete, OTP reset and role (B§2, B§4, B§7; resolution 20). Status and delete are for the people the
// Users menu is for (A§6: program admins and agency admins) and platform admins; the server scopes the target to the
// caller (out of scope answers 404 like missing). Reset OTP needs OTP_RESET (B§6); a user's role is changed from the
// admin user view only (NDGADMIN_ACCESS). Each change holds the caller to the whole user first (changesUser).

const tags = ['users'];
const USER_ADMINS = privileges(PRIVILEGE.NDGADMIN_ACCESS, PRIVILEGE.PROGRAMADMIN_ACCESS, PRIVILEGE.AGENCYADMIN_ACCESS);
const OTP_RESET = privileges(PRIVILEGE.OTP_RESET);
const PLATFORM_ADMIN = privileges(PRIVILEGE.NDGADMIN_ACCESS);

export const disable = endpoint({
  method: 'PUT',
  path: '/user-api/user/:id/status',
  operationId: 'disableUser',
  tags,
  summary: "Disable a user (userStatusId 3): from Pending, Registered or Enabled; ends the user's sessions",
  access: USER_ADMINS,
  params: UserIdParams,
  body: UserStatusBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: MessageAnswer,
  returns: 'The user disabled',
  refusals: REFUSED.change,
  changesUser: true,
});

export const remove = endpoint({
  method: 'DELETE',
  path: '/user-api/user/:id',
  operationId: 'deleteUser',
  tags,
  summary: 'Delete a user: status 4, history kept, sessions ended; the user cannot sign in again',
  access: USER_ADMINS,
  params: UserIdParams,
  answer: MessageAnswer,
  returns: 'The user deleted',
  refusals: REFUSED.change,
  changesUser: true,
});

export const resetOtp = endpoint({
  method: 'POST',
  path: '/user-api/user/reset-otp/:uuid',
  operationId: 'resetUserOtp',
  tags,
  summary: "Reset a user's one-time-code token: locks, failed counters and outstanding codes cleared",
  access: OTP_RESET,
  params: UserUuidParams,
  answer: MessageAnswer,
  returns: "The user's one-time-code token reset",
  refusals: REFUSED.change,
  changesUser: true,
});

export const resetOtpAndNotify = endpoint({
  method: 'POST',
  path: '/user-api/user/reset-otp/:uuid/send',
  operationId: 'resetUserOtpAndNotify',
  tags,
  summary: "Reset a user's one-time-code token and tell the user by e-mail",
  access: OTP_RESET,
  params: UserUuidParams,
  answer: MessageAnswer,
  returns: "The user's one-time-code token reset and the user e-mailed",
  refusals: REFUSED.change,
  changesUser: true,
});

export const roles = endpoint({
  method: 'GET',
  path: '/user-api/user/:id/roles',
  operationId: 'getUserRoles',
  tags,
  summary: "A user's role, as roleIds (a user holds one role)",
  access: PLATFORM_ADMIN,
  params: UserIdParams,
  answer: UserRoles,
  returns: "The user's role id",
  refusals: REFUSED.record,
});

export const setRoles = endpoint({
  method: 'PUT',
  path: '/user-api/user/:id/roles',
  operationId: 'setUserRoles',
  tags,
  summary: "Change a user's role (roleIds: one id); the new privileges apply from the user's next request",
  access: PLATFORM_ADMIN,
  params: UserIdParams,
  body: UserRolesBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: MessageAnswer,
  returns: "The user's role changed",
  refusals: REFUSED.change,
  changesUser: true,
});
