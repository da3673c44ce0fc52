import {
  hasRecipientSearchCriterion,
  recipientSearchCriteria,
  type RecipientSearchCriteria,
} from '@ebt/core/recipients';

// The recipient search's criteria in the form and in the address bar (decision 0012): a submitted search lives in
// the URL query (`?lastname=Lee&programUuid=…&page=2`), so Back from a recipient returns to the same results page
// and a search can be bookmarked or shared with a colleague who has the same access.

/** The criteria form (A§5 "Search"): every field a string, '' for not given. */
export interface SearchFormValues {
  recipientIdentifier: string;
  firstname: string;
  lastname: string;
  email: string;
  mobilePhone: string;
  programUuid: string;
  agencyUuid: string;
}

export const EMPTY_SEARCH: SearchFormValues = {
  recipientIdentifier: '',
  firstname: '',
  lastname: '',
  email: '',
  mobilePhone: '',
  programUuid: '',
  agencyUuid: '',
};

const KEYS = Object.keys(EMPTY_SEARCH) as (keyof SearchFormValues)[];

/** A submitted search: its criteria (cleaned as the server reads them) and the screen's page, zero-based. */
export interface SubmittedSearch {
  criteria: RecipientSearchCriteria;
  page: number;
}

/** The search a URL query holds; null when it holds no criterion (A§5: at least one is needed to search). */
export function searchFromParams(params: URLSearchParams): SubmittedSearch | null {
  const raw = Object.fromEntries(KEYS.map((key) => [key, params.get(key) ?? undefined]));
  if (!hasRecipientSearchCriterion(raw)) return null;
  const page = Number(params.get('page'));
  return { criteria: recipientSearchCriteria(raw), page: Number.isInteger(page) && page > 1 ? page - 1 : 0 };
}

/** The URL query of a search; the page is written 1-based (as people count) and only after the first. */
export function paramsOfSearch(search: SubmittedSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = search.criteria[key];
    if (value) params.set(key, value);
  }
  if (search.page > 0) params.set('page', String(search.page + 1));
  return params;
}

/** The form's values of a submitted search (the phone as the digits that were searched). */
export function formValuesOf(criteria: RecipientSearchCriteria): SearchFormValues {
  return Object.fromEntries(KEYS.map((key) => [key, criteria[key] ?? ''])) as unknown as SearchFormValues;
}

/** A stable text of criteria, to tell one search from another. */
export function criteriaKey(criteria: RecipientSearchCriteria | null | undefined): string {
  return criteria ? JSON.stringify(KEYS.map((key) => criteria[key] ?? '')) : '';
}
