import { eq } from 'drizzle-orm';
import { type MessageAnswer, ROLE_MESSAGES, type UserRoles, type UserRolesBody } from '@ebt/core/roles';
import { roles, users } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { lockUserInScope, otherActivePlatformAdmins, readUserInScope, roleIsPlatformAdmin } from './queries.js';

// GET and PUT /user-api/user/{id}/roles (B§2 "Admin user view", B§4 "Roles (user)", B§7; decision 0025). A user holds
// one role (users.role_id), so roleIds is a list of one. The caller's privileges are read from the database on every
// request (platform/caller-statement.ts), so the new role's privileges apply from the user's next request; their
// sessions stay open.

export async function getUserRoles(context: RequestContext, id: string): Promise<UserRoles> {
  const ctx = requireCaller(context);
  const user = await readUserInScope(ctx.db, ctx.caller, id);
  if (!user) throw AppError.notFound(ROLE_MESSAGES.USER_NOT_FOUND);
  const [role] = await ctx.db
    .select({ roleId: roles.id, descr: roles.descr })
    .from(roles)
    .where(eq(roles.id, user.roleId));
  return { userUuid: user.uuid, roleIds: [user.roleId], roles: role ? [role] : [] };
}

export async function setUserRoles(context: RequestContext, id: string, body: UserRolesBody): Promise<MessageAnswer> {
  const ctx = requireCaller(context);
  const roleId = body.roleIds[0]!;
  return ctx.db.transaction(async (tx) => {
    const user = await lockUserInScope(tx, ctx.caller, id);
    if (!user) throw AppError.notFound(ROLE_MESSAGES.USER_NOT_FOUND);
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
    if (!role) throw AppError.badRequest(ROLE_MESSAGES.ROLE_UNKNOWN, 'roleIds');
    if (user.roleId === roleId) return { message: ROLE_MESSAGES.USER_ROLES_UPDATED };
    // Moving the last active platform admin to a role without NDGADMIN_ACCESS would close /admin for good.
    if (
      (await roleIsPlatformAdmin(tx, user.roleId)) &&
      !(await roleIsPlatformAdmin(tx, roleId)) &&
      (await otherActivePlatformAdmins(tx, user.id)) === 0
    )
      throw AppError.conflict(ROLE_MESSAGES.LAST_PLATFORM_ADMIN);
    await tx.update(users).set({ roleId, updatedAt: ctx.now() }).where(eq(users.id, user.id));
    await recordAudit(tx, ctx, {
      action: 'roles',
      entity: 'user',
      entityId: user.uuid,
      before: { roleIds: [user.roleId] },
      after: { roleIds: [roleId] },
    });
    return { message: ROLE_MESSAGES.USER_ROLES_UPDATED };
  });
}
