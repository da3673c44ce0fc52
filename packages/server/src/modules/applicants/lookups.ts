import type { SessionApplication } from '@ebt/core/auth';
import type { ApplicantProgram } from '@ebt/core/applicants';
import { callerApplications, callerProgramsQuery } from '../../platform/caller-programs.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { applicationProgramsOf } from './queries.js';

// The look-ups of the staff applicant screens (B§2 "Applicants", B§7).

/** GET /account-api/application: the online applications taken by the caller's programs (the Applicants menu). */
export async function listCallerApplications(context: RequestContext): Promise<SessionApplication[]> {
  const ctx = requireCaller(context);
  const programs = await callerProgramsQuery(ctx);
  return callerApplications(
    ctx,
    programs.map((p) => p.id),
  );
}

/** GET /account-api/application/programs: the caller's programs that take online applications. */
export async function listApplicationPrograms(context: RequestContext): Promise<ApplicantProgram[]> {
  const ctx = requireCaller(context);
  return applicationProgramsOf(ctx.db, ctx.caller);
}
