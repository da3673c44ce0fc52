import {
  APPLICANT_SEARCH_CAP,
  applicantSearchCriteria,
  type ApplicantSearchQuery,
  type ApplicantSearchResult,
  hasApplicantSearchCriterion,
} from '@ebt/core/applicants';
import { MESSAGES } from '@ebt/core/messages';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { cappedList } from '../../platform/search.js';
import { searchPendingApplicants } from './queries.js';

// The staff applicant search (B§2 "Applicants", B§5, B§7; docs/decisions/0013-applicant-processing.md): find the
// people who applied online and are not yet recipients. Processing one is POST /account-api/account with its
// applicantId (modules/recipients), which links the applicant to the new account in the same transaction.

/**
 * GET /account-api/applicant: pending applicants of the caller's programs, newest first, at most APPLICANT_SEARCH_CAP
 * (platform/search.ts cappedList). A program outside the caller's scope matches nothing, as a missing one does.
 */
export async function searchApplicants(
  context: RequestContext,
  query: ApplicantSearchQuery,
): Promise<ApplicantSearchResult> {
  const ctx = requireCaller(context);
  if (!hasApplicantSearchCriterion(query)) throw AppError.badRequest(MESSAGES.AT_LEAST_ONE_FIELD);
  const criteria = applicantSearchCriteria(query);
  const found = await cappedList(APPLICANT_SEARCH_CAP, (limit) =>
    searchPendingApplicants(ctx.db, ctx.caller, criteria, limit),
  );
  return {
    ...found,
    data: found.data.map(({ createdAt, ...row }) => ({ ...row, createdDate: createdAt.toISOString() })),
  };
}
