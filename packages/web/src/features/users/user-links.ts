import { ROLE } from '@ebt/core/enums';
import type { StaffBase } from '../../lib/staff-base';

/**
 * Where a user's row or link goes (B§2 Users): a recipient user opens the recipient-user form at
 * `{base}/user/{userUuid}/{programUuid}` (its first program), any other user the staff form at `{base}/user/{userUuid}`. On the admin side
 * the same path shows the admin user view (resolution 3).
 */
export function userPath(
  base: StaffBase,
  row: { userUuid: string; roleId: number; programs: readonly { programUuid: string }[] },
): string {
  const program = row.programs[0]?.programUuid;
  if (row.roleId === ROLE.RECIPIENT && program) return `/${base}/user/${row.userUuid}/${program}`;
  return `/${base}/user/${row.userUuid}`;
}
