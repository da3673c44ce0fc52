import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { USER_STATUS } from '@ebt/core/enums';
import { PRIVILEGE } from '@ebt/core/privileges';
import type { Privilege, Role } from '@ebt/core/roles';
import type { DbOrTx } from '../../db/client.js';
import { privileges, rolePrivileges, roles, users } from '../../db/schema/index.js';

export async function listPrivileges(db: DbOrTx): Promise<Privilege[]> {
  return db
    .select({ privilegeId: privileges.id, code: privileges.code, descr: privileges.descr })
    .from(privileges)
    .orderBy(asc(privileges.id));
}

/** Roles with their privileges: two statements whatever the number of roles. */
export async function listRoles(db: DbOrTx, roleId?: number): Promise<Role[]> {
  const roleRows = await db
    .select({ roleId: roles.id, descr: roles.descr })
    .from(roles)
    .where(roleId === undefined ? undefined : eq(roles.id, roleId))
    .orderBy(asc(roles.id));
  if (roleRows.length === 0) return [];
  const grants = await db
    .select({
      roleId: rolePrivileges.roleId,
      privilegeId: privileges.id,
      code: privileges.code,
      descr: privileges.descr,
    })
    .from(rolePrivileges)
    .innerJoin(privileges, eq(privileges.id, rolePrivileges.privilegeId))
    .where(
      inArray(
        rolePrivileges.roleId,
        roleRows.map((r) => r.roleId),
      ),
    )
    .orderBy(asc(privileges.id));
  return roleRows.map((role) => ({
    ...role,
    privileges: grants
      .filter((g) => g.roleId === role.roleId)
      .map(({ privilegeId, code, descr }) => ({ privilegeId, code, descr })),
  }));
}

/**
 * Users who may sign in (Registered or Enabled) and hold NDGADMIN_ACCESS through a role other than `roleId`: those
 * still able to open /admin when `roleId` loses the privilege. Their rows are locked so two concurrent role saves
 * cannot each count on the other's admins.
 */
export async function platformAdminsOutsideRole(tx: DbOrTx, roleId: number): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(rolePrivileges, eq(rolePrivileges.roleId, users.roleId))
    .innerJoin(privileges, eq(privileges.id, rolePrivileges.privilegeId))
    .where(
      and(
        eq(privileges.code, PRIVILEGE.NDGADMIN_ACCESS),
        ne(users.roleId, roleId),
        inArray(users.statusId, [USER_STATUS.REGISTERED, USER_STATUS.ENABLED]),
      ),
    )
    .for('update', { of: users });
  return rows.length;
}

/** The id of the NDGADMIN_ACCESS privilege row. */
export async function platformAdminPrivilegeId(db: DbOrTx): Promise<number | undefined> {
  const [row] = await db
    .select({ id: privileges.id })
    .from(privileges)
    .where(eq(privileges.code, PRIVILEGE.NDGADMIN_ACCESS));
  return row?.id;
}
