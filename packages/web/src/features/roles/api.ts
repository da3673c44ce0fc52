import { MESSAGES } from '@ebt/core/messages';
import { Privilege, Role } from '@ebt/core/roles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client';

// The roles and privileges admin screens (B§2 "Admin privileges, roles", B§3 Role and Privilege, B§7): query keys,
// queries and changes. Pages never call the API themselves.

export type PrivilegeRow = Privilege;
export type RoleRow = Role;

export const roleKeys = {
  all: ['roles'] as const,
  privileges: () => [...roleKeys.all, 'privileges'] as const,
  list: () => [...roleKeys.all, 'list'] as const,
  detail: (roleId: string) => [...roleKeys.all, 'detail', roleId] as const,
};

/** The success text of a change: the server's own when it sends one, else the specification's. */
function answerMessage(answer: unknown, fallback: string): string {
  const message = (answer as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' && message.length > 0 ? message : fallback;
}

/** GET /admin-api/privileges (B§7): every privilege a role may grant. */
export function usePrivileges() {
  return useQuery({
    queryKey: roleKeys.privileges(),
    queryFn: async ({ signal }) =>
      z.array(Privilege).parse(await api.get<unknown>('/admin-api/privileges', { signal })),
  });
}

/** GET /admin-api/roles (B§7): each role with the privileges it grants. */
export function useRoles() {
  return useQuery({
    queryKey: roleKeys.list(),
    queryFn: async ({ signal }) => z.array(Role).parse(await api.get<unknown>('/admin-api/roles', { signal })),
  });
}

/** GET /admin-api/roles/{roleId} (B§7); a 404 is shown, not retried. */
export function useRole(roleId: string) {
  return useQuery({
    queryKey: roleKeys.detail(roleId),
    queryFn: async ({ signal }) =>
      Role.parse(await api.get<unknown>(`/admin-api/roles/${encodeURIComponent(roleId)}`, { signal })),
    retry: false,
  });
}

/** POST /admin-api/roles with roleId and descr (B§7): 'Role added.'; 409 'Role Id already exists.'. */
export function useAddRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ roleId, descr }: { roleId: number; descr: string }) =>
      answerMessage(await api.post<unknown>('/admin-api/roles', { roleId, descr }), MESSAGES.ROLE_ADDED),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}

/**
 * PUT /admin-api/roles with roleId, descr and privilegeIds (B§7): the privileges ticked replace the role's;
 * 'Role saved.'. The server refuses a change that leaves nobody with NDGADMIN_ACCESS; its message is shown.
 */
export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ roleId, descr, privilegeIds }: { roleId: number; descr: string; privilegeIds: number[] }) =>
      answerMessage(await api.put<unknown>('/admin-api/roles', { roleId, descr, privilegeIds }), MESSAGES.ROLE_SAVED),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}
