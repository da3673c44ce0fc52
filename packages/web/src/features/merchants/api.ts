import { CREATION_CHANNEL, type MerchantStatus } from '@ebt/core/enums';
import {
  merchantApi,
  type AddMerchantBody,
  type MerchantBankInfoBody,
  type MerchantSearchCriteria,
  type UpdateMerchantBody,
} from '@ebt/core/merchants';
import { MERCHANT_SEARCH_FETCH_SIZE } from '@ebt/core/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint, endpointKey, endpointQuery } from '../../lib/endpoint-client';

// The merchant screens (B§2 "Merchants", B§7 "Merchants"): their queries and changes, each through its contract in
// merchantApi. Pages never call the API themselves. Every change sends the web channel, as the other areas' screens
// do (the server's default is API).

/**
 * The merchant search with pageSize=1000 (B§5, B§9): one answer holds every row the screen pages through 10 at a time;
 * countCapped says more matched. Nothing runs while `criteria` is null (no search submitted yet).
 */
export function useMerchantSearch(criteria: MerchantSearchCriteria | null) {
  return useQuery({
    ...endpointQuery(merchantApi.search, { query: { ...criteria, pageSize: MERCHANT_SEARCH_FETCH_SIZE } }),
    enabled: criteria !== null,
    // A new search keeps the old rows on screen (dimmed) until its answer arrives, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

/** One merchant, answered by caller (tax and bank fields only for BANK_VIEW, decision 0020). */
export function useMerchant(merchantUuid: string) {
  return useQuery({ ...endpointQuery(merchantApi.detail, { params: { id: merchantUuid } }), retry: false });
}

/** The merchant's programs the caller can see. */
export function useMerchantMapping(merchantUuid: string) {
  return useQuery(endpointQuery(merchantApi.mappings, { params: { id: merchantUuid } }));
}

/** After a change: the merchant again (its form, status and bank show what was saved) and fresh searches. */
function refreshMerchant(queryClient: ReturnType<typeof useQueryClient>, merchantUuid: string) {
  const params = { id: merchantUuid };
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: endpointKey(merchantApi.detail, { params }) }),
    queryClient.invalidateQueries({ queryKey: endpointKey(merchantApi.mappings, { params }) }),
    queryClient.invalidateQueries({ queryKey: endpointKey(merchantApi.search) }),
  ]);
}

type UpdateFields = Omit<z.input<typeof UpdateMerchantBody>, 'updationChannel'>;

/** The whole form saved (B§7 "full update"): 'Merchant Info Updated.'; 409 when the Merchant ID is taken. */
export function useUpdateMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateFields) =>
      callEndpoint(merchantApi.update, { body: { ...body, updationChannel: CREATION_CHANNEL.WEB } }),
    onSuccess: (_answer, body) => refreshMerchant(queryClient, body.merchantUuid),
  });
}

/** The merchant's status with updationChannel (B§4): 'Merchant Status updated.'. */
export function useMerchantStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ merchantUuid, merchantStatusId }: { merchantUuid: string; merchantStatusId: MerchantStatus }) =>
      callEndpoint(merchantApi.setStatus, {
        params: { id: merchantUuid },
        body: { merchantStatusId, updationChannel: CREATION_CHANNEL.WEB },
      }),
    onSuccess: (_answer, { merchantUuid }) => refreshMerchant(queryClient, merchantUuid),
  });
}

/** The merchant's mapping to a program, 0 active or 1 inactive (B§4): 'Merchant Program Status updated.'. */
export function useMerchantMappingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: { merchantUuid: string; programId: number; statusId: 0 | 1 }) =>
      callEndpoint(merchantApi.setProgramStatus, { params }),
    onSuccess: (_answer, { merchantUuid }) => refreshMerchant(queryClient, merchantUuid),
  });
}

type AddFields = Omit<z.input<typeof AddMerchantBody>, 'creationChannel'>;

/** A new merchant (B§7): 'Merchant added.' and the new merchant's uuid. */
export function useAddMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddFields) =>
      callEndpoint(merchantApi.add, { body: { ...body, creationChannel: CREATION_CHANNEL.WEB } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(merchantApi.search) }),
  });
}

/**
 * The stored bank numbers in clear (BANK_VIEW), for the bank form's Edit
 * (resolution 10: "masked except last four unless edited"). The server writes an audit row for each read, so it runs
 * only when the person asks, never on its own: a mutation, so nothing caches, retries or refetches it.
 */
export function useRevealBankInfo() {
  return useMutation({
    mutationFn: (merchantUuid: string) => callEndpoint(merchantApi.revealBankInfo, { params: { id: merchantUuid } }),
  });
}

/**
 * The bank form saved (B§7) with the merchant's uuid: 'Merchant Bank Info Updated.'. A masked number sent
 * back unchanged keeps the stored one.
 */
export function useUpdateBankInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MerchantBankInfoBody) => callEndpoint(merchantApi.saveBankInfo, { body }),
    onSuccess: (_answer, { merchantUuid }) => refreshMerchant(queryClient, merchantUuid),
  });
}
