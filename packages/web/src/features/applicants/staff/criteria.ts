import {
  applicantSearchCriteria,
  type ApplicantSearchCriteria,
  hasApplicantSearchCriterion,
} from '@ebt/core/applicants';
import type { UrlCriteriaSpec } from '../../../lib/url-criteria';

// The applicant search's fields (B§5 "Applicant search"), in the form and in the URL (lib/url-criteria.ts).

/** The criteria form: every field a string, '' for not given. */
// A type, not an interface: a search form's values must fit `Record<string, unknown>` (lib/search-form.ts).
export type ApplicantSearchFormValues = {
  programId: string;
  firstname: string;
  lastname: string;
  email: string;
  mobilePhone: string;
};

export const EMPTY_APPLICANT_SEARCH: ApplicantSearchFormValues = {
  programId: '',
  firstname: '',
  lastname: '',
  email: '',
  mobilePhone: '',
};

/** Decision 0013: the program alone is a search here (that program's whole queue). */
export const APPLICANT_URL_CRITERIA: UrlCriteriaSpec<ApplicantSearchCriteria> = {
  fields: Object.keys(EMPTY_APPLICANT_SEARCH),
  parse: (raw) => (hasApplicantSearchCriterion(raw) ? applicantSearchCriteria(raw) : null),
};

/** The form's values of a submitted search (the phone as the digits that were searched). */
export function applicantFormValuesOf(criteria: ApplicantSearchCriteria): ApplicantSearchFormValues {
  return {
    programId: criteria.programId === undefined ? '' : String(criteria.programId),
    firstname: criteria.firstname ?? '',
    lastname: criteria.lastname ?? '',
    email: criteria.email ?? '',
    mobilePhone: criteria.mobilePhone ?? '',
  };
}
