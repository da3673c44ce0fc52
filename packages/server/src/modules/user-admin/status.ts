import { eq } from 'drizzle-orm';
import { USER_STATUS } from '@ebt/core/enums';
import { canDelete, canDisable, type MessageAnswer, ROLE_MESSAGES, type UserStatusBody } from '@ebt/core/roles';
import type { DbOrTx } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { endUserSessions } from '../../platform/sessions.js';
import { lockUserInScope, otherActivePlatformAdmins, roleIsPlatformAdmin, userAuditView } from './queries.js';

// PUT /user-api/user/{id}/status (Disable) and DELETE /user-api/user/{id} (B§4 "User status", B§7; docs/decisions/0025).
// One transaction each: the user's row locked, the status set, every session ended in the same transaction (the
// caller statement reads the status on every request too, so nothing the user holds keeps working), and the audit row.

/** The user in scope, locked; refuses yourself and a change that would leave /admin without an active admin. */
async function lockTarget(ctx: CallerContext, tx: DbOrTx, id: string): Promise<UserRow> {
  const user = await lockUserInScope(tx, ctx.caller, id);
  if (!user) throw AppError.notFound(ROLE_MESSAGES.USER_NOT_FOUND);
  // Your own session would end with it, and an admin locking themself out helps no one; another admin can do it.
  if (user.id === ctx.caller.userId) throw AppError.conflict(ROLE_MESSAGES.NOT_YOURSELF);
  return user;
}

async function refuseLastPlatformAdmin(tx: DbOrTx, user: UserRow): Promise<void> {
  if (!(await roleIsPlatformAdmin(tx, user.roleId))) return;
  if ((await otherActivePlatformAdmins(tx, user.id)) === 0) throw AppError.conflict(ROLE_MESSAGES.LAST_PLATFORM_ADMIN);
}

async function setStatus(ctx: CallerContext, tx: DbOrTx, user: UserRow, statusId: number, action: string) {
  const now = ctx.now();
  await tx.update(users).set({ statusId, updatedAt: now }).where(eq(users.id, user.id));
  await endUserSessions(tx, user.id, now);
  await recordAudit(tx, ctx, {
    action,
    entity: 'user',
    entityId: user.uuid,
    before: userAuditView(user),
    after: userAuditView({ ...user, statusId }),
  });
}

export async function disableUser(context: RequestContext, id: string, body: UserStatusBody): Promise<MessageAnswer> {
  const ctx = requireCaller(context);
  return ctx.db.transaction(async (tx) => {
    const user = await lockTarget(ctx, tx, id);
    if (user.statusId === USER_STATUS.DELETED) throw AppError.conflict(ROLE_MESSAGES.USER_ALREADY_DELETED);
    if (!canDisable(user.statusId)) throw AppError.conflict(ROLE_MESSAGES.USER_ALREADY_DISABLED);
    await refuseLastPlatformAdmin(tx, user);
    await setStatus(ctx, tx, user, body.userStatusId, 'status');
    return { message: ROLE_MESSAGES.USER_STATUS_UPDATED };
  });
}

/** The user becomes status 4: the row, its links and its audit history stay (B§4: "keeps its history"). */
export async function deleteUser(context: RequestContext, id: string): Promise<MessageAnswer> {
  const ctx = requireCaller(context);
  return ctx.db.transaction(async (tx) => {
    const user = await lockTarget(ctx, tx, id);
    if (!canDelete(user.statusId)) throw AppError.conflict(ROLE_MESSAGES.USER_ALREADY_DELETED);
    await refuseLastPlatformAdmin(tx, user);
    await setStatus(ctx, tx, user, USER_STATUS.DELETED, 'delete');
    return { message: ROLE_MESSAGES.USER_DELETED };
  });
}
