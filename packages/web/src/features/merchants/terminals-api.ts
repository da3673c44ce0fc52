import { MerchantChangeAnswer } from '@ebt/core/merchants';
import { IssuedTerminal, Terminal } from '@ebt/core/terminals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import { merchantKeys } from './api';

// A merchant's point-of-sale terminals (issue 20 item 1; decision 0042): list, issue, revoke.

const terminalsKey = (merchantUuid: string) => [...merchantKeys.all, 'terminals', merchantUuid] as const;
const terminalsPath = (merchantUuid: string) => `/merchant-api/merchant/${merchantUuid}/terminals`;

export function useMerchantTerminals(merchantUuid: string) {
  return useQuery({
    queryKey: terminalsKey(merchantUuid),
    queryFn: async ({ signal }) =>
      z.array(Terminal).parse(await api.get<unknown>(terminalsPath(merchantUuid), { signal })),
  });
}

/** POST …/terminals: the answer holds the secret, the one time it is ever shown. */
export function useIssueTerminal(merchantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) =>
      IssuedTerminal.parse(await api.post<unknown>(terminalsPath(merchantUuid), { name })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: terminalsKey(merchantUuid) }),
  });
}

export function useRevokeTerminal(merchantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (terminalId: string) =>
      MerchantChangeAnswer.parse(await api.delete<unknown>(`${terminalsPath(merchantUuid)}/${terminalId}`)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: terminalsKey(merchantUuid) }),
  });
}
