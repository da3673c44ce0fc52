import { eq } from 'drizzle-orm';
import { USER_STATUS } from '@ebt/core/enums';
import { canDelete, canDisable, type MessageAnswer, ROLE_MESSAGES, type UserStatusBody } from '@ebt/core/roles';
import type { DbOrTx } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { endUserSessions } from '../../platform/sessions.js';
import { isRecipientRole, mayGiveRole, USER_MESSAGES } from '@ebt/core/users';
import { lockPlatformAdminSet, wouldLeaveNoPlatformAdmin } from '../../platform/platform-admins.js';
import { endLiveTokens } from '../recovery/index.js';
import { lockUserToChange, userAuditView } from './queries.js';

// PUT /user-api/user/{id}/status (Disable) and DELETE /user-api/user/{id} (B§4 "User status", B§7; docs/decisions/0025).
// One transaction each: the user's row locked, the status set, every session ended in the same transaction (the
// caller statement reads the status on every request too, so nothing the user holds keeps working), and the audit row.

/**
 * The user in scope, locked, after the platform-admin set's lock (platform/platform-admins.ts). Refuses yourself, and
 * a user whose role the caller may not give (B§6's creator matrix, as the staff form applies it: a program admin
 * neither edits nor disables a program user); a recipient's user is any staff's in scope.
 */
async function lockTarget(ctx: CallerContext, tx: DbOrTx, id: string): Promise<UserRow> {
  await lockPlatformAdminSet(tx);
  const user = await lockUserToChange(tx, ctx.caller, id);
  // Your own session would end with it, and an admin locking themself out helps no one; another admin can do it.
  if (user.id === ctx.caller.userId) throw AppError.conflict(ROLE_MESSAGES.NOT_YOURSELF);
  if (!isRecipientRole(user.roleId) && !mayGiveRole([...ctx.caller.privileges], user.roleId))
    throw AppError.forbidden(USER_MESSAGES.ROLE_NOT_ALLOWED);
  return user;
}

/** A change that would leave /admin without an active user holding NDGADMIN_ACCESS is refused (decision 0025). */
async function refuseLastPlatformAdmin(tx: DbOrTx, user: UserRow, statusId: number): Promise<void> {
  if (await wouldLeaveNoPlatformAdmin(tx, user, { roleId: user.roleId, statusId }))
    throw AppError.conflict(ROLE_MESSAGES.LAST_PLATFORM_ADMIN);
}

async function setStatus(ctx: CallerContext, tx: DbOrTx, user: UserRow, statusId: number, action: string) {
  const now = ctx.now();
  await tx.update(users).set({ statusId, updatedAt: now }).where(eq(users.id, user.id));
  await endUserSessions(tx, user.id, now);
  // Links and codes already sent stop working too: an activation link would otherwise enable the user again.
  for (const purpose of ['activation', 'reset', 'otp'] as const) await endLiveTokens(tx, user.id, purpose, now);
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
    await refuseLastPlatformAdmin(tx, user, body.userStatusId);
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
    await refuseLastPlatformAdmin(tx, user, USER_STATUS.DELETED);
    await setStatus(ctx, tx, user, USER_STATUS.DELETED, 'delete');
    return { message: ROLE_MESSAGES.USER_DELETED };
  });
}
