import { cleanCriteria } from '../../lib/search';
import type { UrlCriteriaSpec } from '../../lib/url-criteria';

// The admin program search's fields (B§2 "Admin programs", B§7 programApi.search), in the form and the URL.

export type AdminProgramSearchValues = {
  programName: string;
  shortName: string;
  contactEmail: string;
  contactStateCode: string;
  programStatusId: string;
};

export type AdminProgramCriteria = Partial<AdminProgramSearchValues>;

export const EMPTY_ADMIN_PROGRAM_SEARCH: AdminProgramSearchValues = {
  programName: '',
  shortName: '',
  contactEmail: '',
  contactStateCode: '',
  programStatusId: '',
};

const FIELDS = Object.keys(EMPTY_ADMIN_PROGRAM_SEARCH) as (keyof AdminProgramSearchValues)[];

/** The criteria as sent and cached: trimmed, blanks dropped, only the search's own names. */
export function adminProgramCriteria(raw: Partial<Record<string, string | undefined>>): AdminProgramCriteria {
  const picked: Record<string, string> = {};
  for (const name of FIELDS) picked[name] = raw[name] ?? '';
  return cleanCriteria(picked) as AdminProgramCriteria;
}

/**
 * No criterion is a search too: the list opens on every program (a platform runs tens of them; docs/decisions/0030),
 * so the URL always holds a search.
 */
export const ADMIN_PROGRAM_URL_CRITERIA: UrlCriteriaSpec<AdminProgramCriteria> = {
  fields: FIELDS,
  parse: (raw) => adminProgramCriteria(raw),
};

export function adminProgramValuesOf(criteria: AdminProgramCriteria): AdminProgramSearchValues {
  return { ...EMPTY_ADMIN_PROGRAM_SEARCH, ...criteria };
}
