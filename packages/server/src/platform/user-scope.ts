import { and, type SQL, sql } from 'drizzle-orm';
import { APP_ERROR_CODE } from '@ebt/core/errors';
import { recipientAccounts, userPrograms, users } from '../db/schema/index.js';
import type { Caller } from './caller.js';
import { AppError } from './errors.js';

// The users a caller may see or act on (decisions 0024 and 0025), one rule for every module that reads or changes a
// user: the user screens, status and delete, OTP reset, program admins and send-activation. A user belongs to places
// three ways: a staff user through user_programs (program admins) and user_agencies (agency staff, and through the
// agency its program), a recipient's user through its recipient_accounts. Triggers keep the ids of those places on the
// user's row (users.program_ids, users.agency_ids; decision 0032), so the scope is one array test on the row, AND-ed
// with the read: a user outside it is never read (404 like a missing one), and a search walking an order index tests
// it on the index entry without visiting the table.

/** `column && ids` with the ids as one array parameter; an empty list matches nothing. */
function overlaps(column: typeof users.programIds | typeof users.agencyIds, ids: readonly number[]): SQL {
  return ids.length === 0 ? sql`false` : sql`${column} && ${`{${ids.join(',')}}`}::int[]`;
}

/** The user (users.id) is linked to a program in `programIds` (staff link, an agency of it, or a recipient account). */
export function userInPrograms(programIds: readonly number[]): SQL {
  return overlaps(users.programIds, programIds);
}

/** The user is linked to an agency in `agencyIds` (staff link or a recipient account of the agency). */
export function userInAgencies(agencyIds: readonly number[]): SQL {
  return overlaps(users.agencyIds, agencyIds);
}

/**
 * The users the caller may see, as a condition on `users`: platform admins all (undefined); program admins those of
 * their programs; agency staff those of their agencies; anyone else none.
 */
export function userScope(caller: Caller): SQL | undefined {
  switch (caller.scope) {
    case 'all':
      return undefined;
    case 'programs':
      return userInPrograms(caller.programIds);
    case 'agencies':
      return userInAgencies(caller.agencyIds);
    default:
      return sql`false`;
  }
}

/**
 * The users the caller holds wholly, as a boolean condition on `users`: every program and agency the user holds lies
 * inside the caller's own scope. It is the rule for every change to a user or a recipient's login (edit, status,
 * delete, role, one-time-code reset, activation, the login following an account): seeing a user (userScope, an
 * overlap) is not enough to change them, or an admin of one program could take over an admin of two by changing the
 * e-mail and resending activation (docs/security.md "Access control"). Platform admins hold everyone. A program admin
 * holds a user whose programs (staff links, agencies' programs and recipient accounts alike) are all theirs; agency
 * staff a user whose agencies are all theirs, whose programs are only those agencies', and who holds nothing at
 * program level (a program admin's link, a recipient account without an agency). A user with no place is held by
 * platform admins only.
 */
export function userHeldWhole(caller: Caller): SQL {
  switch (caller.scope) {
    case 'all':
      return sql`true`;
    case 'programs':
      return and(userInPrograms(caller.programIds), within(users.programIds, caller.programIds))!;
    case 'agencies':
      return and(
        userInAgencies(caller.agencyIds),
        within(users.agencyIds, caller.agencyIds),
        within(users.programIds, caller.programIds),
        sql`not exists (select 1 from ${userPrograms} where ${userPrograms.userId} = ${users.id})`,
        sql`not exists (select 1 from ${recipientAccounts} where ${recipientAccounts.userId} = ${users.id} and ${recipientAccounts.agencyId} is null)`,
      )!;
    default:
      return sql`false`;
  }
}

/** `column <@ ids`: every id of the user's array is one of `ids` (an empty array is within anything). */
function within(column: typeof users.programIds | typeof users.agencyIds, ids: readonly number[]): SQL {
  return sql`${column} <@ ${`{${ids.join(',')}}`}::int[]`;
}

/** A route that changes a user or a recipient's login declares it (`config.changesUser`); the reach walk calls each. */
declare module 'fastify' {
  interface FastifyContextConfig {
    changesUser?: true;
  }
}

/**
 * The answer to a change of a user the caller sees but does not hold wholly: the same 404 as a user outside the
 * caller's scope (nothing tells the caller the user exists elsewhere), and an audit row of the refusal, written once
 * the request's transaction has rolled back (platform/refusal-audit.ts).
 */
export class UserOutOfReach extends AppError {
  constructor(
    message: string,
    readonly userUuid: string,
  ) {
    super(404, message, APP_ERROR_CODE.NOT_FOUND);
  }
}

/**
 * The one check of every user-changing service, on the user it read (and locked) in the caller's visible scope with
 * `heldWhole: userHeldWhole(caller)` among its columns: throws UserOutOfReach when the caller does not hold the user
 * wholly.
 */
export function assertHeldWhole(user: { uuid: string; heldWhole: boolean }, message: string): void {
  if (!user.heldWhole) throw new UserOutOfReach(message, user.uuid);
}
