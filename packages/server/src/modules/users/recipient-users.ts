import { eq } from 'drizzle-orm';
import { isUserEditable, type RecipientUserBody, USER_MESSAGES, type UserChangeAnswer } from '@ebt/core/users';
import { users } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { staffEmailChange } from '../recovery/index.js';
import { lockUserToChange, recipientUserScope } from './queries.js';
import { assertUnique, storedPhone, userAuditView } from './writes.js';

// PATCH /user-api/recipient-users/{id} (B§2 "Users": the recipient-user form, B§7; docs/decisions/0024-users.md): the
// e-mail, username, names and mobile of a recipient's user with an account in the caller's scope (404 otherwise).
// Role, status and places are not on this form: a recipient's programs and agencies are its accounts'.

export async function updateRecipientUser(
  context: RequestContext,
  uuid: string,
  body: RecipientUserBody,
): Promise<UserChangeAnswer> {
  const ctx = requireCaller(context);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const before = await lockUserToChange(tx, ctx.caller, uuid.toLowerCase(), recipientUserScope(tx, ctx.caller));
    if (!isUserEditable(before.statusId)) throw AppError.conflict(USER_MESSAGES.USER_DELETED_READ_ONLY);
    await assertUnique(tx, body, before.id);
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
          updatedAt: now,
        })
        .where(eq(users.id, before.id))
        .returning();
    } catch (error) {
      if (isUniqueViolation(error, 'users_username_lower_key'))
        throw AppError.conflict(USER_MESSAGES.USERNAME_EXISTS, 'username');
      throw error;
    }
    await recordAudit(tx, ctx, {
      action: 'update',
      entity: 'user',
      entityId: before.uuid,
      before: userAuditView(before),
      after: userAuditView(after!),
    });
    return { message: USER_MESSAGES.USER_UPDATED };
  });
}
