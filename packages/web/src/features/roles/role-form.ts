import { AddRoleBody, roleDescrField } from '@ebt/core/roles';
import { schemaResolver } from '@mantine/form';
import { z } from 'zod';

// The role forms (B§3 Role, B§5 "Role": role id required, max 10; descr required, 2 to 20 characters). Core's
// schemas are the one copy of the rules; the forms hold text and validate it with them.

export const ROLE_ID_MAX = 10;
export const ROLE_DESCR_MAX = 20;

export interface RoleFormValues {
  roleId: string;
  descr: string;
}

export const EMPTY_ROLE: RoleFormValues = { roleId: '', descr: '' };

/** The add form's validation: roleApi.add's own schema (AddRoleBody). */
export const validateRoleAdd = schemaResolver(AddRoleBody, { sync: true });

/** The edit form's validation: the description (the id is fixed; the privileges are check boxes of known ids). */
export const validateRoleEdit = schemaResolver(z.object({ descr: roleDescrField() }), { sync: true });

/** The ids of the privileges ticked, each once and in id order, from the check boxes' string values. */
export function tickedPrivilegeIds(ticked: readonly string[]): number[] {
  return [...new Set(ticked.map(Number))].filter((id) => Number.isInteger(id)).sort((a, b) => a - b);
}
