import { and, asc, eq, exists, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { ROLE } from '@ebt/core/enums';
import { USER_MESSAGES } from '@ebt/core/users';
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
import { preparedFor } from '../../platform/prepared.js';
import { startsWith } from '../../platform/search-sql.js';
import { AppError } from '../../platform/errors.js';
import {
  assertHeldWhole,
  userHeldWhole,
  userInAgencies,
  userInPrograms,
  userScope,
} from '../../platform/user-scope.js';

// The SQL of the users area (docs/decisions/0024-users.md). Every read is AND-ed with the caller's user scope
// (platform/user-scope.ts, the one rule every module that reads or changes a user applies).

function inIds(column: Parameters<typeof inArray>[0], ids: readonly number[]): SQL {
  return ids.length === 0 ? sql`false` : inArray(column, [...ids]);
}

/** A recipient's user the caller may see: one with a recipient account in the caller's programs or agencies. */
export function recipientUserScope(db: DbOrTx, caller: Caller): SQL {
  const account = (condition: SQL | undefined) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(recipientAccounts)
        .where(and(eq(recipientAccounts.userId, users.id), condition)),
    );
  // Only a recipient's user: a staff user who keeps an account row (a role changed by hand) is changed on the staff
  // form, under B§6's creator matrix, not here by any staff who sees the account.
  const recipient = eq(users.roleId, ROLE.RECIPIENT);
  switch (caller.scope) {
    case 'all':
      return and(recipient, account(undefined))!;
    case 'programs':
      return and(recipient, account(inIds(recipientAccounts.programId, caller.programIds)))!;
    case 'agencies':
      return and(recipient, account(inIds(recipientAccounts.agencyId, caller.agencyIds)))!;
    default:
      return sql`false`;
  }
}

export interface UserFilter {
  programId?: number;
  agencyId?: number;
  firstname?: string;
  lastname?: string;
  email?: string;
  username?: string;
  roleId?: number;
  userStatusId?: number;
}

const byteOrder = (column: SQL | Parameters<typeof eq>[0]) => sql`(lower(${column}) collate "C")`;
const USERNAME_ORDER = byteOrder(users.username);

/**
 * The order the search reads in: the column of its most selective prefix (username, then e-mail, last name, first
 * name), so the first rows come off that column's index (users_*_order_idx) without sorting every match; with no text
 * criterion, the username order (within the status or role when given: users_status_username_idx).
 */
function searchOrder(f: UserFilter): SQL {
  if (f.username) return USERNAME_ORDER;
  if (f.email) return byteOrder(users.email);
  if (f.lastname) return byteOrder(users.lastName);
  if (f.firstname) return byteOrder(users.firstName);
  return USERNAME_ORDER;
}

/**
 * The search's scope condition. The service admits a program or agency criterion only when the caller sees it
 * (programInScope, agencyInScope); a program admin's program, or any caller's visible agency, then holds only users in
 * the caller's scope, and the scope's probes would repeat the criterion's.
 */
function searchScope(caller: Caller, f: UserFilter): SQL | undefined {
  if (f.agencyId !== undefined) return undefined;
  if (f.programId !== undefined && caller.scope === 'programs') return undefined;
  return userScope(caller);
}

function filterConditions(caller: Caller, f: UserFilter): SQL | undefined {
  return and(
    searchScope(caller, f),
    f.programId === undefined ? undefined : userInPrograms([f.programId]),
    f.agencyId === undefined ? undefined : userInAgencies([f.agencyId]),
    f.username ? startsWith(byteOrder(users.username), f.username) : undefined,
    f.email ? startsWith(byteOrder(users.email), f.email) : undefined,
    f.lastname ? startsWith(byteOrder(users.lastName), f.lastname) : undefined,
    f.firstname ? startsWith(byteOrder(users.firstName), f.firstname) : undefined,
    f.roleId === undefined ? undefined : eq(users.roleId, f.roleId),
    f.userStatusId === undefined ? undefined : eq(users.statusId, f.userStatusId),
  );
}

const rowFields = {
  id: users.id,
  userUuid: users.uuid,
  username: users.username,
  email: users.email,
  firstname: users.firstName,
  middlename: users.middleName,
  lastname: users.lastName,
  roleId: users.roleId,
  roleDescr: roles.descr,
  userStatusId: users.statusId,
};

/**
 * Users matching the filter in the caller's scope, at most `limit`, in searchOrder. Two steps in one statement: the
 * walk picks the ids off the order's index alone (users_*_order_idx hold the column under lower(), so the scope's
 * probes and the prefixes need no visit to the table for the thousands of users a narrow caller skips), then only
 * those users are read with their role (bench/users-search.ts).
 */
export function searchUserRows(db: DbOrTx, caller: Caller, filter: UserFilter, limit: number) {
  const key = searchOrder(filter);
  const walk = db
    .select({ id: sql<number>`${users.id}`.as('walk_id'), key: sql<string>`${key}`.as('walk_key') })
    .from(users)
    .where(filterConditions(caller, filter))
    .orderBy(key, asc(users.id))
    .limit(limit)
    .as('walk');
  return db
    .select(rowFields)
    .from(walk)
    .innerJoin(users, eq(users.id, walk.id))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .orderBy(walk.key, walk.id);
}

export interface UserPlaceLists {
  programs: { programUuid: string; programName: string }[];
  agencies: { agencyUuid: string; agencyName: string }[];
}

