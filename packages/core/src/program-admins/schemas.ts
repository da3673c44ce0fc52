import { z } from 'zod';
import { normalizeIds } from '../roles/rules.js';
import { text } from '../validation/text.js';

// Program admins (A§3 "Program admin", A§5 "Program admin search", A§7, B§7; resolutions 2 and 21;
// docs/decisions/0025).

export const ProgramUuidParams = z.object({ programUuid: z.uuid() });

/** POST and DELETE /admin-api/programs/{programUuid}/users: {userUuid}; DELETE also reads it from the query. */
export const ProgramAdminBody = z.object({ userUuid: z.uuid() });
export type ProgramAdminBody = z.infer<typeof ProgramAdminBody>;
export const ProgramAdminQuery = z.object({ userUuid: z.uuid().optional() });

const optionalCriterion = (max: number) => text().trim().max(max).optional();

/** roleIds repeated (?roleIds=1&roleIds=2) or comma-separated (?roleIds=1,2), resolution 2. */
const roleIds = z
  .union([text(), z.array(text()).max(20)])
  .optional()
  .transform((v) => normalizeIds(v));

/**
 * GET /user-api/program-users: the union of A§7's and B§7's query names (resolution 2): username max 20, email max
 * 100, lastname max 45, firstname max 45 (B§5 user search fields), recipientIdentifier, programUuid, agencyUuid,
 * roleIds. Text criteria are prefixes, without regard to case.
 */
export const ProgramUsersQuery = z.object({
  username: optionalCriterion(20),
  email: optionalCriterion(100),
  firstname: optionalCriterion(45),
  lastname: optionalCriterion(45),
  recipientIdentifier: optionalCriterion(50),
  programUuid: z.union([z.literal(''), z.uuid()]).optional(),
  agencyUuid: z.union([z.literal(''), z.uuid()]).optional(),
  roleIds,
});
export type ProgramUsersQuery = z.infer<typeof ProgramUsersQuery>;

/** A§4 "program user": userUuid, username, email, firstname, middlename, lastname; roleId and roleDescr added. */
export const ProgramUser = z.object({
  userUuid: z.string(),
  username: z.string(),
  email: z.string(),
  firstname: z.string(),
  middlename: z.string().nullable(),
  lastname: z.string(),
  roleId: z.number(),
  roleDescr: z.string(),
});
export type ProgramUser = z.infer<typeof ProgramUser>;
