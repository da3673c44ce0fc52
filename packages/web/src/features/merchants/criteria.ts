import {
  hasMerchantSearchCriterion,
  merchantSearchCriteria,
  MerchantSearchQuery,
  type MerchantSearchCriteria,
} from '@ebt/core/merchants';
import type { UrlCriteriaSpec } from '../../lib/url-criteria';
import { formCheck } from '../../lib/form-check';

// The merchant search's fields (B§5 "Merchant search"), in the form and in the URL (lib/url-criteria.ts).

/** The criteria form: every field a string, '' for not given. programId is the program's numeric id in digits. */
export type MerchantSearchFormValues = {
  merchantId: string;
  merchantName: string;
  fnsNumber: string;
  email: string;
  programId: string;
};

export const EMPTY_MERCHANT_SEARCH: MerchantSearchFormValues = {
  merchantId: '',
  merchantName: '',
  fnsNumber: '',
  email: '',
  programId: '',
};

const FIELDS = Object.keys(EMPTY_MERCHANT_SEARCH) as (keyof MerchantSearchFormValues)[];

/** B§5: any one criterion makes a search, a program alone included (decision 0020); none means no search. */
export const MERCHANT_URL_CRITERIA: UrlCriteriaSpec<MerchantSearchCriteria> = {
  fields: FIELDS,
  parse: (raw) => (hasMerchantSearchCriterion(raw) ? merchantSearchCriteria(raw) : null),
};

/** The form's values of a submitted search. */
export function merchantSearchValuesOf(criteria: MerchantSearchCriteria): MerchantSearchFormValues {
  return { ...EMPTY_MERCHANT_SEARCH, ...criteria };
}

/** The limits of B§5 (id 50, name 50, FNS 20, e-mail 250) from core's query schema, as the server applies them. */
export const validateMerchantSearch = formCheck(
  MerchantSearchQuery.omit({ pageSize: true }),
  (values: MerchantSearchFormValues) => values,
);
