import { eq } from 'drizzle-orm';
import { ROLE_MESSAGES } from '@ebt/core/roles';
import {
  isRecipientRole,
  isUserEditable,
  mayGiveRole,
  USER_MESSAGES,
  type UserFormInput,
  type UserChangeAnswer,
} from '@ebt/core/users';
import type { DbOrTx } from '../../db/client.js';
import { userAgencies, userPrograms, users } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { staffEmailChange } from '../recovery/index.js';
import { lockPlatformAdminSet, wouldLeaveNoPlatformAdmin } from '../../platform/platform-admins.js';
import { SIGN_IN_STATUSES } from '../../platform/session-hook.js';
import { endUserSessions } from '../../platform/sessions.js';
import { lockUserToChange, syncStaffPlaces } from './queries.js';
import { userScope } from '../../platform/user-scope.js';
import { assertUnique, checkRoleAndPlaces, storedPhone, userAuditView } from './writes.js';

// PUT /user-api/user/{id} (B§5 "User form", B§7; docs/decisions/0024-users.md): the staff form's save, with Add user's
// rules. The user is read in the caller's scope (404 outside it) and locked; a deleted user answers 409 (its forms
// are disabled, B§4); the caller must be allowed to give both the user's current role and the new one (B§6: an agency
// user cannot edit an agency admin). Saving Disabled ends the user's sessions at once, as Disable does.

export async function updateUser(
  context: RequestContext,
  uuid: string,
  body: UserFormInput,
): Promise<UserChangeAnswer> {
  const ctx = requireCaller(context);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // Before any row lock: the form can take a platform admin's role or status away (platform/platform-admins.ts).
    await lockPlatformAdminSet(tx);
    const before = await lockUserToChange(tx, ctx.caller, uuid.toLowerCase(), userScope(ctx.caller));
    if (!isUserEditable(before.statusId)) throw AppError.conflict(USER_MESSAGES.USER_DELETED_READ_ONLY);
    if (isRecipientRole(before.roleId)) throw AppError.badRequest(USER_MESSAGES.RECIPIENT_USER_FORM, 'roleId');
    if (!mayGiveRole([...ctx.caller.privileges], before.roleId))
      throw AppError.forbidden(USER_MESSAGES.ROLE_NOT_ALLOWED);
    if (before.id === ctx.caller.userId && (body.roleId !== before.roleId || body.userStatusId !== before.statusId))
      throw AppError.conflict(USER_MESSAGES.OWN_ROLE_OR_STATUS);
    if (await wouldLeaveNoPlatformAdmin(tx, before, { roleId: body.roleId, statusId: body.userStatusId }))
      throw AppError.conflict(ROLE_MESSAGES.LAST_PLATFORM_ADMIN);
    const places = await checkRoleAndPlaces({ ...ctx, db: tx }, body);
    await assertUnique(tx, body, before.id);
    const beforePlaces = await staffPlaceIds(tx, before.id);
    const email = await staffEmailChange(tx, ctx, before, body.email);
    let after;
    try {
      [after] = await tx
        .update(users)
        .set({
          username: body.username,
          ...email,
          firstName: body.firstname,
          middleName: body.middlename || null,
          lastName: body.lastname,
          mobile: storedPhone(body.mobile),
          phone: storedPhone(body.phone),
          statusId: body.userStatusId,
          roleId: body.roleId,
          updatedAt: now,
        })
        .where(eq(users.id, before.id))
        .returning();
    } catch (error) {
      if (isUniqueViolation(error, 'users_username_lower_key'))
        throw AppError.conflict(USER_MESSAGES.USERNAME_EXISTS, 'username');
      throw error;
    }
    await syncStaffPlaces(tx, before.id, places, now);
    // A status that may not sign in (Disabled, Pending) ends the user's sessions at once, as Disable does.
    if (!SIGN_IN_STATUSES.includes(body.userStatusId) && SIGN_IN_STATUSES.includes(before.statusId))
      await endUserSessions(tx, before.id, now);
    await recordAudit(tx, ctx, {
      action: 'update',
      entity: 'user',
      entityId: before.uuid,
      before: userAuditView(before, beforePlaces),
      after: userAuditView(after!, await staffPlaceIds(tx, before.id)),
    });
    return { message: USER_MESSAGES.USER_UPDATED };
  });
}

/** The user's staff links as ids, for the audit's before and after. */
async function staffPlaceIds(tx: DbOrTx, userId: number) {
  // One statement at a time: a transaction has one connection.
  const programRows = await tx
    .select({ id: userPrograms.programId })
    .from(userPrograms)
    .where(eq(userPrograms.userId, userId));
  const agencyRows = await tx
    .select({ id: userAgencies.agencyId })
    .from(userAgencies)
    .where(eq(userAgencies.userId, userId));
  return { programIds: programRows.map((r) => r.id).sort(), agencyIds: agencyRows.map((r) => r.id).sort() };
}
