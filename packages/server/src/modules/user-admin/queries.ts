import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { USER_STATUS } from '@ebt/core/enums';
import { PRIVILEGE } from '@ebt/core/privileges';
import type { DbOrTx } from '../../db/client.js';
import { privileges, rolePrivileges, users, type UserRow } from '../../db/schema/index.js';
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
    .where(and(byId(id), userScope(tx, caller)))
    .for('update')
    .limit(1);
  return row;
}

export async function readUserInScope(db: DbOrTx, caller: Caller, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(byId(id), userScope(db, caller)))
    .limit(1);
  return row;
}

/**
 * How many users who may sign in (Registered or Enabled) hold NDGADMIN_ACCESS through their role, leaving out
 * one user (the one being disabled, deleted or moved to another role). Locks the platform admins' rows first so two
 * concurrent changes cannot each see the other as the remaining admin.
 */
export async function otherActivePlatformAdmins(tx: DbOrTx, exceptUserId: number | null): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(rolePrivileges, eq(rolePrivileges.roleId, users.roleId))
    .innerJoin(privileges, eq(privileges.id, rolePrivileges.privilegeId))
    .where(
      and(
        eq(privileges.code, PRIVILEGE.NDGADMIN_ACCESS),
        inArray(users.statusId, [USER_STATUS.REGISTERED, USER_STATUS.ENABLED]),
        exceptUserId === null ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .for('update', { of: users });
  return rows.length;
}

/** True when the role grants NDGADMIN_ACCESS. */
export async function roleIsPlatformAdmin(db: DbOrTx, roleId: number): Promise<boolean> {
  const [row] = await db
    .select({ roleId: rolePrivileges.roleId })
    .from(rolePrivileges)
    .innerJoin(privileges, eq(privileges.id, rolePrivileges.privilegeId))
    .where(and(eq(rolePrivileges.roleId, roleId), eq(privileges.code, PRIVILEGE.NDGADMIN_ACCESS)))
    .limit(1);
  return !!row;
}

/** The audit view of a user: who and what state, never a hash. */
export function userAuditView(user: UserRow) {
  return { username: user.username, statusId: user.statusId, roleId: user.roleId };
}
