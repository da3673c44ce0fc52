import { BenefitSearchQuery, searchDateProblems } from '@ebt/core/benefits';
import { LIST_PAGE_SIZE } from '@ebt/core/constants';
import { formCheck } from '../../lib/form-check';
import { cleanCriteria } from '../../lib/search';
import type { UrlCriteriaSpec } from '../../lib/url-criteria';

// The benefit search criteria (A§5 "Search", A§7 benefitApi.search) as the form holds them, as the URL keeps
// them (lib/url-criteria.ts) and as the API takes them.

// A type, not an interface: it must fit `Record<string, unknown>` (lib/search.ts).
export type BenefitCriteria = {
  programUuid: string;
  agencyUuid: string;
  accountId: string;
  authNo: string;
  firstname: string;
  lastname: string;
  startDate: string;
  endDate: string;
};

export const CRITERIA_FIELDS = [
  'programUuid',
  'agencyUuid',
  'accountId',
  'authNo',
  'firstname',
  'lastname',
  'startDate',
  'endDate',
] as const satisfies readonly (keyof BenefitCriteria)[];

export const EMPTY_CRITERIA: BenefitCriteria = {
  programUuid: '',
  agencyUuid: '',
  accountId: '',
  authNo: '',
  firstname: '',
  lastname: '',
  startDate: '',
  endDate: '',
};

/** Every query is a search here: the list shows the caller's newest benefits before any criterion (A§2). */
export const BENEFIT_URL_CRITERIA: UrlCriteriaSpec<BenefitCriteria> = {
  fields: CRITERIA_FIELDS,
  parse: (raw) => {
    const criteria = { ...EMPTY_CRITERIA };
    for (const field of CRITERIA_FIELDS) criteria[field] = raw[field]?.trim() ?? '';
    return criteria;
  },
};

/** The API query of a search (A§9: 10 rows a page). */
export function searchRequest(criteria: BenefitCriteria, page: number) {
  return { ...cleanCriteria(criteria), page, pageSize: LIST_PAGE_SIZE };
}

/**
 * Why the criteria cannot be searched, by field: core's field limits (account ID and authorization number at most
 * 20 characters, names 100, dates readable) and the staff date bounds of A§5 (start from 2022-02-01, end from
 * 2022-08-01, both up to today plus 183 days, end not before start).
 */
export function criteriaErrors(
  criteria: BenefitCriteria,
  today: string,
): Partial<Record<keyof BenefitCriteria, string>> {
  return formCheck(BenefitSearchQuery, (values: BenefitCriteria) => cleanCriteria(values), {
    rules: ({ startDate, endDate }) =>
      searchDateProblems(
        { startDate: startDate.trim() || undefined, endDate: endDate.trim() || undefined },
        today,
        'staff',
      ),
  })(criteria);
}
