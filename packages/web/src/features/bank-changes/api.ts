import { bankChangeApi, type BankChangeRequestBody } from '@ebt/core/bank-changes';
import { farmerApi } from '@ebt/core/farmer';
import { merchantApi } from '@ebt/core/merchants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '../../lib/endpoint-client';

// Bank change requests through their contracts: the farmer's (ask, see, withdraw) and staff's (list, confirm, refuse).

export function useFarmerBankChange(merchantUuid: string) {
  return useQuery({ ...endpointQuery(bankChangeApi.farmerLatest, { params: { merchantUuid } }), retry: false });
}

export function useRequestBankChange(merchantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BankChangeRequestBody) =>
      callEndpoint(bankChangeApi.farmerRequest, { params: { merchantUuid }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(bankChangeApi.farmerLatest) }),
  });
}

export function useWithdrawBankChange(merchantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestUuid: string) =>
      callEndpoint(bankChangeApi.farmerWithdraw, { params: { merchantUuid, requestUuid } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(bankChangeApi.farmerLatest) }),
  });
}

export function useMerchantBankChanges(merchantUuid: string) {
  return useQuery({ ...endpointQuery(bankChangeApi.staffList, { params: { id: merchantUuid } }), retry: false });
}

/** After a decision the merchant's masked bank account and the farmer's business page read again. */
function useDecided() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: endpointKey(bankChangeApi.staffList) }),
      queryClient.invalidateQueries({ queryKey: endpointKey(merchantApi.detail) }),
      queryClient.invalidateQueries({ queryKey: endpointKey(farmerApi.business) }),
    ]);
}

export function useConfirmBankChange(merchantUuid: string) {
  const decided = useDecided();
  return useMutation({
    mutationFn: (requestUuid: string) =>
      callEndpoint(bankChangeApi.staffConfirm, { params: { id: merchantUuid, requestUuid } }),
    onSuccess: decided,
  });
}

export function useRefuseBankChange(merchantUuid: string) {
  const decided = useDecided();
  return useMutation({
    mutationFn: ({ requestUuid, reason }: { requestUuid: string; reason: string }) =>
      callEndpoint(bankChangeApi.staffRefuse, { params: { id: merchantUuid, requestUuid }, body: { reason } }),
    onSuccess: decided,
  });
}
