import { phoneTerminalApi } from '@ebt/core/phone-terminals';
import { type BalanceInquiryBody, posApi, type PurchaseBody } from '@ebt/core/pos';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '../../lib/endpoint-client';
import { basicAuthorization, type PhoneCredential } from '../../lib/phone-terminal';

// The farmer's phones (decision 0110) and the engine's calls a phone makes. The engine is called with the phone's
// own credential (HTTP Basic), never the session: a 401 there says the phone was removed, not that the session ended.

export function usePhones() {
  return useQuery({ ...endpointQuery(phoneTerminalApi.list, {}), retry: false });
}

export function useRegisterPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { merchantUuid: string; name: string }) =>
      callEndpoint(phoneTerminalApi.register, {
        params: { merchantUuid: input.merchantUuid },
        body: { name: input.name },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(phoneTerminalApi.list) }),
  });
}

export function useRemovePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { merchantUuid: string; terminalId: string }) =>
      callEndpoint(phoneTerminalApi.remove, { params: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(phoneTerminalApi.list) }),
  });
}

/** A purchase from this phone, as any terminal makes one. */
export const sendPurchase = (credential: PhoneCredential, body: PurchaseBody) =>
  callEndpoint(posApi.purchase, { body }, { authorization: basicAuthorization(credential) });

/** A balance inquiry from this phone. */
export const sendBalanceInquiry = (credential: PhoneCredential, body: BalanceInquiryBody) =>
  callEndpoint(posApi.balanceInquiry, { body }, { authorization: basicAuthorization(credential) });
