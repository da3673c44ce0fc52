import { type AnyColumn, inArray, type SQL, sql } from 'drizzle-orm';
import { PRIVILEGE } from '@ebt/core/privileges';

/**
 * The signed-in user behind a request, resolved once per request from the session token.
 * `scope` says which data the caller may see (architecture.md "Access"):
 * - all: platform administrators (NDGADMIN_ACCESS);
 * - programs: program admins, limited to `programIds`;
 * - agencies: agency admins and agency users, limited to `agencyIds` (and the programs of those agencies);
 * - self: recipients, limited to their own accounts (`accountIds`).
 */
export interface Caller {
  userId: number;
  userUuid: string;
  username: string;
  roleId: number;
  privileges: ReadonlySet<string>;
  scope: 'all' | 'programs' | 'agencies' | 'self' | 'merchants' | 'none';
  programIds: readonly number[];
  agencyIds: readonly number[];
  accountIds: readonly number[];
  /** A farmer user's merchants (merchant_users links not revoked): their whole scope; empty for everyone else. */
  merchantIds: readonly number[];
  sessionTokenHash: string;
  /** The user's own fields, read with the session so the session user (part 1 §3) needs no second look-up. */
  profile: CallerProfile;
}

export interface CallerProfile {
  email: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  mobile: string | null;
  /** 'en' or 'es' once the user chose one (docs/i18n.md); null before. */
  preferredLanguage: string | null;
}

export function scopeFor(privileges: ReadonlySet<string>): Caller['scope'] {
  if (privileges.has(PRIVILEGE.NDGADMIN_ACCESS)) return 'all';
  if (privileges.has(PRIVILEGE.PROGRAMADMIN_ACCESS)) return 'programs';
  if (privileges.has(PRIVILEGE.AGENCYADMIN_ACCESS) || privileges.has(PRIVILEGE.AGENCYUSER_ACCESS)) return 'agencies';
  if (privileges.has(PRIVILEGE.RECIPIENT_ACCESS)) return 'self';
  if (privileges.has(PRIVILEGE.MERCHANT_ACCESS)) return 'merchants';
  return 'none';
}

/** True when the caller may see data of this program. */
export function canSeeProgram(caller: Caller, programId: number): boolean {
  return caller.scope === 'all' || caller.programIds.includes(programId);
}

/**
 * True when the caller may see data held by this agency in this program. Program admins see every agency of
 * their programs; agency staff only their own agencies; a record without an agency is program-level data and
 * only program admins and platform admins see it.
 */
export function canSeeAgency(caller: Caller, programId: number, agencyId: number | null): boolean {
  switch (caller.scope) {
    case 'all':
      return true;
    case 'programs':
      return caller.programIds.includes(programId);
    case 'agencies':
      return agencyId !== null && caller.agencyIds.includes(agencyId);
    default:
      return false;
  }
}

/**
 * The caller's scope as a SQL condition over a query's program, agency and account columns, to AND with the
 * search itself so rows outside the scope are never read (they answer 404, as missing ones do).
 */
export function scopeCondition(
  caller: Caller,
  columns: { programId: AnyColumn; agencyId?: AnyColumn; accountId?: AnyColumn },
): SQL | undefined {
  switch (caller.scope) {
    case 'all':
      return undefined;
    case 'programs':
      return inIds(columns.programId, caller.programIds);
    case 'agencies':
      return columns.agencyId ? inIds(columns.agencyId, caller.agencyIds) : sql`false`;
    case 'self':
      return columns.accountId ? inIds(columns.accountId, caller.accountIds) : sql`false`;
    default:
      return sql`false`;
  }
}

function inIds(column: AnyColumn, ids: readonly number[]): SQL {
  return ids.length === 0 ? sql`false` : inArray(column, [...ids]);
}
