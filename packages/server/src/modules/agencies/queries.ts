import { and, asc, eq, gt, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { USER_STATUS } from '@ebt/core/enums';
import type { DbOrTx } from '../../db/client.js';
import { agencies, programs, roles, userAgencies, users } from '../../db/schema/index.js';
import { issuedOfAgency } from '../../platform/issuance-totals.js';
import type { Caller } from '../../platform/caller.js';
import { userScope } from '../../platform/user-scope.js';

// The SQL of the agency area (B§2, B§7; docs/decisions/0028-agencies.md). Every read ANDs the caller's scope: platform
// admins all agencies, program admins those of their programs, agency staff their own (part 1 §6: viewable=1 is
// always in force). The list reads the indexes agencies_program_name_idx / agencies_name_idx in (name, id) order.

/** The agencies a caller may see, as a condition on `agencies`. */
export function agencyScope(caller: Caller): SQL | undefined {
  switch (caller.scope) {
    case 'all':
      return undefined;
    case 'programs':
      return caller.programIds.length ? inArray(agencies.programId, [...caller.programIds]) : sql`false`;
    case 'agencies':
      return caller.agencyIds.length ? inArray(agencies.id, [...caller.agencyIds]) : sql`false`;
    default:
      return sql`false`;
  }
}

export interface AgencyFilter {
  /** The program the criteria name (already checked against the caller's scope). */
  programId?: number;
}

const optionColumns = {
  id: agencies.id,
  agencyUuid: agencies.uuid,
  agencyName: agencies.name,
  agencyCode: agencies.code,
  programUuid: programs.uuid,
  programName: programs.name,
};

export type AgencyListRow = {
  id: number;
  agencyUuid: string;
  agencyName: string;
  agencyCode: string;
  programUuid: string;
  programName: string;
};

const filterCondition = (caller: Caller, filter: AgencyFilter) =>
  and(agencyScope(caller), filter.programId === undefined ? undefined : eq(agencies.programId, filter.programId));

/** Every agency of the filter in the caller's scope, by name (the pickers of other screens). */
export async function agencyOptions(db: DbOrTx, caller: Caller, filter: AgencyFilter): Promise<AgencyListRow[]> {
  return db
    .select(optionColumns)
    .from(agencies)
    .innerJoin(programs, eq(programs.id, agencies.programId))
    .where(filterCondition(caller, filter))
    .orderBy(asc(agencies.name), asc(agencies.id));
}

/** One page of the agency list, by name then id (the query itself: the bench times its SQL raw). */
export function agencyPageQuery(
  db: DbOrTx,
  caller: Caller,
  filter: AgencyFilter,
  window: { limit: number; offset: number },
) {
  return db
    .select(optionColumns)
    .from(agencies)
    .innerJoin(programs, eq(programs.id, agencies.programId))
    .where(filterCondition(caller, filter))
    .orderBy(asc(agencies.name), asc(agencies.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function agencyPageRows(
  db: DbOrTx,
  caller: Caller,
  filter: AgencyFilter,
  window: { limit: number; offset: number },
): Promise<AgencyListRow[]> {
  return agencyPageQuery(db, caller, filter, window);
}

/** How many agencies match, counting at most cap + 1 (an index-only walk). */
export async function countAgenciesUpTo(db: DbOrTx, caller: Caller, filter: AgencyFilter, cap: number) {
  const inner = db
    .select({ one: sql`1` })
    .from(agencies)
    .where(filterCondition(caller, filter))
    .limit(cap + 1)
    .as('matched');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return row?.n ?? 0;
}

/** The export's batches by id (the kit's keyset walk). */
export async function agencyBatch(db: DbOrTx, caller: Caller, filter: AgencyFilter, afterId: number, limit: number) {
  return db
    .select(optionColumns)
    .from(agencies)
    .innerJoin(programs, eq(programs.id, agencies.programId))
    .where(and(filterCondition(caller, filter), gt(agencies.id, afterId)))
    .orderBy(asc(agencies.id))
    .limit(limit);
}

/** Issued (non-void) benefits of the agency, exactly: the funding roll-up and its journal (platform/issuance-totals.ts). */
const issuedAmount = issuedOfAgency(sql`${agencies.id}`);

const detailColumns = {
  id: agencies.id,
  uuid: agencies.uuid,
  programId: agencies.programId,
  name: agencies.name,
  code: agencies.code,
  fundingAmount: agencies.fundingAmount,
  fundingAlert: agencies.fundingAlert,
  fundingDate: agencies.fundingDate,
  fundingAlertedAt: agencies.fundingAlertedAt,
  programUuid: programs.uuid,
  programName: programs.name,
  issuedAmount,
};

/** The agency with its program and issued total, when the caller may see it (one statement). */
export async function findAgencyDetail(db: DbOrTx, caller: Caller, agencyUuid: string) {
  const [row] = await db
    .select(detailColumns)
    .from(agencies)
    .innerJoin(programs, eq(programs.id, agencies.programId))
    .where(and(eq(agencies.uuid, agencyUuid), agencyScope(caller)))
    .limit(1);
  return row;
}
export type AgencyRecord = NonNullable<Awaited<ReturnType<typeof findAgencyDetail>>>;

/**
 * The agency's row locked for a change (FOR NO KEY UPDATE of agencies only: benefits and recipients inserted meanwhile
 * take KEY SHARE through their foreign key, which this does not block), when the caller may see it.
 */
export async function lockAgency(tx: DbOrTx, caller: Caller, agencyUuid: string) {
  const [row] = await tx
    .select(detailColumns)
    .from(agencies)
    .innerJoin(programs, eq(programs.id, agencies.programId))
    .where(and(eq(agencies.uuid, agencyUuid), agencyScope(caller)))
    .limit(1)
    .for('no key update', { of: agencies });
  return row;
}

const agencyUserColumns = {
  userId: users.id,
  userUuid: users.uuid,
  username: users.username,
  email: users.email,
  firstname: users.firstName,
  middlename: users.middleName,
  lastname: users.lastName,
  roleId: users.roleId,
  roleDescr: roles.descr,
};

/**
 * The agency (when the caller may see it) and its users, deleted ones left out, in one statement: the agency row
 * left-joined to its users, so an agency without users answers one row with null user fields and a missing or
 * out-of-scope agency none.
 */
export async function agencyWithUsers(db: DbOrTx, caller: Caller, agencyUuid: string) {
  const rows = await db
    .select({ agencyId: agencies.id, ...agencyUserColumns })
    .from(agencies)
    .leftJoin(userAgencies, eq(userAgencies.agencyId, agencies.id))
    .leftJoin(users, and(eq(users.id, userAgencies.userId), ne(users.statusId, USER_STATUS.DELETED)))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(agencies.uuid, agencyUuid), agencyScope(caller)))
    .orderBy(asc(users.roleId), asc(sql`lower(${users.username})`));
  if (rows.length === 0) return undefined;
  return rows.flatMap((r) =>
    r.userUuid === null
      ? []
      : [
          {
            userUuid: r.userUuid,
            username: r.username!,
            email: r.email!,
            firstname: r.firstname!,
            middlename: r.middlename,
            lastname: r.lastname!,
            roleId: r.roleId!,
            roleDescr: r.roleDescr!,
          },
        ],
  );
}

/**
 * The user (not deleted, any role) when the caller may see it (platform/user-scope.ts), locked, with its agencies and
 * their programs.
 */
export async function lockUserWithAgencies(tx: DbOrTx, caller: Caller, userUuid: string) {
  const [user] = await tx
    .select({
      id: users.id,
      uuid: users.uuid,
      username: users.username,
      roleId: users.roleId,
      statusId: users.statusId,
    })
    .from(users)
    .where(and(eq(users.uuid, userUuid), ne(users.statusId, USER_STATUS.DELETED), userScope(caller)))
    .limit(1)
    // NO KEY UPDATE: serialises changes of the user's agencies without blocking inserts that reference the user
    // (sessions, audit rows), which FOR UPDATE would.
    .for('no key update');
  if (!user) return undefined;
  const links = await tx
    .select({ agencyId: userAgencies.agencyId, programId: agencies.programId })
    .from(userAgencies)
    .innerJoin(agencies, eq(agencies.id, userAgencies.agencyId))
    .where(eq(userAgencies.userId, user.id));
  return { ...user, links };
}

/** The agencies named, those the caller may see, locked in id order (a move locks both ends). */
export async function lockAgencies(tx: DbOrTx, caller: Caller, agencyUuids: readonly string[]) {
  return tx
    .select({ id: agencies.id, uuid: agencies.uuid, programId: agencies.programId, name: agencies.name })
    .from(agencies)
    .where(and(inArray(agencies.uuid, [...agencyUuids]), agencyScope(caller)))
    .orderBy(asc(agencies.id))
    .for('no key update');
}
