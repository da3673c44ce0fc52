import { ROLE_LABEL, type RoleId } from '@ebt/core/enums';

/** A role id's choice in a picker: the name roleApi.options answers when loaded, else B§9's. */
export function roleOptionsOf(
  roleIds: readonly number[],
  roles: readonly { roleId: number; descr: string }[] | undefined,
): { value: string; label: string }[] {
  return roleIds.map((roleId) => ({
    value: String(roleId),
    label: roles?.find((r) => r.roleId === roleId)?.descr ?? ROLE_LABEL[roleId as RoleId] ?? String(roleId),
  }));
}
