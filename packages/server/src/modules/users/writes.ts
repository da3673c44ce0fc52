import { sql } from 'drizzle-orm';
import { phoneDigits } from '@ebt/core/validation';
import { isRecipientRole, mayGiveRole, USER_MESSAGES, type UserFormInput, userPlaces } from '@ebt/core/users';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import type { CallerContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { agencyInScope, programInScope } from '../../platform/search.js';
import { takenBy } from './queries.js';

// What Add user and the user form's save share (B§5 "User form", "Add user", B§6 creator rules;
// docs/decisions/0024-users.md): the role and place checks, the uniqueness checks, and the audit view of a user.

export interface StaffPlaces {
  takesProgram: boolean;
  programId: number | null;
  takesAgency: boolean;
  agencyId: number | null;
}

/**
 * The form's role and places, checked in the order a person can fix them: role 3 belongs on the Recipient Add screen
 * (400); a role the caller may not give answers 403 (B§6); the program or agency the role takes is required (400)
 * and must be one the caller can see (404 like a missing one); the other is cleared.
 */
export async function checkRoleAndPlaces(ctx: CallerContext, form: UserFormInput): Promise<StaffPlaces> {
  if (isRecipientRole(form.roleId)) throw AppError.badRequest(USER_MESSAGES.RECIPIENT_ROLE, 'roleId');
  const privs = [...ctx.caller.privileges];
  if (!mayGiveRole(privs, form.roleId)) throw AppError.forbidden(USER_MESSAGES.ROLE_NOT_ALLOWED);
  const places = userPlaces(form, privs);
  if (places.missing === 'program') throw AppError.badRequest(USER_MESSAGES.PROGRAM_REQUIRED, 'programUuid');
  if (places.missing === 'agency') throw AppError.badRequest(USER_MESSAGES.AGENCY_REQUIRED, 'agencyUuid');
  let programId: number | null = null;
  let agencyId: number | null = null;
  if (places.programUuid) {
    const program = await programInScope(ctx, { uuid: places.programUuid.toLowerCase() });
    if (!program) throw AppError.notFound(USER_MESSAGES.PROGRAM_NOT_FOUND);
    programId = program.id;
  }
  if (places.agencyUuid) {
    const agency = await agencyInScope(ctx, places.agencyUuid.toLowerCase());
    if (!agency) throw AppError.notFound(USER_MESSAGES.AGENCY_NOT_FOUND);
    agencyId = agency.id;
  }
  return { takesProgram: programId !== null, programId, takesAgency: agencyId !== null, agencyId };
}

/**
 * 409 when another user has the username or the e-mail (case-insensitive). The e-mail has no unique index (older
 * rows may share one), so the check holds a transaction lock on the lowered address: two saves of one address queue.
 */
export async function assertUnique(tx: DbOrTx, form: { username: string; email: string }, exceptId?: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`user-email:${form.email.toLowerCase()}`}))`);
  if (await takenBy(tx, 'username', form.username, exceptId))
    throw AppError.conflict(USER_MESSAGES.USERNAME_EXISTS, 'username');
  if (await takenBy(tx, 'email', form.email, exceptId)) throw AppError.conflict(USER_MESSAGES.EMAIL_EXISTS, 'email');
}

/** A phone as stored: digits only (B§7 "phones as digits only"); empty is null. */
export function storedPhone(value: string | null | undefined): string | null {
  return value ? phoneDigits(value) || null : null;
}

/** The user's audited fields: never its password hash or other secrets. */
export function userAuditView(user: UserRow, places?: object) {
  return {
    username: user.username,
    email: user.email,
    pendingEmail: user.pendingEmail,
    firstName: user.firstName,
    middleName: user.middleName,
    lastName: user.lastName,
    mobile: user.mobile,
    phone: user.phone,
    statusId: user.statusId,
    roleId: user.roleId,
    ...(places ?? {}),
  };
}
