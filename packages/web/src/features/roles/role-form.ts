import { AddRoleBody, SaveRoleBody } from '@ebt/core/roles';
import { formCheck } from '../../lib/form-check';

// The role forms (B§3 Role, B§5 "Role": role id required, max 10; descr required, 2 to 20 characters). Core's
// schemas are the one copy of the rules; the forms hold text and validate it with them.

export const ROLE_ID_MAX = 10;
export const ROLE_DESCR_MAX = 20;

export interface RoleFormValues {
  roleId: string;
  descr: string;
}

export const EMPTY_ROLE: RoleFormValues = { roleId: '', descr: '' };

/** The edit form: the description and the ticked privilege ids, as the check boxes' values (the id is fixed). */
export interface RoleEditValues {
  descr: string;
  privilegeIds: string[];
}

/** roleApi.add's body: the id as a number, the description trimmed. */
export function roleAddBody(values: RoleFormValues) {
  return { roleId: Number(values.roleId.trim()), descr: values.descr.trim() };
}

/** roleApi.save's body: the role's whole set of privileges, the ticked ones. */
export function roleSaveBody(roleId: number, values: RoleEditValues) {
  return { roleId, descr: values.descr.trim(), privilegeIds: tickedPrivilegeIds(values.privilegeIds) };
}

/** The add form's validation: roleApi.add's own schema, on the text as typed. */
export const validateRoleAdd = formCheck(AddRoleBody, (values: RoleFormValues) => values);

/** The edit form's validation: roleApi.save's schema (the privileges are check boxes of known ids). */
export function validateRoleEdit(roleId: number) {
  return formCheck(SaveRoleBody, (values: RoleEditValues) => roleSaveBody(roleId, values));
}

/** The ids of the privileges ticked, each once and in id order, from the check boxes' string values. */
export function tickedPrivilegeIds(ticked: readonly string[]): number[] {
  return [...new Set(ticked.map(Number))].filter((id) => Number.isInteger(id)).sort((a, b) => a - b);
}
