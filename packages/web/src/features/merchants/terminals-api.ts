import { merchantApi } from '@ebt/core/merchants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '../../lib/endpoint-client';

// A merchant's point-of-sale terminals (decision 0042): list, issue, revoke.

export function useMerchantTerminals(merchantUuid: string) {
  return useQuery(endpointQuery(merchantApi.terminals, { params: { id: merchantUuid } }));
}

/** The answer holds the secret, the one time it is ever shown. */
export function useIssueTerminal(merchantUuid: string) {
  const queryClient = useQueryClient();
  const params = { id: merchantUuid };
  return useMutation({
    mutationFn: (name: string) => callEndpoint(merchantApi.issueTerminal, { params, body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(merchantApi.terminals, { params }) }),
  });
}

export function useRevokeTerminal(merchantUuid: string) {
  const queryClient = useQueryClient();
  const params = { id: merchantUuid };
  return useMutation({
    mutationFn: (terminalId: string) =>
      callEndpoint(merchantApi.revokeTerminal, { params: { id: merchantUuid, terminalId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(merchantApi.terminals, { params }) }),
  });
}
