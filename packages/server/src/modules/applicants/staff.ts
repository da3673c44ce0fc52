import {
  APPLICANT_SEARCH_CAP,
  type ApplicantProgram,
  applicantSearchCriteria,
  type ApplicantSearchQuery,
  type ApplicantSearchResult,
  hasApplicantSearchCriterion,
} from '@ebt/core/applicants';
import { MESSAGES } from '@ebt/core/messages';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { applicationProgramsOf, searchPendingApplicants } from './queries.js';

// The staff side of applicants (B§2 "Applicants", B§7; docs/decisions/0013-applicant-processing.md): find the people
// who applied online and are not yet recipients. Processing one is POST /account-api/account with its applicantId
// (modules/recipients), which links the applicant to the new account in the same transaction.

/** GET /account-api/application/programs: the caller's programs that take online applications. */
export async function listApplicationPrograms(context: RequestContext): Promise<ApplicantProgram[]> {
  const ctx = requireCaller(context);
  return applicationProgramsOf(ctx.db, ctx.caller);
}

/**
 * GET /account-api/applicant: pending applicants of the caller's programs, newest first, at most APPLICANT_SEARCH_CAP
 * (one row more is read to know whether the cap cut the answer). A program outside the caller's scope matches
 * nothing, as a missing one does.
 */
export async function searchApplicants(
  context: RequestContext,
  query: ApplicantSearchQuery,
): Promise<ApplicantSearchResult> {
  const ctx = requireCaller(context);
  if (!hasApplicantSearchCriterion(query)) throw AppError.badRequest(MESSAGES.AT_LEAST_ONE_FIELD);
  const rows = await searchPendingApplicants(
    ctx.db,
    ctx.caller,
    applicantSearchCriteria(query),
    APPLICANT_SEARCH_CAP + 1,
  );
  const data = rows.slice(0, APPLICANT_SEARCH_CAP).map(({ createdAt, ...row }) => ({
    ...row,
    createdDate: createdAt.toISOString(),
  }));
  return { data, totalCount: data.length, countCapped: rows.length > APPLICANT_SEARCH_CAP };
}