/** The statement of placesOfUsers: each link once, with its program and (for agency links and accounts) its agency. */
function prepareUserPlaces(db: DbOrTx, name: string) {
  const ids = sql`any(${sql.placeholder('ids')}::int[])`;
  return db
    .select({
      userId: sql<number>`u.user_id`,
      programUuid: programs.uuid,
      programName: programs.name,
      agencyUuid: agencies.uuid,
      agencyName: agencies.name,
    })
    .from(
      sql`(select ${recipientAccounts.userId} as user_id, ${recipientAccounts.programId} as program_id,
                  ${recipientAccounts.agencyId} as agency_id
             from ${recipientAccounts} where ${recipientAccounts.userId} = ${ids}
           union select ${userPrograms.userId}, ${userPrograms.programId}, null
             from ${userPrograms} where ${userPrograms.userId} = ${ids}
           union select ${userAgencies.userId}, a.program_id, ${userAgencies.agencyId}
             from ${userAgencies} join ${agencies} a on a.id = ${userAgencies.agencyId}
             where ${userAgencies.userId} = ${ids}) as u`,
    )
    .innerJoin(programs, sql`${programs.id} = u.program_id`)
    .leftJoin(agencies, sql`${agencies.id} = u.agency_id`)
    .orderBy(programs.name, agencies.name)
    .prepare(name);
}

/**
 * The programs and agencies of each user, by name: staff links and recipient accounts, in two statements for any
 * number of users (a page of the search, or one user's detail).
 */
export async function placesOfUsers(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, UserPlaceLists>> {
  const places = new Map<number, UserPlaceLists>(userIds.map((id) => [id, { programs: [], agencies: [] }]));
  if (userIds.length === 0) return places;
  // One array parameter, not one per user (a 1000-row answer would otherwise send thousands of parameters), so the
  // statement is prepared once: planning it took about a quarter of its time (bench/users-search.ts).
  const links = await preparedFor(db, 'user_places', prepareUserPlaces).execute({ ids: `{${userIds.join(',')}}` });
  for (const link of links) {
    const lists = places.get(Number(link.userId));
    if (!lists) continue;
    if (!lists.programs.some((p) => p.programUuid === link.programUuid))
      lists.programs.push({ programUuid: link.programUuid, programName: link.programName });
    if (link.agencyUuid && !lists.agencies.some((a) => a.agencyUuid === link.agencyUuid))
      lists.agencies.push({ agencyUuid: link.agencyUuid, agencyName: link.agencyName! });
  }
  // Agencies by name whatever their program's name.
  for (const lists of places.values()) lists.agencies.sort((a, b) => a.agencyName.localeCompare(b.agencyName));
  return places;
}

/**
 * The user a change is for, locked: by uuid within `scope` (userScope or recipientUserScope), and held wholly by the
 * caller (platform/user-scope.ts): 404 with `message` otherwise, audited when the caller sees the user only in part.
 */
export async function lockUserToChange(tx: DbOrTx, caller: Caller, uuid: string, scope: SQL | undefined) {
  const [row] = await tx
    .select({ user: users, heldWhole: userHeldWhole(caller).mapWith(Boolean) })
    .from(users)
    .where(and(eq(users.uuid, uuid), scope))
    .limit(1)
    .for('update');
  if (!row) throw AppError.notFound(USER_MESSAGES.USER_NOT_FOUND);
  assertHeldWhole({ uuid: row.user.uuid, heldWhole: row.heldWhole }, USER_MESSAGES.USER_NOT_FOUND);
  return row.user;
}

/**
 * One user by uuid within `scope` (userScope or recipientUserScope), with its role's descr and whether the caller
 * holds the user wholly, so may change them (platform/user-scope.ts).
 */
export async function findUser(db: DbOrTx, caller: Caller, uuid: string, scope: SQL | undefined) {
  const [row] = await db
    .select({ user: users, roleDescr: roles.descr, heldWhole: userHeldWhole(caller).mapWith(Boolean) })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.uuid, uuid), scope))
    .limit(1);
  return row;
}

/** True when another user (not `exceptId`) has this username or e-mail, regardless of case. */
export async function takenBy(db: DbOrTx, field: 'username' | 'email', value: string, exceptId?: number) {
  const column = field === 'username' ? users.username : users.email;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${column}) = lower(${value})`, exceptId === undefined ? undefined : ne(users.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Keeps the user's staff places in line with the form: the program (user_programs) and agency (user_agencies) it
 * names are added; a kind of place the role does not take is cleared (B§5 "otherwise both are cleared"). Other links
 * of the kind the role takes stay: a program admin of several programs (added on the program view) keeps them when
 * the form, which shows one program, is saved.
 */
export async function syncStaffPlaces(
  tx: DbOrTx,
  userId: number,
  places: { takesProgram: boolean; programId: number | null; takesAgency: boolean; agencyId: number | null },
  now: Date,
) {
  if (!places.takesProgram) await tx.delete(userPrograms).where(eq(userPrograms.userId, userId));
  else if (places.programId !== null)
    await tx.insert(userPrograms).values({ userId, programId: places.programId, createdAt: now }).onConflictDoNothing();
  if (!places.takesAgency) await tx.delete(userAgencies).where(eq(userAgencies.userId, userId));
  else if (places.agencyId !== null)
    await tx.insert(userAgencies).values({ userId, agencyId: places.agencyId, createdAt: now }).onConflictDoNothing();
}
