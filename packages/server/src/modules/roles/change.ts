import { eq } from 'drizzle-orm';
import { dataMessage } from '@ebt/core/messages';
import { type AddRoleBody, type MessageAnswer, ROLE_MESSAGES, type SaveRoleBody, unknownIds } from '@ebt/core/roles';
import { rolePrivileges, roles } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { lockPlatformAdminSet } from '../../platform/platform-admins.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { listPrivileges, listRoles, platformAdminPrivilegeId, platformAdminsOutsideRole } from './queries.js';

// POST and PUT /admin-api/roles (B§2 "Admin privileges, roles", B§5 "Role", B§6, B§8; decision 0025). A role's
// privileges are what its users may do from their next request (the caller statement reads them every time).

/** POST /admin-api/roles: a new role without privileges; the administrator ticks them on the edit screen. */
export async function addRole(context: RequestContext, body: AddRoleBody): Promise<MessageAnswer> {
  const ctx = requireCaller(context);
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, body.roleId));
    if (existing) throw AppError.conflict(ROLE_MESSAGES.ROLE_ID_EXISTS, 'roleId');
    const now = ctx.now();
    try {
      await tx.insert(roles).values({ id: body.roleId, descr: body.descr, createdAt: now, updatedAt: now });
    } catch (error) {
      // Two adds of one id at once: the primary key decides, and the loser reads the same 409.
      if (isUniqueViolation(error, 'roles_pkey')) throw AppError.conflict(ROLE_MESSAGES.ROLE_ID_EXISTS, 'roleId');
      throw error;
    }
    await recordAudit(tx, ctx, {
      action: 'create',
      entity: 'role',
      entityId: body.roleId,
      after: { roleId: body.roleId, descr: body.descr },
    });
    return { message: ROLE_MESSAGES.ROLE_ADDED };
  });
}

/** PUT /admin-api/roles: descr and the whole privilege set (ticked ones kept or added, unticked ones removed). */
export async function saveRole(context: RequestContext, body: SaveRoleBody): Promise<MessageAnswer> {
  const ctx = requireCaller(context);
  const privilegeIds = [...new Set(body.privilegeIds)];
  return ctx.db.transaction(async (tx) => {
    // Before any row lock: two roles losing NDGADMIN_ACCESS at once must not each count the other's users.
    await lockPlatformAdminSet(tx);
    const [locked] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, body.roleId)).for('update');
    if (!locked) throw AppError.notFound(ROLE_MESSAGES.ROLE_NOT_FOUND);
    const known = (await listPrivileges(tx)).map((p) => p.privilegeId);
    const unknown = unknownIds(privilegeIds, known);
    if (unknown.length > 0)
      throw AppError.badRequest(
        dataMessage(ROLE_MESSAGES.PRIVILEGE_UNKNOWN, { ids: unknown.join(', ') }),
        'privilegeIds',
      );
    const [before] = await listRoles(tx, body.roleId);
    const adminPrivilege = await platformAdminPrivilegeId(tx);
    const losesAdmin =
      adminPrivilege !== undefined &&
      before!.privileges.some((p) => p.privilegeId === adminPrivilege) &&
      !privilegeIds.includes(adminPrivilege);
    if (losesAdmin && (await platformAdminsOutsideRole(tx, body.roleId)) === 0)
      throw AppError.conflict(ROLE_MESSAGES.LAST_PLATFORM_ADMIN, 'privilegeIds');

    await tx.update(roles).set({ descr: body.descr, updatedAt: ctx.now() }).where(eq(roles.id, body.roleId));
    await tx.delete(rolePrivileges).where(eq(rolePrivileges.roleId, body.roleId));
    if (privilegeIds.length > 0)
      await tx.insert(rolePrivileges).values(privilegeIds.map((privilegeId) => ({ roleId: body.roleId, privilegeId })));
    await recordAudit(tx, ctx, {
      action: 'update',
      entity: 'role',
      entityId: body.roleId,
      before: { descr: before!.descr, privilegeIds: before!.privileges.map((p) => p.privilegeId) },
      after: { descr: body.descr, privilegeIds: [...privilegeIds].sort((a, b) => a - b) },
    });
    return { message: ROLE_MESSAGES.ROLE_SAVED };
  });
}
