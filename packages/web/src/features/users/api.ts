import { recoveryApi } from '@ebt/core/recovery';
import { userAdminApi, userApi, type RecipientUserBody } from '@ebt/core/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint, endpointKey, endpointQuery } from '../../lib/endpoint-client';
import type { UserSearchCriteria } from './criteria';
import type { UserBody } from './user-form';

// The user screens (B§2 "Users", B§7 "Users and roles"): their queries and changes, each through its contract in
// userApi, userAdminApi or recoveryApi. Pages never call the API themselves.

/**
 * The user search with the criteria: one capped answer (decision 0024: up to 1000 rows, countCapped past it) the
 * screen pages 10 at a time; the server scopes the rows to the caller. Nothing runs while `criteria` is null.
 */
export function useUserSearch(criteria: UserSearchCriteria | null) {
  return useQuery({
    ...endpointQuery(userApi.search, { query: { ...criteria } }),
    enabled: criteria !== null,
    placeholderData: keepPreviousData,
  });
}

/** One staff user (userApi.detail). */
export function useUser(userUuid: string) {
  return useQuery({ ...endpointQuery(userApi.detail, { params: { id: userUuid } }), retry: false });
}

/** A recipient's login, programs and agencies (userApi.recipientUser). */
export function useRecipientUser(userUuid: string) {
  return useQuery({ ...endpointQuery(userApi.recipientUser, { params: { id: userUuid } }), retry: false });
}

/** The user's role (userAdminApi.roles, admin). */
export function useUserRoles(userUuid: string, enabled = true) {
  return useQuery({ ...endpointQuery(userAdminApi.roles, { params: { id: userUuid } }), enabled });
}

type QueryClient = ReturnType<typeof useQueryClient>;

/** After a change: the user again (its form and actions show what was saved) and fresh searches. */
function refreshUser(queryClient: QueryClient, userUuid: string) {
  const params = { id: userUuid };
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: endpointKey(userApi.detail, { params }) }),
    queryClient.invalidateQueries({ queryKey: endpointKey(userApi.recipientUser, { params }) }),
    queryClient.invalidateQueries({ queryKey: endpointKey(userAdminApi.roles, { params }) }),
    queryClient.invalidateQueries({ queryKey: endpointKey(userApi.search) }),
  ]);
}

/** A new user (B§5 Add user): 'User added.' and the new user's uuid; 409 when the username or e-mail is taken. */
export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserBody & { sendActivation: boolean }) => callEndpoint(userApi.add, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(userApi.search) }),
  });
}

/** The staff user's form saved: 'User updated.'. */
export function useUpdateUser(userUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserBody) => callEndpoint(userApi.update, { params: { id: userUuid }, body }),
    onSuccess: () => refreshUser(queryClient, userUuid),
  });
}

/** The recipient-user form saved, with e-mail, username, names and mobile: 'User updated.'. */
export function useUpdateRecipientUser(userUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof RecipientUserBody>) =>
      callEndpoint(userApi.updateRecipientUser, { params: { id: userUuid }, body }),
    onSuccess: () => refreshUser(queryClient, userUuid),
  });
}

/** The user's status set to 3 ('Disable'): 'User status updated.'. */
export function useDisableUser(userUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(userAdminApi.disable, { params: { id: userUuid }, body: { userStatusId: 3 } }),
    onSuccess: () => refreshUser(queryClient, userUuid),
  });
}

/** The user deleted: 'User has been deleted.' (status 4; the history stays). */
export function useDeleteUser(userUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(userAdminApi.remove, { params: { id: userUuid } }),
    onSuccess: () => refreshUser(queryClient, userUuid),
  });
}

/**
 * An activation e-mail (recoveryApi.sendActivation, resolution 4): `uuid` alone sends a first activation; forcing adds
 * resetHash and resetEmailVerified, so the user verifies the address again. Recipients go through
 * recoveryApi.sendRecipientActivation.
 */
export function useSendActivation(userUuid: string, { recipient = false }: { recipient?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (force: boolean) =>
      callEndpoint(recipient ? recoveryApi.sendRecipientActivation : recoveryApi.sendActivation, {
        body: force ? { uuid: userUuid, resetHash: true, resetEmailVerified: true } : { uuid: userUuid },
      }),
    onSuccess: () => refreshUser(queryClient, userUuid),
  });
}

/**
 * The user's one-time-code token reset with an e-mail to them (userAdminApi.resetOtpAndNotify, resolution 20): clears
 * the user's recovery locks, failed counters and codes, and tells the user so through the outbox.
 */
export function useResetOtp(userUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(userAdminApi.resetOtpAndNotify, { params: { uuid: userUuid } }),
    onSuccess: () => refreshUser(queryClient, userUuid),
  });
}

/** The user's role, as roleIds: 'User roles updated.' (the new privileges apply from the next request). */
export function useUpdateUserRoles(userUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roleIds: number[]) =>
      callEndpoint(userAdminApi.setRoles, { params: { id: userUuid }, body: { roleIds } }),
    onSuccess: () => refreshUser(queryClient, userUuid),
  });
}
