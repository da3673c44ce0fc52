import { eq } from 'drizzle-orm';
import { roleTakesAgency, roleTakesProgram, USER_STATUS } from '@ebt/core/enums';
import { isRecipientRole, USER_MESSAGES } from '@ebt/core/users';
import { type MessageAnswer, ROLE_MESSAGES, type UserRoles, type UserRolesBody } from '@ebt/core/roles';
import { roles, users } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { lockPlatformAdminSet, wouldLeaveNoPlatformAdmin } from '../../platform/platform-admins.js';
import { syncStaffPlaces } from '../users/index.js';
import { lockUserToChange, readUserInScope } from './queries.js';

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
    await lockPlatformAdminSet(tx);
    const user = await lockUserToChange(tx, ctx.caller, id);
    // As on the staff form: a deleted user's forms are closed, nobody changes their own role, and a recipient's user
    // is made on the Recipient Add screen, not by giving a staff user role 3 (or taking it from a recipient's user).
    if (user.statusId === USER_STATUS.DELETED) throw AppError.conflict(ROLE_MESSAGES.USER_ALREADY_DELETED);
    if (user.id === ctx.caller.userId) throw AppError.conflict(USER_MESSAGES.OWN_ROLE_OR_STATUS);
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
    if (!role) throw AppError.badRequest(ROLE_MESSAGES.ROLE_UNKNOWN, 'roleIds');
    if (user.roleId === roleId) return { message: ROLE_MESSAGES.USER_ROLES_UPDATED };
    if (isRecipientRole(roleId) || isRecipientRole(user.roleId))
      throw AppError.badRequest(USER_MESSAGES.RECIPIENT_ROLE, 'roleIds');
    // Moving the last active platform admin to a role without NDGADMIN_ACCESS would close /admin for good.
    if (await wouldLeaveNoPlatformAdmin(tx, user, { roleId, statusId: user.statusId }))
      throw AppError.conflict(ROLE_MESSAGES.LAST_PLATFORM_ADMIN);
    const now = ctx.now();
    await tx.update(users).set({ roleId, updatedAt: now }).where(eq(users.id, user.id));
    // Links of a kind the new role does not take go (an agency admin made program admin leaves its agency), as the
    // staff form's save does; the program or agency the new role needs is chosen on the user's form.
    await syncStaffPlaces(
      tx,
      user.id,
      {
        takesProgram: roleTakesProgram(roleId, true),
        programId: null,
        takesAgency: roleTakesAgency(roleId),
        agencyId: null,
      },
      now,
    );
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
