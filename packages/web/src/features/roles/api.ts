import { MESSAGES } from '@ebt/core/messages';
import { roleApi, type Privilege, type Role } from '@ebt/core/roles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '../../lib/endpoint-client';

// The roles and privileges admin screens (B§2 "Admin privileges, roles", B§3 Role and Privilege, B§7): their queries
// and changes, each through its contract in roleApi. Pages never call the API themselves.

export type PrivilegeRow = Privilege;
export type RoleRow = Role;

/** After a change: every role screen's data again (the privileges, the list and each role). */
function refreshRoles(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: endpointKey(roleApi.privilegeList) }),
    queryClient.invalidateQueries({ queryKey: endpointKey(roleApi.list) }),
    queryClient.invalidateQueries({ queryKey: endpointKey(roleApi.detail) }),
  ]);
}

/** The success text of a change: the server's own when it sends one, else the specification's. */
function answerMessage(answer: { message: string }, fallback: string): string {
  return answer.message.length > 0 ? answer.message : fallback;
}

/** Every privilege a role may grant (B§7). */
export function usePrivileges() {
  return useQuery(endpointQuery(roleApi.privilegeList, {}));
}

/** Each role with the privileges it grants (B§7). */
export function useRoles() {
  return useQuery(endpointQuery(roleApi.list, {}));
}

/** One role (B§7); a 404 is shown, not retried. */
export function useRole(roleId: string) {
  return useQuery({ ...endpointQuery(roleApi.detail, { params: { roleId } }), retry: false });
}

/** A new role with roleId and descr (roleApi.add, B§7): 'Role added.'; 409 'Role Id already exists.'. */
export function useAddRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ roleId, descr }: { roleId: number; descr: string }) =>
      answerMessage(await callEndpoint(roleApi.add, { body: { roleId, descr } }), MESSAGES.ROLE_ADDED),
    onSuccess: () => refreshRoles(queryClient),
  });
}

/**
 * The role saved with roleId, descr and privilegeIds (roleApi.save, B§7): the privileges ticked replace the role's;
 * 'Role saved.'. The server refuses a change that leaves nobody with NDGADMIN_ACCESS; its message is shown.
 */
export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ roleId, descr, privilegeIds }: { roleId: number; descr: string; privilegeIds: number[] }) =>
      answerMessage(await callEndpoint(roleApi.save, { body: { roleId, descr, privilegeIds } }), MESSAGES.ROLE_SAVED),
    onSuccess: () => refreshRoles(queryClient),
  });
}
