import { and, asc, count, eq, exists, inArray, sql } from 'drizzle-orm';
import { USER_STATUS } from '@ebt/core/enums';
import {
  DEFAULT_PROGRAM_USER_ROLE_IDS,
  PROGRAM_USERS_CAP,
  type ProgramUser,
  type ProgramUsersQuery,
} from '@ebt/core/program-admins';
import type { DbOrTx } from '../../db/client.js';
import {
  agencies,
  programs,
  recipientAccounts,
  roles,
  userAgencies,
  userPrograms,
  users,
} from '../../db/schema/index.js';
import type { Caller } from '../../platform/caller.js';
import { startsWith } from '../../platform/search-sql.js';
import { userScope } from '../../platform/user-scope.js';

const programUserColumns = {
  userUuid: users.uuid,
  username: users.username,
  email: users.email,
  firstname: users.firstName,
  middlename: users.middleName,
  lastname: users.lastName,
  roleId: users.roleId,
  roleDescr: roles.descr,
};

/** Users who may sign in or are still to activate: a disabled or deleted user is not offered nor listed as admin. */
const LIVE_STATUSES = [USER_STATUS.PENDING, USER_STATUS.REGISTERED, USER_STATUS.ENABLED];

/** The program by uuid when the caller may manage its admins: platform admins any, program admins their own. */
export async function programForCaller(db: DbOrTx, caller: Caller, programUuid: string) {
  const [program] = await db
    .select({ id: programs.id, uuid: programs.uuid })
    .from(programs)
    .where(eq(programs.uuid, programUuid.toLowerCase()))
    .limit(1);
  if (!program) return undefined;
  if (caller.scope === 'all') return program;
  return caller.scope === 'programs' && caller.programIds.includes(program.id) ? program : undefined;
}

/** The program admins of a program (A§3): its user_programs rows, live users only, by username. */
export async function programAdmins(db: DbOrTx, programId: number): Promise<ProgramUser[]> {
  return db
    .select(programUserColumns)
    .from(userPrograms)
    .innerJoin(users, eq(users.id, userPrograms.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(userPrograms.programId, programId), inArray(users.statusId, LIVE_STATUSES)))
    .orderBy(asc(sql`lower(${users.username})`));
}

/** How many live admins the program has, its rows locked so two removals at once cannot both pass the last-admin rule. */
export async function lockAdminCount(tx: DbOrTx, programId: number): Promise<number> {
  const rows = await tx
    .select({ userId: userPrograms.userId })
    .from(userPrograms)
    .innerJoin(users, eq(users.id, userPrograms.userId))
    .where(and(eq(userPrograms.programId, programId), inArray(users.statusId, LIVE_STATUSES)))
    .for('update', { of: userPrograms });
  return rows.length;
}

export async function isAssigned(db: DbOrTx, programId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(userPrograms)
    .where(and(eq(userPrograms.programId, programId), eq(userPrograms.userId, userId)));
  return (row?.n ?? 0) > 0;
}

/**
 * GET /user-api/program-users (resolution 2): prefixes on username, e-mail and names without regard to case (the
 * lower() indexes of users serve them), the exact recipient identifier, membership of a program or an agency, the
 * roles asked for (else 1 and 2), live users only, within the caller's user scope; at most PROGRAM_USERS_CAP rows.
 */
export async function searchProgramUsers(db: DbOrTx, caller: Caller, q: ProgramUsersQuery): Promise<ProgramUser[]> {
  const roleIds = q.roleIds.length > 0 ? q.roleIds : [...DEFAULT_PROGRAM_USER_ROLE_IDS];
  const conditions = [
    inArray(users.roleId, roleIds),
    inArray(users.statusId, LIVE_STATUSES),
    userScope(caller),
    q.username ? startsWith(sql`lower(${users.username})`, q.username) : undefined,
    q.email ? startsWith(sql`lower(${users.email})`, q.email) : undefined,
    q.firstname ? startsWith(sql`lower(${users.firstName})`, q.firstname) : undefined,
    q.lastname ? startsWith(sql`lower(${users.lastName})`, q.lastname) : undefined,
    q.recipientIdentifier
      ? exists(
          db
            .select({ one: sql`1` })
            .from(recipientAccounts)
            .where(
              and(
                eq(recipientAccounts.userId, users.id),
                eq(recipientAccounts.recipientIdentifier, q.recipientIdentifier),
              ),
            ),
        )
      : undefined,
    q.programUuid
      ? exists(
          db
            .select({ one: sql`1` })
            .from(userPrograms)
            .innerJoin(programs, eq(programs.id, userPrograms.programId))
            .where(and(eq(userPrograms.userId, users.id), eq(programs.uuid, q.programUuid.toLowerCase()))),
        )
      : undefined,
    q.agencyUuid
      ? exists(
          db
            .select({ one: sql`1` })
            .from(userAgencies)
            .innerJoin(agencies, eq(agencies.id, userAgencies.agencyId))
            .where(and(eq(userAgencies.userId, users.id), eq(agencies.uuid, q.agencyUuid.toLowerCase()))),
        )
      : undefined,
  ];
  return db
    .select(programUserColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${users.username})`))
    .limit(PROGRAM_USERS_CAP);
}
