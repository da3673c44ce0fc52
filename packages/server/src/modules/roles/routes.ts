import { ROLE_MESSAGES, roleApi } from '@ebt/core/roles';
import { requireCaller } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { handle, routeTable } from '../../platform/routes.js';
import { addRole, saveRole } from './change.js';
import { listPrivileges, listRoles } from './queries.js';

// Roles and privileges: each contract of @ebt/core/roles (roleApi) bound to its use case.
export default routeTable([
  handle(roleApi.options, async (req) => {
    const ctx = requireCaller(req.ctx);
    return (await listRoles(ctx.db)).map(({ roleId, descr }) => ({ roleId, descr }));
  }),
  handle(roleApi.privilegeList, (req) => listPrivileges(requireCaller(req.ctx).db)),
  handle(roleApi.list, (req) => listRoles(requireCaller(req.ctx).db)),
  handle(roleApi.detail, async (req) => {
    const [role] = await listRoles(requireCaller(req.ctx).db, req.params.roleId);
    if (!role) throw AppError.notFound(ROLE_MESSAGES.ROLE_NOT_FOUND);
    return role;
  }),
  handle(roleApi.add, async (req, reply) => reply.status(201).send(await addRole(req.ctx, req.body))),
  handle(roleApi.save, (req) => saveRole(req.ctx, req.body)),
]);
