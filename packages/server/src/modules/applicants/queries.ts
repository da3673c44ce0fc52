import { and, type AnyColumn, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { ApplicantSearchCriteria } from '@ebt/core/applicants';
import type { DbOrTx } from '../../db/client.js';
import { PROGRAM_STATUS } from '@ebt/core/enums';
import { applicants, applicationPrograms, applications, programs } from '../../db/schema/index.js';
import type { Caller } from '../../platform/caller.js';
import { startsWith, startsWithExactly } from '../../platform/search-sql.js';

// The SQL of the applicants area. The staff screens' reads are AND-ed with the caller's programs (applicants belong to
// a program, not an agency, so agency staff see the applicants of their agencies' programs), and every condition
// matches an index of applicants (db/schema/recipients.ts). The public application's reads have no caller: they
// answer only what the form shows anyone (an application's name and enabled programs).

/**
 * The caller's programs as a condition on a program id column. Unlike platform/caller.ts scopeCondition, agency staff
 * match by program: an applicant has no agency until it is processed into an account of one of their agencies.
 */
function programScope(caller: Caller, column: AnyColumn): SQL | undefined {
  if (caller.scope === 'all') return undefined;
  // Recipients hold no PROCESS_APPLICANT; should a role ever give them one, they still see no applicant.
  if (caller.scope !== 'programs' && caller.scope !== 'agencies') return sql`false`;
  return caller.programIds.length === 0 ? sql`false` : inArray(column, [...caller.programIds]);
}

/** A pending applicant: not yet processed into a recipient account (applicants_pending_program_created_idx). */
export const isPending = isNull(applicants.processedAccountId);

/**
 * Pending applicants matching the criteria, newest first, at most `limit` rows. Names and e-mail match as
 * case-insensitive prefixes, the phone as a prefix of its digits.
 */
export function searchPendingApplicants(db: DbOrTx, caller: Caller, criteria: ApplicantSearchCriteria, limit: number) {
  const c = criteria;
  return db
    .select({
      applicantId: applicants.id,
      firstname: applicants.firstName,
      middlename: applicants.middleName,
      lastname: applicants.lastName,
      address1: applicants.address1,
      address2: applicants.address2,
      city: applicants.city,
      stateId: applicants.stateCode,
      zipcode: applicants.zipcode,
      email: applicants.email,
      mobilePhone: applicants.mobilePhone,
      programId: applicants.programId,
      programUuid: programs.uuid,
      programName: programs.name,
      programStatusId: programs.statusId,
      createdAt: applicants.createdAt,
    })
    .from(applicants)
    .innerJoin(programs, eq(programs.id, applicants.programId))
    .where(
      and(
        isPending,
        programScope(caller, applicants.programId),
        c.programId === undefined ? undefined : eq(applicants.programId, c.programId),
        c.firstname === undefined ? undefined : startsWith(sql`lower(${applicants.firstName})`, c.firstname),
        c.lastname === undefined ? undefined : startsWith(sql`lower(${applicants.lastName})`, c.lastname),
        c.email === undefined ? undefined : startsWith(sql`lower(${applicants.email})`, c.email),
        c.mobilePhone === undefined ? undefined : startsWithExactly(applicants.mobilePhone, c.mobilePhone),
      ),
    )
    .orderBy(desc(applicants.createdAt), desc(applicants.id))
    .limit(limit);
}

/** The programs in the caller's scope that take online applications, by name (the screen's program select). */
export function applicationProgramsOf(db: DbOrTx, caller: Caller) {
  return db
    .selectDistinct({ programId: programs.id, programName: programs.name, programUuid: programs.uuid })
    .from(programs)
    .innerJoin(applicationPrograms, eq(applicationPrograms.programId, programs.id))
    .where(programScope(caller, programs.id))
    .orderBy(asc(programs.name), asc(programs.id));
}

// ---------------------------------------------------------------------------------------------------------------
// The public online application (apply.ts)

/** An application definition by id, or undefined. */
export async function findApplication(db: DbOrTx, applicationId: number) {
  const [row] = await db.select().from(applications).where(eq(applications.id, applicationId)).limit(1);
  return row;
}

/** The enabled programs of an application, by name. */
export function enabledProgramsOfApplication(db: DbOrTx, applicationId: number) {
  return db
    .select({ programId: programs.id, programName: programs.name })
    .from(applicationPrograms)
    .innerJoin(programs, eq(programs.id, applicationPrograms.programId))
    .where(and(eq(applicationPrograms.applicationId, applicationId), eq(programs.statusId, PROGRAM_STATUS.ENABLED)))
    .orderBy(asc(programs.name), asc(programs.id));
}

/**
 * Every application offering the program (only the one named, when an id is given), with whether it is active and
 * the program's status: what decides whether an applicant may apply now.
 */
export function applicationsOfferingProgram(db: DbOrTx, programId: number, applicationId: number | null | undefined) {
  return db
    .select({ applicationId: applications.id, active: applications.active, programStatusId: programs.statusId })
    .from(applicationPrograms)
    .innerJoin(applications, eq(applications.id, applicationPrograms.applicationId))
    .innerJoin(programs, eq(programs.id, applicationPrograms.programId))
    .where(
      and(
        eq(applicationPrograms.programId, programId),
        applicationId == null ? undefined : eq(applicationPrograms.applicationId, applicationId),
      ),
    );
}

/** The first active application offering the program (the one named, when an id is given), or undefined. */
export async function activeApplicationOf(db: DbOrTx, programId: number, applicationId: number | null | undefined) {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .innerJoin(applicationPrograms, eq(applicationPrograms.applicationId, applications.id))
    .where(
      and(
        eq(applicationPrograms.programId, programId),
        eq(applications.active, true),
        applicationId == null ? undefined : eq(applications.id, applicationId),
      ),
    )
    .orderBy(asc(applications.id))
    .limit(1);
  return row;
}

/** Stores an applicant; answers its id and uuid. */
export async function insertApplicant(tx: DbOrTx, values: typeof applicants.$inferInsert) {
  const [row] = await tx.insert(applicants).values(values).returning({ id: applicants.id, uuid: applicants.uuid });
  return row!;
}
