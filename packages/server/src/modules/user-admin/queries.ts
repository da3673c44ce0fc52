import { and, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/index.js';
import type { Caller } from '../../platform/caller.js';
import { ROLE_MESSAGES } from '@ebt/core/roles';
import { AppError } from '../../platform/errors.js';
import { assertHeldWhole, userHeldWhole, userScope } from '../../platform/user-scope.js';

/** {id} is a uuid or the numeric userId (core UserIdParams). */
function byId(id: string): SQL {
  return /^\d+$/.test(id) ? eq(users.id, Number(id)) : eq(users.uuid, id.toLowerCase());
}

/**
 * The user row, locked for the change, when it exists, is in the caller's scope and is held wholly by the caller
 * (platform/user-scope.ts); 404 with 'User not found.' otherwise, audited when the caller sees the user only in part.
 */
export async function lockUserToChange(tx: DbOrTx, caller: Caller, id: string): Promise<UserRow> {
  const [row] = await tx
    .select({ user: users, heldWhole: userHeldWhole(caller).mapWith(Boolean) })
    .from(users)
    .where(and(byId(id), userScope(caller)))
    .for('update')
    .limit(1);
  if (!row) throw AppError.notFound(ROLE_MESSAGES.USER_NOT_FOUND);
  assertHeldWhole({ uuid: row.user.uuid, heldWhole: row.heldWhole }, ROLE_MESSAGES.USER_NOT_FOUND);
  return row.user;
}

export async function readUserInScope(db: DbOrTx, caller: Caller, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(byId(id), userScope(caller)))
    .limit(1);
  return row;
}

/** The audit view of a user: who and what state, never a hash. */
export function userAuditView(user: UserRow) {
  return { username: user.username, statusId: user.statusId, roleId: user.roleId };
}
