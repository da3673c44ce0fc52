import { z } from 'zod';
import { endpoint, JSON_BODY_LIMIT, privileges, REFUSED, STAFF } from '../contract/index.js';
import { PRIVILEGE } from '../privileges/index.js';
import { AddRoleBody, MessageAnswer, Privilege, Role, RoleIdParams, RoleOption, SaveRoleBody } from './schemas.js';

// Roles and privileges (B§2 "Admin privileges, roles", B§3, B§5 "Role", B§7). The role picker list is for every staff
// screen that picks a role (the user search and form); the admin screens need NDGADMIN_ACCESS.

const tags = ['roles'];
const PLATFORM_ADMIN = privileges(PRIVILEGE.NDGADMIN_ACCESS);

export const options = endpoint({
  method: 'GET',
  path: '/user-api/roles',
  operationId: 'listRoleOptions',
  tags,
  summary: 'Every role, for the role pickers (roleId, descr)',
  access: STAFF,
  answer: z.array(RoleOption),
  returns: 'Every role, its id and description',
  refusals: [401, 403],
});

export const privilegeList = endpoint({
  method: 'GET',
  path: '/admin-api/privileges',
  operationId: 'listPrivileges',
  tags,
  summary: 'Every privilege: privilegeId, code, descr',
  access: PLATFORM_ADMIN,
  answer: z.array(Privilege),
  returns: 'Every privilege',
  refusals: [401, 403],
});

export const list = endpoint({
  method: 'GET',
  path: '/admin-api/roles',
  operationId: 'listRoles',
  tags,
  summary: 'Every role with its privileges',
  access: PLATFORM_ADMIN,
  answer: z.array(Role),
  returns: 'Every role with its privileges',
  refusals: [401, 403],
});

export const detail = endpoint({
  method: 'GET',
  path: '/admin-api/roles/:roleId',
  operationId: 'getRole',
  tags,
  summary: 'One role with its privileges',
  access: PLATFORM_ADMIN,
  params: RoleIdParams,
  answer: Role,
  returns: 'The role with its privileges',
  refusals: REFUSED.record,
});

export const add = endpoint({
  method: 'POST',
  path: '/admin-api/roles',
  operationId: 'addRole',
  tags,
  summary: 'Add a role: roleId (max 10 digits), descr (2 to 20); 409 when the id is taken',
  access: PLATFORM_ADMIN,
  body: AddRoleBody,
  bodyLimit: JSON_BODY_LIMIT,
  status: 201,
  answer: MessageAnswer,
  returns: 'The message saying the role was added',
  refusals: [400, 401, 403, 409],
});

export const save = endpoint({
  method: 'PUT',
  path: '/admin-api/roles',
  operationId: 'saveRole',
  tags,
  summary: "Save a role's descr and privileges (the ticked privilegeIds); an unknown privilege id answers 400",
  access: PLATFORM_ADMIN,
  body: SaveRoleBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: MessageAnswer,
  returns: 'The message saying the role was saved',
  refusals: REFUSED.change,
});
