import { configApi, type AddConfigBody, type DeleteConfigBody, type UpdateConfigBody } from '@ebt/core/config';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '../../lib/endpoint-client';

// The configuration screens (B§2 "Admin configuration", B§7): their queries and changes, each through its contract in
// configApi. After a change the list and the key's history reload as soon as the save answers (resolution 25: no
// 300 ms delay).

/** Each key with the value in effect today. */
export function useConfigList() {
  return useQuery(endpointQuery(configApi.list, {}));
}

/** The key's values, newest effective date first; a 404 is shown, not retried. */
export function useConfigKey(key: string) {
  return useQuery({ ...endpointQuery(configApi.history, { params: { key } }), retry: false });
}

function useConfigChange<Body extends { configKey: string }>(send: (body: Body) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Body) => (await send(body)).message,
    onSuccess: (_message, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: endpointKey(configApi.list) }),
        queryClient.invalidateQueries({
          queryKey: endpointKey(configApi.history, { params: { key: body.configKey } }),
        }),
      ]),
  });
}

/** A new value (configApi.add): 'New configuration key and value added.' or 'New configuration value added.'. */
export function useAddConfigValue() {
  return useConfigChange((body: AddConfigBody) => callEndpoint(configApi.add, { body }));
}

/** A future value and optionally its date (configApi.update): 'Configuration value updated.'. */
export function useUpdateConfigValue() {
  return useConfigChange((body: UpdateConfigBody) => callEndpoint(configApi.update, { body }));
}

/** A future value deleted (configApi.remove), the key and date in the body: 'Configuration value deleted.'. */
export function useDeleteConfigValue() {
  return useConfigChange((body: DeleteConfigBody) => callEndpoint(configApi.remove, { query: {}, body }));
}
