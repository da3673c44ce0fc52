import {
  USER_MESSAGES,
  USER_SEARCH_CAP,
  type UserSearchQuery,
  type UserSearchResult,
  userSearchCriteria,
} from '@ebt/core/users';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { agencyInScope, cappedList, criteriaPlaces } from '../../platform/search.js';
import { placesOfUsers, searchUserRows, type UserFilter } from './queries.js';

// GET /user-api/users (B§2 "Users", B§5 "User search fields", B§7; resolution 14; docs/decisions/0024-users.md). A
// list fetched whole up to USER_SEARCH_CAP rows, paged 10 at a time on screen, scoped on the server: program admins
// see the users of their programs, agency admins those of their agencies, platform admins all.

export async function searchUsers(context: RequestContext, query: UserSearchQuery): Promise<UserSearchResult> {
  const ctx = requireCaller(context);
  const criteria = userSearchCriteria(query);
  if (Object.keys(criteria).length === 0) throw AppError.badRequest(USER_MESSAGES.SEARCH_CRITERIA_REQUIRED);
  const { programUuid, agencyUuid, ...rest } = criteria;
  // A program or agency the caller cannot see matches nothing (an empty list, as for any search finding nothing).
  const places = await criteriaPlaces(ctx, { program: programUuid || undefined });
  const agency = agencyUuid ? await agencyInScope(ctx, agencyUuid.toLowerCase()) : undefined;
  if (places.unmatchable || (agencyUuid && !agency)) return { data: [], totalCount: 0, countCapped: false };
  const filter: UserFilter = {
    ...(rest as Omit<UserFilter, 'programId' | 'agencyId' | 'roleId' | 'userStatusId'>),
    roleId: typeof rest.roleId === 'number' ? rest.roleId : undefined,
    userStatusId: typeof rest.userStatusId === 'number' ? rest.userStatusId : undefined,
    programId: places.program?.id,
    agencyId: agency?.id,
  };
  const found = await cappedList(USER_SEARCH_CAP, (limit) => searchUserRows(ctx.db, ctx.caller, filter, limit));
  const placeLists = await placesOfUsers(
    ctx.db,
    found.data.map((r) => r.id),
  );
  return {
    ...found,
    data: found.data.map(({ id, ...row }) => ({ ...row, ...placeLists.get(id)! })),
  };
}
