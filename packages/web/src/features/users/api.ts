import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { UserSearchCriteria } from './criteria';
import type { RecipientUserBody } from '@ebt/core/users';
import type { z } from 'zod';
import { MessageAnswer, UserDetail, UserAdded, UserChangeAnswer, UserRoles, UserSearchResult } from './schemas';
import type { UserBody } from './user-form';

// The user screens (B§2 "Users", B§7 "Users and roles"): query keys, queries and changes. Pages never call the API
// themselves.

/** The portal a staff screen is in: the base of its links. */
export type StaffBase = 'program' | 'admin';

export const userKeys = {
  all: ['users'] as const,
  searches: () => [...userKeys.all, 'search'] as const,
  search: (criteria: UserSearchCriteria) => [...userKeys.searches(), criteria] as const,
  detail: (userUuid: string) => [...userKeys.all, 'detail', userUuid] as const,
  recipient: (userUuid: string) => [...userKeys.all, 'recipient', userUuid] as const,
  roles: (userUuid: string) => [...userKeys.all, 'roles', userUuid] as const,
};

/**
 * GET /user-api/users with the criteria: one capped answer (decision 0024: up to 1000 rows, countCapped past it) the
 * screen pages 10 at a time; the server scopes the rows to the caller. Nothing runs while `criteria` is null.
 */
export function useUserSearch(criteria: UserSearchCriteria | null) {
  return useQuery({
    queryKey: userKeys.search(criteria ?? {}),
    queryFn: async ({ signal }) =>
      UserSearchResult.parse(await api.get<unknown>('/user-api/users', { signal, query: { ...criteria } })),
    enabled: criteria !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /user-api/user/{id}. */
export function useUser(userUuid: string) {
  return useQuery({
    queryKey: userKeys.detail(userUuid),
    queryFn: async ({ signal }) => UserDetail.parse(await api.get<unknown>(`/user-api/user/${userUuid}`, { signal })),
    retry: false,
  });
}

/** GET /user-api/recipient-users/{id}: a recipient's login, programs and agencies. */
export function useRecipientUser(userUuid: string) {
  return useQuery({
    queryKey: userKeys.recipient(userUuid),
    queryFn: async ({ signal }) =>
      UserDetail.parse(await api.get<unknown>(`/user-api/recipient-users/${userUuid}`, { signal })),
    retry: false,
  });
}

/** GET /user-api/user/{id}/roles (admin). */
export function useUserRoles(userUuid: string, enabled = true) {
  return useQuery({
    queryKey: userKeys.roles(userUuid),
    queryFn: async ({ signal }) =>
      UserRoles.parse(await api.get<unknown>(`/user-api/user/${userUuid}/roles`, { signal })),
    enabled,
  });
}

type QueryClient = ReturnType<typeof useQueryClient>;

/** After a change: the user again (its form and actions show what was saved) and fresh searches. */
function refreshUser(queryClient: QueryClient, userUuid: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userKeys.detail(userUuid) }),
    queryClient.invalidateQueries({ queryKey: userKeys.recipient(userUuid) }),
    queryClient.invalidateQueries({ queryKey: userKeys.roles(userUuid) }),
    queryClient.invalidateQueries({ queryKey: userKeys.searches() }),
  ]);
}

/** POST /user-api/user (B§5 Add user): 'User added.' and the new user's uuid; 409 when the username or e-mail is taken. */
export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UserBody & { sendActivation: boolean }) =>
      UserAdded.parse(await api.post<unknown>('/user-api/user', body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.searches() }),
  });
}

/** PUT /user-api/user/{id}: 'User updated.'. */
export function useUpdateUser(userUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UserBody) =>
      UserChangeAnswer.parse(await api.put<unknown>(`/user-api/user/${userUuid}`, body)),
    onSuccess: () => refreshUser(queryClient, userUuid),
  });
}

/** PATCH /user-api/recipient-users/{id} with e-mail, username, names and mobile: 'User updated.'. */
export function useUpdateRecipientUser(userUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof RecipientUserBody>) =>
      UserChangeAnswer.parse(await api.patch<unknown>(`/user-api/recipient-users/${userUuid}`, body)),
    onSuccess: () => refreshUser(queryClient, userUuid),
  });
}

/** PUT /user-api/user/{id}/status with userStatusId 3 ('Disable'): 'User status updated.'. */
export function useDisableUser(userUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      MessageAnswer.parse(await api.put<unknown>(`/user-api/user/${userUuid}/status`, { userStatusId: 3 })),
    onSuccess: () => refreshUser(queryClient, userUuid),
  });
}

/** DELETE /user-api/user/{id}: 'User has been deleted.' (status 4; the history stays). */
export function useDeleteUser(userUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => MessageAnswer.parse(await api.delete<unknown>(`/user-api/user/${userUuid}`)),
    onSuccess: () => refreshUser(queryClient, userUuid),
  });
}

/**
 * POST /user-api/user/send-activation (resolution 4): `uuid` alone sends a first activation; forcing adds resetHash
 * and resetEmailVerified, so the user verifies the address again. Recipients go through the recipient-users path.
 */
export function useSendActivation(userUuid: string, { recipient = false }: { recipient?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (force: boolean) =>
      api.post<unknown>(
        recipient ? '/user-api/recipient-users/send-activation' : '/user-api/user/send-activation',
        force ? { uuid: userUuid, resetHash: true, resetEmailVerified: true } : { uuid: userUuid },
      ),
    onSuccess: () => refreshUser(queryClient, userUuid),
  });
}

/**
 * POST /user-api/user/reset-otp/{uuid}/send (resolution 20): clears the user's recovery locks, failed counters and
 * codes, and tells the user so through the outbox.
 */
export function useResetOtp(userUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => api.post<unknown>(`/user-api/user/reset-otp/${userUuid}/send`),
    onSuccess: () => refreshUser(queryClient, userUuid),
  });
}

/** PUT /user-api/user/{id}/roles with roleIds: 'User roles updated.' (the new privileges apply from the next request). */
export function useUpdateUserRoles(userUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (roleIds: number[]) =>
      MessageAnswer.parse(await api.put<unknown>(`/user-api/user/${userUuid}/roles`, { roleIds })),
    onSuccess: () => refreshUser(queryClient, userUuid),
  });
}
