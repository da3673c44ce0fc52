import type { ApplicantBody, ApplicantCreated, ApplicationCheck, ApplicationDefinition } from '@ebt/core/applicants';
import { PROGRAM_STATUS } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { phoneDigits } from '@ebt/core/validation';
import { recordAudit } from '../../platform/audit.js';
import type { RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hitRateLimitWindow } from '../../platform/rate-limit.js';
import { APP_ERROR_CODE } from '@ebt/core/errors';
import {
  activeApplicationOf,
  applicationsOfferingProgram,
  enabledProgramsOfApplication,
  findApplication,
  insertApplicant,
} from './queries.js';

/**
 * The public online application (A§2 /apply/ct, A§7 "Online application"). Applicants are stored for staff to
 * process into recipient accounts; nothing here creates an account or a user.
 */

/** Submissions per client address per hour: a family at one address applies a few times, a script many more. */
export const APPLICATIONS_PER_ADDRESS = 20;
export const APPLICATION_WINDOW_MS = 60 * 60_000;

/** GET /account-api/application/{id}: the definition with its enabled programs; unknown id 404. */
export async function getApplication(ctx: RequestContext, applicationId: number): Promise<ApplicationDefinition> {
  const application = await findApplication(ctx.db, applicationId);
  if (!application) throw AppError.notFound(MESSAGES.APPLICATION_UNAVAILABLE);
  const programRows = await enabledProgramsOfApplication(ctx.db, applicationId);
  return {
    applicationId: application.id,
    name: application.name,
    descr: application.descr,
    active: application.active,
    programs: programRows,
  };
}

/**
 * Why an application cannot take an applicant for a program now, or null when it can: the program must be one of
 * an active application's programs and enabled. Without an application id, any active application of the program
 * will do.
 */
async function refusal(
  ctx: RequestContext,
  programId: number,
  applicationId: number | null | undefined,
): Promise<AppError | null> {
  const rows = await applicationsOfferingProgram(ctx.db, programId, applicationId);
  // Not a program of the application (or no such program): the request itself is wrong.
  if (rows.length === 0) return AppError.badRequest(MESSAGES.APPLICATION_SUBMIT_FAILED, 'programId');
  // A program of the application, but the application is closed or the program disabled: the state forbids it.
  if (!rows.some((r) => r.active && r.programStatusId === PROGRAM_STATUS.ENABLED))
    return AppError.conflict(MESSAGES.APPLICATION_SUBMIT_FAILED);
  return null;
}

/** POST /account-api/applicant: stores the applicant (phone as digits) and answers 201 {applicantId}. */
export async function submitApplicant(ctx: RequestContext, body: ApplicantBody): Promise<ApplicantCreated> {
  const now = ctx.now();
  const hits = await hitRateLimitWindow(ctx.db, `applicant:ip:${ctx.ip ?? 'unknown'}`, APPLICATION_WINDOW_MS, now);
  if (hits.count > APPLICATIONS_PER_ADDRESS)
    throw AppError.tooManyRequests(
      MESSAGES.APPLICATION_THROTTLED,
      APP_ERROR_CODE.TOO_MANY_REQUESTS,
      hits.retryAfterSeconds,
    );
  const refused = await refusal(ctx, body.programId, body.applicationId);
  if (refused) throw refused;
  const application = await activeApplicationOf(ctx.db, body.programId, body.applicationId);
  const values = {
    programId: body.programId,
    applicationId: application?.id ?? null,
    firstName: body.firstname,
    middleName: body.middlename || null,
    lastName: body.lastname,
    address1: body.address1,
    address2: body.address2 || null,
    city: body.city,
    stateCode: body.stateId,
    zipcode: body.zipcode,
    email: body.email,
    mobilePhone: phoneDigits(body.mobilePhone),
    // Submitting is agreeing: the form refuses to submit without the rights statement ticked (A§5).
    agreedAt: now,
    createdAt: now,
  };
  return ctx.db.transaction(async (tx) => {
    const row = await insertApplicant(tx, values);
    await recordAudit(tx, ctx, { action: 'create', entity: 'applicant', entityId: row.uuid, after: values });
    return { applicantId: row.id };
  });
}

/** POST /account-api/application/{id}/{programId}: the admin test screen's check, without storing anything. */
export async function checkApplication(
  ctx: RequestContext,
  applicationId: number,
  programId: number,
): Promise<ApplicationCheck> {
  if (!(await findApplication(ctx.db, applicationId))) throw AppError.notFound(MESSAGES.APPLICATION_UNAVAILABLE);
  const refused = await refusal(ctx, programId, applicationId);
  return { applicationId, programId, accepting: refused === null, message: refused?.message ?? null };
}
