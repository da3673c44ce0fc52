import { FarmerApplicationSearchQuery, FarmerApplicationStatus } from '@ebt/core/farmer-applications';
import { formCheck } from '../../lib/form-check';
import type { UrlCriteriaSpec } from '../../lib/url-criteria';

// The review queue's criteria (decision 0111), in the form and in the URL (lib/url-criteria.ts):
// `?q=orchard&programId=2&status=submitted&page=2`. A queue, not a search: no criterion at all lists every
// application of the caller's programs, so the URL always holds a search.

/** The form: every field a string, '' for not given; programId the program's numeric id in digits. */
export type FarmerApplicationSearchValues = {
  q: string;
  programId: string;
  status: string;
};

/** The criteria as sent: only those given, text trimmed, the program as its id and the status as its code. */
export type FarmerApplicationCriteria = {
  q?: string;
  programId?: number;
  status?: FarmerApplicationStatus;
};

export const EMPTY_FARMER_APPLICATION_SEARCH: FarmerApplicationSearchValues = { q: '', programId: '', status: '' };

const FIELDS = Object.keys(EMPTY_FARMER_APPLICATION_SEARCH) as (keyof FarmerApplicationSearchValues)[];

/**
 * The criteria of the form's (or the URL's) values: text trimmed, blanks left out; a program that is not a whole
 * number or a status that is not one of the four is left out too (a hand-edited URL lists the whole queue rather
 * than failing).
 */
export function farmerApplicationCriteria(
  raw: Partial<Record<keyof FarmerApplicationSearchValues, string | undefined>>,
): FarmerApplicationCriteria {
  const criteria: FarmerApplicationCriteria = {};
  const q = raw.q?.trim() ?? '';
  if (q !== '') criteria.q = q;
  const programId = raw.programId?.trim() ?? '';
  if (/^[1-9]\d{0,9}$/.test(programId)) criteria.programId = Number(programId);
  const status = FarmerApplicationStatus.safeParse(raw.status?.trim());
  if (status.success) criteria.status = status.data;
  return criteria;
}

export const FARMER_APPLICATION_URL_CRITERIA: UrlCriteriaSpec<FarmerApplicationCriteria> = {
  fields: FIELDS,
  parse: (raw) => farmerApplicationCriteria(raw),
};

/** The form's values of a submitted search. */
export function farmerApplicationValuesOf(criteria: FarmerApplicationCriteria): FarmerApplicationSearchValues {
  return {
    q: criteria.q ?? '',
    programId: criteria.programId === undefined ? '' : String(criteria.programId),
    status: criteria.status ?? '',
  };
}

/** The text's limit (100) from core's query schema, as the server applies it. */
export const validateFarmerApplicationSearch = formCheck(
  FarmerApplicationSearchQuery.pick({ q: true }),
  (values: FarmerApplicationSearchValues) => ({ q: values.q }),
);
