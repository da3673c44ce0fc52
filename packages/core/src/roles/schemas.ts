import { z } from 'zod';
import { DATABASE_INT_MAX } from '../constants/limits.js';
import { USER_STATUS } from '../enums/statuses.js';
import { databaseId, databaseIdDigits } from '../validation/numbers.js';
import { text } from '../validation/text.js';
import { ROLE_MESSAGES } from './messages.js';

// Users' status, roles of a user, and the admin roles and privileges (B§3 "Role", "Privilege"; B§4 "User status",
// "Roles (user)"; B§5 "Role"; B§7 "Users and roles"; docs/decisions/0025).

/** {id} of /user-api/user/{id}/...: the user's uuid (A§2 links users by uuid) or its numeric userId. */
export const UserIdParams = z.object({ id: z.union([z.uuid(), databaseIdDigits()]) });
export type UserIdParams = z.infer<typeof UserIdParams>;

/** {uuid} of /user-api/user/reset-otp/{uuid}. */
export const UserUuidParams = z.object({ uuid: z.uuid() });

/** PUT /user-api/user/{id}/status: only Disable (3) is set here (B§4, B§7); delete has its own call. */
export const UserStatusBody = z.object({
  userStatusId: z.literal(USER_STATUS.DISABLED, { error: ROLE_MESSAGES.STATUS_ONLY_DISABLE }),
});
export type UserStatusBody = z.infer<typeof UserStatusBody>;

export const MessageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswer>;

/**
 * A role id (B§5: required, max 10): digits, as a JSON number or a string of at most 10 digits; roles.id is an integer
 * column, so 1 to 2147483647 (a 10-digit id above that is refused rather than failing in SQL).
 */
export const roleIdField = () =>
  z
    .union([z.number({ error: ROLE_MESSAGES.ROLE_ID_REQUIRED }), text(ROLE_MESSAGES.ROLE_ID_REQUIRED).trim()])
    .refine((v) => String(v) !== '', { message: ROLE_MESSAGES.ROLE_ID_REQUIRED, abort: true })
    .refine((v) => /^\d{1,10}$/.test(String(v)), { message: ROLE_MESSAGES.ROLE_ID_INVALID, abort: true })
    .transform(Number)
    .refine((n) => n >= 1 && n <= DATABASE_INT_MAX, ROLE_MESSAGES.ROLE_ID_INVALID);

/** descr: required, 2 to 20 characters (B§3, B§5). */
export const roleDescrField = () =>
  text(ROLE_MESSAGES.ROLE_DESCR_LENGTH)
    .trim()
    .min(2, ROLE_MESSAGES.ROLE_DESCR_LENGTH)
    .max(20, ROLE_MESSAGES.ROLE_DESCR_LENGTH);

export const RoleIdParams = z.object({ roleId: roleIdField() });

/** POST /admin-api/roles. */
export const AddRoleBody = z.object({ roleId: roleIdField(), descr: roleDescrField() });
export type AddRoleBody = z.infer<typeof AddRoleBody>;

/** PUT /admin-api/roles: the role's descr and the whole set of its privileges (ticked ones; unticked are removed). */
export const SaveRoleBody = z.object({
  roleId: roleIdField(),
  descr: roleDescrField(),
  privilegeIds: z.array(databaseId()).max(200),
});
export type SaveRoleBody = z.infer<typeof SaveRoleBody>;

/** B§3 "Privilege". */
export const Privilege = z.object({ privilegeId: z.number(), code: z.string(), descr: z.string() });
export type Privilege = z.infer<typeof Privilege>;

/** B§3 "Role": roleId, descr, privileges. */
export const Role = z.object({ roleId: z.number(), descr: z.string(), privileges: z.array(Privilege) });
export type Role = z.infer<typeof Role>;

/** GET /user-api/roles: every role picker (B§3 lookups "roles (id)"). */
export const RoleOption = z.object({ roleId: z.number(), descr: z.string() });
export type RoleOption = z.infer<typeof RoleOption>;

/** PUT /user-api/user/{id}/roles: roleIds as B§7 names it; a user holds one role, so exactly one id. */
export const UserRolesBody = z.object({
  roleIds: z.array(databaseId()).length(1, ROLE_MESSAGES.ONE_ROLE),
});
export type UserRolesBody = z.infer<typeof UserRolesBody>;

/** GET /user-api/user/{id}/roles: the user's roles (one) as ids and as options. */
export const UserRoles = z.object({ userUuid: z.string(), roleIds: z.array(z.number()), roles: z.array(RoleOption) });
export type UserRoles = z.infer<typeof UserRoles>;
