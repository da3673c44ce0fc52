import {
  AGENCY_MESSAGES,
  agencyApi,
  type AddAgencyBody,
  type AgencyPage,
  type UpdateAgencyBody,
} from '@ebt/core/agencies';
import { LIST_PAGE_SIZE } from '@ebt/core/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pageOf } from '../../lib/list-answers';
import { callEndpoint, endpointKey, endpointQuery } from '../../lib/endpoint-client';
import { USER_FINDER_QUERY_KEY } from '../../lib/user-finder';
import { lookupKeys } from '../../lib/lookups';

// The agency screens (B§2 "Agencies", B§7 "Agencies"): their queries and changes, each through its contract in
// agencyApi. Pages never call the API themselves. A change reloads what shows it (the list, the agency, its users)
// and the agency pickers of other screens (lookups), once the server has saved it (resolution 25: no 1-second delay).

/**
 * The agency list with page and pageSize=10 (B§2, decision 0028): a page of the caller's agencies, of one program
 * when chosen; agency staff send viewable=1 (part 1 §6), the server keeps to the scope either way.
 */
export function useAgencyPage(programUuid: string, page: number, viewable: boolean) {
  return useQuery({
    ...endpointQuery(agencyApi.list, {
      query: {
        page,
        pageSize: LIST_PAGE_SIZE,
        programUuid: programUuid || undefined,
        viewable: viewable ? '1' : undefined,
      },
    }),
    select: pageOf<AgencyPage>,
    placeholderData: keepPreviousData,
  });
}

/** One agency with its funding. */
export function useAgency(agencyUuid: string) {
  return useQuery({ ...endpointQuery(agencyApi.detail, { params: { id: agencyUuid } }), retry: false });
}

/** The agency's admins and users. */
export function useAgencyUsers(agencyUuid: string) {
  return useQuery(endpointQuery(agencyApi.users, { params: { id: agencyUuid } }));
}

/** After an agency is added or saved: every agency screen's data (lists, agencies, their users) and the look-ups. */
function useReload() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: endpointKey(agencyApi.list) }),
      queryClient.invalidateQueries({ queryKey: endpointKey(agencyApi.detail) }),
      queryClient.invalidateQueries({ queryKey: endpointKey(agencyApi.users) }),
      queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
    ]);
}

/** A new agency (agencyApi.add): 'Agency added.'. */
export function useAddAgency() {
  const reload = useReload();
  return useMutation({
    mutationFn: (body: AddAgencyBody) => callEndpoint(agencyApi.add, { body }),
    onSuccess: reload,
  });
}

/** The agency saved (agencyApi.update): 'Agency updated.'. */
export function useUpdateAgency(agencyUuid: string) {
  const reload = useReload();
  return useMutation({
    mutationFn: (body: UpdateAgencyBody) => callEndpoint(agencyApi.update, { params: { id: agencyUuid }, body }),
    onSuccess: reload,
  });
}

export type AgencyUserChange =
  | { kind: 'add'; userUuid: string }
  | { kind: 'remove'; userUuid: string }
  | { kind: 'move'; userUuid: string; toAgencyUuid: string };

/**
 * A user added to, removed from or moved out of the agency (agencyApi.addUser, removeUser, moveUser; B§7): the
 * server's message ('User removed.', 'User moved.', 'User added to Agency.'); the users list reloads once the change
 * is saved (B§9): this agency's, the target agency's on a move, and the user search. Only those: the agency itself did
 * not change, and reloading it would rebuild its form on the same screen and lose what was typed there.
 */
export function useAgencyUserChange(agencyUuid: string) {
  const queryClient = useQueryClient();
  const usersKey = (id: string) => endpointKey(agencyApi.users, { params: { id } });
  const reload = (change: AgencyUserChange) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: usersKey(agencyUuid) }),
      change.kind === 'move' && queryClient.invalidateQueries({ queryKey: usersKey(change.toAgencyUuid) }),
      queryClient.invalidateQueries({ queryKey: USER_FINDER_QUERY_KEY }),
    ]);
  return useMutation({
    mutationFn: async (change: AgencyUserChange) => {
      const params = { agencyUuid, userUuid: change.userUuid };
      const answer =
        change.kind === 'add'
          ? await callEndpoint(agencyApi.addUser, { params })
          : change.kind === 'remove'
            ? await callEndpoint(agencyApi.removeUser, { params })
            : await callEndpoint(agencyApi.moveUser, { params, body: { agencyUuid: change.toAgencyUuid } });
      const fallback = {
        add: AGENCY_MESSAGES.USER_ADDED,
        remove: AGENCY_MESSAGES.USER_REMOVED,
        move: AGENCY_MESSAGES.USER_MOVED,
      }[change.kind];
      return answer.message || fallback;
    },
    onSettled: (_answer, _error, change) => reload(change),
  });
}
