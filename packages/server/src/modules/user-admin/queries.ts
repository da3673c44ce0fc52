import { and, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/index.js';
import type { Caller } from '../../platform/caller.js';
import { userScope } from '../../platform/user-scope.js';

/** {id} is a uuid or the numeric userId (core UserIdParams). */
function byId(id: string): SQL {
  return /^\d+$/.test(id) ? eq(users.id, Number(id)) : eq(users.uuid, id.toLowerCase());
}

/** The user row, locked for the change, when it exists and is in the caller's scope; undefined otherwise (404). */
export async function lockUserInScope(tx: DbOrTx, caller: Caller, id: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(byId(id), userScope(caller)))
    .for('update')
    .limit(1);
  return row;
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
