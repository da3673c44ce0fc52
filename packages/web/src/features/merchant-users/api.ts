import { type InviteMerchantUserBody, merchantUserApi } from '@ebt/core/merchant-users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '../../lib/endpoint-client';

// The people who sell for a merchant (decision 0109): list, invite, disable, and a new activation e-mail.

export function useMerchantPeople(merchantUuid: string) {
  return useQuery({ ...endpointQuery(merchantUserApi.list, { params: { id: merchantUuid } }), retry: false });
}

/** After any change the merchant's list is read again (a person added, renewed or disabled). */
function useListRefresh(merchantUuid: string) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({ queryKey: endpointKey(merchantUserApi.list, { params: { id: merchantUuid } }) });
}

export function useInviteMerchantPerson(merchantUuid: string) {
  const refresh = useListRefresh(merchantUuid);
  return useMutation({
    mutationFn: (body: InviteMerchantUserBody) =>
      callEndpoint(merchantUserApi.invite, { params: { id: merchantUuid }, body }),
    onSuccess: refresh,
  });
}

export function useDisableMerchantPerson(merchantUuid: string) {
  const refresh = useListRefresh(merchantUuid);
  return useMutation({
    mutationFn: (userUuid: string) => callEndpoint(merchantUserApi.revoke, { params: { id: merchantUuid, userUuid } }),
    onSuccess: refresh,
  });
}

export function useResendMerchantPersonActivation(merchantUuid: string) {
  return useMutation({
    mutationFn: (userUuid: string) =>
      callEndpoint(merchantUserApi.resendActivation, { params: { id: merchantUuid, userUuid } }),
  });
}
