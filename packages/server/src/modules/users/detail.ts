import { USER_MESSAGES, type UserDetail } from '@ebt/core/users';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findUser, placesOfUsers, recipientUserScope } from './queries.js';
import { userScope } from '../../platform/user-scope.js';

// GET /user-api/user/{id} and GET /user-api/recipient-users/{id} (B§3 "User", B§7; docs/decisions/0024-users.md). The
// user is read within the caller's scope: another program's or agency's user answers 404 like a missing one.

/** The B§3 User of a row, with its programs and agencies. */
export async function userDetail(
  db: DbOrTx,
  user: UserRow,
  roleDescr: string,
  changeable: boolean,
): Promise<UserDetail> {
  const places = (await placesOfUsers(db, [user.id])).get(user.id)!;
  return {
    userId: user.id,
    userUuid: user.uuid,
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerified ? 'Y' : 'N',
    firstname: user.firstName,
    middlename: user.middleName,
    lastname: user.lastName,
    mobile: user.mobile,
    phone: user.phone,
    userStatusId: user.statusId,
    creationDate: user.createdAt.toISOString(),
    failedLogins: user.failedLogins,
    failedResets: user.failedResets,
    otpPreference: user.otpPreference,
    roleId: user.roleId,
    roleDescr,
    ...places,
    pendingEmail: user.pendingEmail,
    changeable,
  };
}

/** GET /user-api/user/{id}: any user in the caller's scope (staff or a recipient's user). */
export async function getUser(context: RequestContext, uuid: string): Promise<UserDetail> {
  const ctx = requireCaller(context);
  const found = await findUser(ctx.db, ctx.caller, uuid.toLowerCase(), userScope(ctx.caller));
  if (!found) throw AppError.notFound(USER_MESSAGES.USER_NOT_FOUND);
  return userDetail(ctx.db, found.user, found.roleDescr, found.heldWhole);
}

/** GET /user-api/recipient-users/{id}: a recipient's user with an account in the caller's scope. */
export async function getRecipientUser(context: RequestContext, uuid: string): Promise<UserDetail> {
  const ctx = requireCaller(context);
  const found = await findUser(ctx.db, ctx.caller, uuid.toLowerCase(), recipientUserScope(ctx.db, ctx.caller));
  if (!found) throw AppError.notFound(USER_MESSAGES.USER_NOT_FOUND);
  return userDetail(ctx.db, found.user, found.roleDescr, found.heldWhole);
}
