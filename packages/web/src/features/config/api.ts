import {
  ConfigChangeAnswer,
  ConfigHistory,
  ConfigList,
  type AddConfigBody,
  type DeleteConfigBody,
  type UpdateConfigBody,
} from '@ebt/core/config';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

// The configuration screens (B§2 "Admin configuration", B§7): query keys, queries and changes. After a change the
// list and the key's history reload as soon as the save answers (resolution 25: no 300 ms delay).

export const configKeys = {
  all: ['config'] as const,
  list: () => [...configKeys.all, 'list'] as const,
  key: (key: string) => [...configKeys.all, 'key', key] as const,
};

const keyPath = (key: string) => `/admin-api/config/${encodeURIComponent(key)}`;

/** GET /admin-api/config: each key with the value in effect today. */
export function useConfigList() {
  return useQuery({
    queryKey: configKeys.list(),
    queryFn: async ({ signal }) => ConfigList.parse(await api.get<unknown>('/admin-api/config', { signal })),
  });
}

/** GET /admin-api/config/{key}: the key's values, newest effective date first; a 404 is shown, not retried. */
export function useConfigKey(key: string) {
  return useQuery({
    queryKey: configKeys.key(key),
    queryFn: async ({ signal }) => ConfigHistory.parse(await api.get<unknown>(keyPath(key), { signal })),
    retry: false,
  });
}

function useConfigChange<Body extends { configKey: string }>(send: (body: Body) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Body) => ConfigChangeAnswer.parse(await send(body)).message,
    onSuccess: (_message, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: configKeys.list() }),
        queryClient.invalidateQueries({ queryKey: configKeys.key(body.configKey) }),
      ]),
  });
}

/** POST /admin-api/config: 'New configuration key and value added.' or 'New configuration value added.'. */
export function useAddConfigValue() {
  return useConfigChange((body: AddConfigBody) => api.post<unknown>('/admin-api/config', body));
}

/** PUT /admin-api/config: a future value and optionally its date ('Configuration value updated.'). */
export function useUpdateConfigValue() {
  return useConfigChange((body: UpdateConfigBody) => api.put<unknown>('/admin-api/config', body));
}

/** DELETE /admin-api/config with the key and date in the body ('Configuration value deleted.'). */
export function useDeleteConfigValue() {
  return useConfigChange((body: DeleteConfigBody) => api.delete<unknown>('/admin-api/config', body));
}
