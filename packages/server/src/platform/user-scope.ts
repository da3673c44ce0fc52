import { type SQL, sql } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import type { Caller } from './caller.js';

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
