import {
  applicantSearchCriteria,
  type ApplicantSearchCriteria,
  hasApplicantSearchCriterion,
} from '@ebt/core/applicants';

// The applicant search's criteria in the form and in the address bar, as the recipient search keeps its own
// (decision 0012): a submitted search lives in the URL query (`?programId=3&lastname=Lee&page=2`), so Back from a
// recipient opened after processing returns to the same results.

/** The criteria form (B§5 "Applicant search"): every field a string, '' for not given. */
export interface ApplicantSearchFormValues {
  programId: string;
  firstname: string;
  lastname: string;
  email: string;
  mobilePhone: string;
}

export const EMPTY_APPLICANT_SEARCH: ApplicantSearchFormValues = {
  programId: '',
  firstname: '',
  lastname: '',
  email: '',
  mobilePhone: '',
};

const KEYS = Object.keys(EMPTY_APPLICANT_SEARCH) as (keyof ApplicantSearchFormValues)[];

/** A submitted search: its criteria (cleaned as the server reads them) and the screen's page, zero-based. */
export interface SubmittedApplicantSearch {
  criteria: ApplicantSearchCriteria;
  page: number;
}

/** The search a URL query holds; null when it holds no criterion. */
export function applicantSearchFromParams(params: URLSearchParams): SubmittedApplicantSearch | null {
  const raw = Object.fromEntries(KEYS.map((key) => [key, params.get(key) ?? undefined]));
  if (!hasApplicantSearchCriterion(raw)) return null;
  const page = Number(params.get('page'));
  return { criteria: applicantSearchCriteria(raw), page: Number.isInteger(page) && page > 1 ? page - 1 : 0 };
}

/** The URL query of a search; the page is written 1-based (as people count) and only after the first. */
export function paramsOfApplicantSearch(search: SubmittedApplicantSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = search.criteria[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (search.page > 0) params.set('page', String(search.page + 1));
  return params;
}

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

/** A stable text of criteria, to tell one search from another. */
export function applicantCriteriaKey(criteria: ApplicantSearchCriteria | null | undefined): string {
  return criteria ? JSON.stringify(KEYS.map((key) => criteria[key] ?? '')) : '';
}
