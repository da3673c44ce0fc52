import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { PRIVILEGE } from '@ebt/core/privileges';
import type { DbOrTx } from '../db/client.js';
import { privileges, rolePrivileges, users } from '../db/schema/index.js';
import { SIGN_IN_STATUSES } from './session-hook.js';

// The rule that /admin never loses its last active user holding NDGADMIN_ACCESS (decision 0025), in one place for
// every change that can shrink that set: disable, delete, a user's role, the staff form's role or status, a role's
// privileges.

// Any fixed number, apart from the other advisory locks (db/migrate.ts 728_463_001, recipients 728_463_010).
const PLATFORM_ADMIN_SET_LOCK = 728_463_020;

/**
 * Serialises the transactions that can shrink the set of active platform admins, for the rest of the transaction.
 * Take it first, before any row lock: two such changes (two admins disabling each other, two roles losing
 * NDGADMIN_ACCESS at once) would otherwise each count the other's admins as the ones that remain, and each lock rows
 * in its own order (a deadlock).
 */
export async function lockPlatformAdminSet(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PLATFORM_ADMIN_SET_LOCK})`);
}

/**
 * How many users who may sign in (Registered or Enabled) hold NDGADMIN_ACCESS through their role, leaving out one user
 * (the one being disabled, deleted or moved to another role). Call under lockPlatformAdminSet.
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
        inArray(users.statusId, [...SIGN_IN_STATUSES]),
        exceptUserId === null ? undefined : ne(users.id, exceptUserId),
      ),
    );
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

/**
 * True when a user of `roleId` and `statusId` holding NDGADMIN_ACCESS now would no longer count as an active platform
 * admin after becoming `next`, and nobody else does: the change must be refused. Call under lockPlatformAdminSet.
 */
export async function wouldLeaveNoPlatformAdmin(
  tx: DbOrTx,
  user: { id: number; roleId: number; statusId: number },
  next: { roleId: number; statusId: number },
): Promise<boolean> {
  if (!SIGN_IN_STATUSES.includes(user.statusId) || !(await roleIsPlatformAdmin(tx, user.roleId))) return false;
  const staysAdmin =
    SIGN_IN_STATUSES.includes(next.statusId) &&
    (next.roleId === user.roleId || (await roleIsPlatformAdmin(tx, next.roleId)));
  if (staysAdmin) return false;
  return (await otherActivePlatformAdmins(tx, user.id)) === 0;
}
