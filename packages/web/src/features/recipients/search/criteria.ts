import {
  hasRecipientSearchCriterion,
  recipientSearchCriteria,
  type RecipientSearchCriteria,
} from '@ebt/core/recipients';
import type { UrlCriteriaSpec } from '../../../lib/url-criteria';

// The recipient search's fields (A§5 "Search"), in the form and in the URL (lib/url-criteria.ts).

/** The criteria form: every field a string, '' for not given. */
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

const FIELDS = Object.keys(EMPTY_SEARCH) as (keyof SearchFormValues)[];

/** The URL holds a search only with a text criterion (A§5); program and agency alone only narrow. */
export const RECIPIENT_URL_CRITERIA: UrlCriteriaSpec<RecipientSearchCriteria> = {
  fields: FIELDS,
  parse: (raw) => (hasRecipientSearchCriterion(raw) ? recipientSearchCriteria(raw) : null),
};

/** The form's values of a submitted search (the phone as the digits that were searched). */
export function formValuesOf(criteria: RecipientSearchCriteria): SearchFormValues {
  return Object.fromEntries(FIELDS.map((key) => [key, criteria[key] ?? ''])) as unknown as SearchFormValues;
}
