import { z } from 'zod';
import { ErrorBody } from '@ebt/core/errors';
import { PRIVILEGE } from '@ebt/core/privileges';
import { AddRoleBody, MessageAnswer, Privilege, Role, RoleIdParams, RoleOption, SaveRoleBody } from '@ebt/core/roles';
import { privileges, STAFF } from '../../platform/access.js';
import { requireCaller } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { defineRoutes, JSON_BODY_LIMIT } from '../../platform/routes.js';
import { ROLE_MESSAGES } from '@ebt/core/roles';
import { addRole, saveRole } from './change.js';
import { listPrivileges, listRoles } from './queries.js';

// Roles and privileges (B§2 "Admin privileges, roles", B§3, B§5 "Role", B§7; decision 0025). The role picker list is
// for every staff screen that picks a role (the user search and form); the admin screens need NDGADMIN_ACCESS.
const tags = ['roles'];
const PLATFORM_ADMIN = privileges(PRIVILEGE.NDGADMIN_ACCESS);
const readRefusals = { 401: ErrorBody, 403: ErrorBody };

export default defineRoutes((app) => {
  app.get(
    '/user-api/roles',
    {
      schema: {
        tags,
        summary: 'Every role, for the role pickers (roleId, descr)',
        response: { 200: z.array(RoleOption), ...readRefusals },
      },
      config: { access: STAFF },
    },
    async (req) => {
      const ctx = requireCaller(req.ctx);
      return (await listRoles(ctx.db)).map(({ roleId, descr }) => ({ roleId, descr }));
    },
  );

  app.get(
    '/admin-api/privileges',
    {
      schema: {
        tags,
        summary: 'Every privilege: privilegeId, code, descr',
        response: { 200: z.array(Privilege), ...readRefusals },
      },
      config: { access: PLATFORM_ADMIN },
    },
    (req) => listPrivileges(requireCaller(req.ctx).db),
  );

  app.get(
    '/admin-api/roles',
    {
      schema: {
        tags,
        summary: 'Every role with its privileges',
        response: { 200: z.array(Role), ...readRefusals },
      },
      config: { access: PLATFORM_ADMIN },
    },
    (req) => listRoles(requireCaller(req.ctx).db),
  );

  app.get(
    '/admin-api/roles/:roleId',
    {
      schema: {
        tags,
        summary: 'One role with its privileges',
        params: RoleIdParams,
        response: { 200: Role, 400: ErrorBody, 404: ErrorBody, ...readRefusals },
      },
      config: { access: PLATFORM_ADMIN },
    },
    async (req) => {
      const [role] = await listRoles(requireCaller(req.ctx).db, req.params.roleId);
      if (!role) throw AppError.notFound(ROLE_MESSAGES.ROLE_NOT_FOUND);
      return role;
    },
  );

  app.post(
    '/admin-api/roles',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Add a role: roleId (max 10 digits), descr (2 to 20); 409 when the id is taken',
        body: AddRoleBody,
        response: { 201: MessageAnswer, 400: ErrorBody, 409: ErrorBody, ...readRefusals },
      },
      config: { access: PLATFORM_ADMIN },
    },
    async (req, reply) => reply.status(201).send(await addRole(req.ctx, req.body)),
  );

  app.put(
    '/admin-api/roles',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary: "Save a role's descr and privileges (the ticked privilegeIds); an unknown privilege id answers 400",
        body: SaveRoleBody,
        response: { 200: MessageAnswer, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...readRefusals },
      },
      config: { access: PLATFORM_ADMIN },
    },
    (req) => saveRole(req.ctx, req.body),
  );
});
