import {
  AGENCY_MESSAGES,
  AgencyDetail,
  AgencyPage,
  AgencySaved,
  AgencyUser,
  AgencyUserChanged,
  type AddAgencyBody,
  type UpdateAgencyBody,
} from '@ebt/core/agencies';
import { LIST_PAGE_SIZE } from '@ebt/core/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import { USER_FINDER_QUERY_KEY } from '../../lib/user-finder';
import { lookupKeys } from '../../lib/lookups';

// The agency screens (B§2 "Agencies", B§7 "Agencies"): query keys, queries and changes. Pages never call the API
// themselves. A change reloads what shows it (the list, the agency, its users) and the agency pickers of other
// screens (lookups), once the server has saved it (resolution 25: no 1-second delay).

/** The portal a staff screen is in: the base of its links. */
export type StaffBase = 'program' | 'admin';

export const agencyKeys = {
  all: ['agencies'] as const,
  pages: () => [...agencyKeys.all, 'page'] as const,
  page: (programUuid: string, page: number) => [...agencyKeys.pages(), programUuid, page] as const,
  detail: (agencyUuid: string) => [...agencyKeys.all, 'detail', agencyUuid] as const,
  users: (agencyUuid: string) => [...agencyKeys.all, 'users', agencyUuid] as const,
};

/**
 * GET /account-api/agency with page and pageSize=10 (B§2, decision 0028): a page of the caller's agencies, of one
 * program when chosen; agency staff send viewable=1 (part 1 §6), the server keeps to the scope either way.
 */
export function useAgencyPage(programUuid: string, page: number, viewable: boolean) {
  return useQuery({
    queryKey: agencyKeys.page(programUuid, page),
    queryFn: async ({ signal }) =>
      AgencyPage.parse(
        await api.get<unknown>('/account-api/agency', {
          signal,
          query: {
            page,
            pageSize: LIST_PAGE_SIZE,
            programUuid: programUuid || undefined,
            viewable: viewable ? 1 : undefined,
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /account-api/agency/{id}. */
export function useAgency(agencyUuid: string) {
  return useQuery({
    queryKey: agencyKeys.detail(agencyUuid),
    queryFn: async ({ signal }) =>
      AgencyDetail.parse(await api.get<unknown>(`/account-api/agency/${agencyUuid}`, { signal })),
    retry: false,
  });
}

/** GET /account-api/agency/{id}/user: the agency's admins and users. */
export function useAgencyUsers(agencyUuid: string) {
  return useQuery({
    queryKey: agencyKeys.users(agencyUuid),
    queryFn: async ({ signal }) =>
      z.array(AgencyUser).parse(await api.get<unknown>(`/account-api/agency/${agencyUuid}/user`, { signal })),
  });
}

/** GET /user-api/program-users with roleIds 5,6 (resolution 2): the 'Add Admin/User' search; idle while null. */
function useReload() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: agencyKeys.all }),
      queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
    ]);
}

/** POST /account-api/agency: 'Agency added.'. */
export function useAddAgency() {
  const reload = useReload();
  return useMutation({
    mutationFn: async (body: AddAgencyBody) => AgencySaved.parse(await api.post<unknown>('/account-api/agency', body)),
    onSuccess: reload,
  });
}

/** PUT /account-api/agency/{agencyUuid}: 'Agency updated.'. */
export function useUpdateAgency(agencyUuid: string) {
  const reload = useReload();
  return useMutation({
    mutationFn: async (body: UpdateAgencyBody) =>
      AgencySaved.parse(await api.put<unknown>(`/account-api/agency/${agencyUuid}`, body)),
    onSuccess: reload,
  });
}

export type AgencyUserChange =
  | { kind: 'add'; userUuid: string }
  | { kind: 'remove'; userUuid: string }
  | { kind: 'move'; userUuid: string; toAgencyUuid: string };

/**
 * POST, DELETE or PATCH /account-api/agency/{agencyUuid}/user/{userUuid} (B§7): the server's message ('User
 * removed.', 'User moved.', 'User added to Agency.'); the users list reloads once the change is saved (B§9): this
 * agency's, the target agency's on a move, and the user search. Only those: the agency itself did not change, and
 * reloading it would rebuild its form on the same screen and lose what was typed there.
 */
export function useAgencyUserChange(agencyUuid: string) {
  const queryClient = useQueryClient();
  const reload = (change: AgencyUserChange) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: agencyKeys.users(agencyUuid) }),
      change.kind === 'move' && queryClient.invalidateQueries({ queryKey: agencyKeys.users(change.toAgencyUuid) }),
      queryClient.invalidateQueries({ queryKey: USER_FINDER_QUERY_KEY }),
    ]);
  return useMutation({
    mutationFn: async (change: AgencyUserChange) => {
      const path = `/account-api/agency/${agencyUuid}/user/${change.userUuid}`;
      const answer =
        change.kind === 'add'
          ? await api.post<unknown>(path)
          : change.kind === 'remove'
            ? await api.delete<unknown>(path)
            : await api.patch<unknown>(path, { agencyUuid: change.toAgencyUuid });
      const fallback = {
        add: AGENCY_MESSAGES.USER_ADDED,
        remove: AGENCY_MESSAGES.USER_REMOVED,
        move: AGENCY_MESSAGES.USER_MOVED,
      }[change.kind];
      return AgencyUserChanged.safeParse(answer).data?.message || fallback;
    },
    onSettled: (_answer, _error, change) => reload(change),
  });
}
