import type { AdminProgramSearchQuery, AdminProgramSearchResult } from '@ebt/core/programs';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { cappedList } from '../../platform/search.js';
import { type AdminProgramFilter, searchProgramRows } from './queries.js';

// GET /admin-api/programs (B§2 "Admin programs", B§7; docs/decisions/0030). A list fetched whole up to the cap and
// paged 10 at a time on screen. No criterion lists every program: a platform has tens of programs, not thousands,
// and the screen opens on the whole list.

/** More programs than a platform runs; the answer says countCapped past it. */
export const PROGRAM_LIST_CAP = 1000;

export async function searchPrograms(
  context: RequestContext,
  query: AdminProgramSearchQuery,
): Promise<AdminProgramSearchResult> {
  const ctx = requireCaller(context);
  const filter: AdminProgramFilter = {
    programName: query.programName || undefined,
    shortName: query.shortName || undefined,
    contactEmail: query.contactEmail || undefined,
    contactStateCode: query.contactStateCode || undefined,
    programStatusId: typeof query.programStatusId === 'number' ? query.programStatusId : undefined,
  };
  return cappedList(PROGRAM_LIST_CAP, (limit) => searchProgramRows(ctx.db, filter, limit));
}
