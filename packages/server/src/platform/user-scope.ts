import { and, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { agencies, recipientAccounts, userAgencies, userPrograms, users } from '../db/schema/index.js';
import type { Caller } from './caller.js';

// The users a caller may see or act on (decisions 0024 and 0025), one rule for every module that reads or changes a
// user: the user screens, status and delete, OTP reset, program admins and send-activation. A user belongs to places
// three ways: a staff user through user_programs (program admins) and user_agencies (agency staff, and through the
// agency its program), a recipient's user through its recipient_accounts. The scope is one EXISTS per way, AND-ed with
// the read, so a user outside it is never read (404 like a missing one).

function inIds(column: Parameters<typeof inArray>[0], ids: readonly number[]): SQL {
  return ids.length === 0 ? sql`false` : inArray(column, [...ids]);
}

/** The user (users.id) is linked to a program in `programIds` (staff link, an agency of it, or a recipient account). */
export function userInPrograms(db: DbOrTx, programIds: readonly number[]): SQL {
  // Recipient accounts first: most users are recipients' users, so the first probe usually settles the row.
  return or(
    exists(
      db
        .select({ one: sql`1` })
        .from(recipientAccounts)
        .where(and(eq(recipientAccounts.userId, users.id), inIds(recipientAccounts.programId, programIds))),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(userPrograms)
        .where(and(eq(userPrograms.userId, users.id), inIds(userPrograms.programId, programIds))),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(userAgencies)
        .innerJoin(agencies, eq(agencies.id, userAgencies.agencyId))
        .where(and(eq(userAgencies.userId, users.id), inIds(agencies.programId, programIds))),
    ),
  )!;
}

/** The user is linked to an agency in `agencyIds` (staff link or a recipient account of the agency). */
export function userInAgencies(db: DbOrTx, agencyIds: readonly number[]): SQL {
  return or(
    exists(
      db
        .select({ one: sql`1` })
        .from(recipientAccounts)
        .where(and(eq(recipientAccounts.userId, users.id), inIds(recipientAccounts.agencyId, agencyIds))),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(userAgencies)
        .where(and(eq(userAgencies.userId, users.id), inIds(userAgencies.agencyId, agencyIds))),
    ),
  )!;
}

/**
 * The users the caller may see, as a condition on `users`: platform admins all (undefined); program admins those of
 * their programs; agency staff those of their agencies; anyone else none.
 */
export function userScope(db: DbOrTx, caller: Caller): SQL | undefined {
  switch (caller.scope) {
    case 'all':
      return undefined;
    case 'programs':
      return userInPrograms(db, caller.programIds);
    case 'agencies':
      return userInAgencies(db, caller.agencyIds);
    default:
      return sql`false`;
  }
}
