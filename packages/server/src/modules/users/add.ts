import { randomUUID } from 'node:crypto';
import { type AddUserBody, USER_MESSAGES, type UserAdded } from '@ebt/core/users';
import { users } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { issueActivationLink } from '../recovery/index.js';
import { syncStaffPlaces } from './queries.js';
import { assertUnique, checkRoleAndPlaces, storedPhone, userAuditView } from './writes.js';

// POST /user-api/user (B§5 "Add user", "User form", B§6 creator rules, B§7; docs/decisions/0024-users.md): the user,
// its program or agency, and, when 'Send Activation Email' is ticked, its activation e-mail (the recovery module's
// link), in one transaction: a refusal anywhere leaves nothing behind. The user has no password until activation.

export async function addUser(context: RequestContext, body: AddUserBody): Promise<UserAdded> {
  const ctx = requireCaller(context);
  const places = await checkRoleAndPlaces(ctx, body);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await assertUnique(tx, body);
    const uuid = randomUUID();
    let created;
    try {
      [created] = await tx
        .insert(users)
        .values({
          uuid,
          username: body.username,
          email: body.email,
          firstName: body.firstname,
          middleName: body.middlename || null,
          lastName: body.lastname,
          mobile: storedPhone(body.mobile),
          phone: storedPhone(body.phone),
          statusId: body.userStatusId,
          roleId: body.roleId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
    } catch (error) {
      if (isUniqueViolation(error, 'users_username_lower_key'))
        throw AppError.conflict(USER_MESSAGES.USERNAME_EXISTS, 'username');
      throw error;
    }
    const user = created!;
    await syncStaffPlaces(tx, user.id, places, now);
    await recordAudit(tx, ctx, {
      action: 'create',
      entity: 'user',
      entityId: uuid,
      after: userAuditView(user, places),
    });
    if (body.sendActivation) {
      await issueActivationLink(tx, ctx, user);
      await recordAudit(tx, ctx, {
        action: 'send-activation',
        entity: 'user',
        entityId: uuid,
        after: { activationLink: 'sent' },
      });
    }
    return { message: USER_MESSAGES.USER_ADDED, userUuid: uuid };
  });
}
