import { CREATION_CHANNEL, type MerchantStatus } from '@ebt/core/enums';
import {
  MerchantAdded,
  MerchantBankReveal,
  MerchantChangeAnswer,
  MerchantDetail,
  MerchantProgramMapping,
  MerchantSearchResult,
  type MerchantBankInfoBody,
  type MerchantSearchCriteria,
  type UpdateMerchantBody,
  type AddMerchantBody,
} from '@ebt/core/merchants';
import { MERCHANT_SEARCH_FETCH_SIZE } from '@ebt/core/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client';

// The merchant screens (B§2 "Merchants", B§7 "Merchants"): query keys, queries and changes. Pages never call the API
// themselves. Every change sends the web channel, as the other areas' screens do (the server's default is API).

/** The portal a staff screen is in: the base of its links. */
export type StaffBase = 'program' | 'admin';

export const merchantKeys = {
  all: ['merchants'] as const,
  searches: () => [...merchantKeys.all, 'search'] as const,
  search: (criteria: MerchantSearchCriteria) => [...merchantKeys.searches(), criteria] as const,
  detail: (merchantUuid: string) => [...merchantKeys.all, 'detail', merchantUuid] as const,
  mapping: (merchantUuid: string) => [...merchantKeys.all, 'mapping', merchantUuid] as const,
};

/**
 * GET /merchant-api/merchants with pageSize=1000 (B§5, B§9): one answer holds every row the screen pages through 10
 * at a time; countCapped says more matched. Nothing runs while `criteria` is null (no search submitted yet).
 */
export function useMerchantSearch(criteria: MerchantSearchCriteria | null) {
  return useQuery({
    queryKey: merchantKeys.search(criteria ?? {}),
    queryFn: async ({ signal }) =>
      MerchantSearchResult.parse(
        await api.get<unknown>('/merchant-api/merchants', {
          signal,
          query: { ...criteria, pageSize: MERCHANT_SEARCH_FETCH_SIZE },
        }),
      ),
    enabled: criteria !== null,
    // A new search keeps the old rows on screen (dimmed) until its answer arrives, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

/** GET /merchant-api/merchant/{id}: answered by caller (tax and bank fields only for BANK_VIEW, decision 0020). */
export function useMerchant(merchantUuid: string) {
  return useQuery({
    queryKey: merchantKeys.detail(merchantUuid),
    queryFn: async ({ signal }) =>
      MerchantDetail.parse(await api.get<unknown>(`/merchant-api/merchant/${merchantUuid}`, { signal })),
    retry: false,
  });
}

/** GET /merchant-api/merchant/{id}/mapping: the merchant's programs the caller can see. */
export function useMerchantMapping(merchantUuid: string) {
  return useQuery({
    queryKey: merchantKeys.mapping(merchantUuid),
    queryFn: async ({ signal }) =>
      z
        .array(MerchantProgramMapping)
        .parse(await api.get<unknown>(`/merchant-api/merchant/${merchantUuid}/mapping`, { signal })),
  });
}

/** After a change: the merchant again (its form, status and bank show what was saved) and fresh searches. */
function refreshMerchant(queryClient: ReturnType<typeof useQueryClient>, merchantUuid: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: merchantKeys.detail(merchantUuid) }),
    queryClient.invalidateQueries({ queryKey: merchantKeys.mapping(merchantUuid) }),
    queryClient.invalidateQueries({ queryKey: merchantKeys.searches() }),
  ]);
}

type UpdateFields = Omit<z.input<typeof UpdateMerchantBody>, 'updationChannel'>;

/** PUT /merchant-api/merchant (B§7 "full update"): 'Merchant Info Updated.'; 409 when the Merchant ID is taken. */
export function useUpdateMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateFields) =>
      MerchantChangeAnswer.parse(
        await api.put<unknown>('/merchant-api/merchant', { ...body, updationChannel: CREATION_CHANNEL.WEB }),
      ),
    onSuccess: (_answer, body) => refreshMerchant(queryClient, body.merchantUuid),
  });
}

/** PATCH /merchant-api/merchant/{id} with merchantStatusId and updationChannel (B§4): 'Merchant Status updated.'. */
export function useMerchantStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      merchantUuid,
      merchantStatusId,
    }: {
      merchantUuid: string;
      merchantStatusId: MerchantStatus;
    }) =>
      MerchantChangeAnswer.parse(
        await api.patch<unknown>(`/merchant-api/merchant/${merchantUuid}`, {
          merchantStatusId,
          updationChannel: CREATION_CHANNEL.WEB,
        }),
      ),
    onSuccess: (_answer, { merchantUuid }) => refreshMerchant(queryClient, merchantUuid),
  });
}

/** PUT /merchant-api/merchant/{merchantUuid}/{programId}/{0|1} (B§4): 'Merchant Program Status updated.'. */
export function useMerchantMappingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      merchantUuid,
      programId,
      statusId,
    }: {
      merchantUuid: string;
      programId: number;
      statusId: 0 | 1;
    }) =>
      MerchantChangeAnswer.parse(
        await api.put<unknown>(`/merchant-api/merchant/${merchantUuid}/${programId}/${statusId}`),
      ),
    onSuccess: (_answer, { merchantUuid }) => refreshMerchant(queryClient, merchantUuid),
  });
}

type AddFields = Omit<z.input<typeof AddMerchantBody>, 'creationChannel'>;

/** POST /merchant-api/merchant (B§7): 'Merchant added.' and the new merchant's uuid. */
export function useAddMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AddFields) =>
      MerchantAdded.parse(
        await api.post<unknown>('/merchant-api/merchant', { ...body, creationChannel: CREATION_CHANNEL.WEB }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantKeys.searches() }),
  });
}

/**
 * GET /merchant-api/merchant/{id}/bank-info (BANK_VIEW): the stored numbers in clear, for the bank form's Edit
 * (resolution 10: "masked except last four unless edited"). The server writes an audit row for each read, so it runs
 * only when the person asks, never on its own: a mutation, so nothing caches, retries or refetches it.
 */
export function useRevealBankInfo() {
  return useMutation({
    mutationFn: async (merchantUuid: string) =>
      MerchantBankReveal.parse(await api.get<unknown>(`/merchant-api/merchant/${merchantUuid}/bank-info`)),
  });
}

/**
 * PUT /merchant-api/bank-info (B§7) with the merchant's uuid: 'Merchant Bank Info Updated.'. A masked number sent
 * back unchanged keeps the stored one.
 */
export function useUpdateBankInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MerchantBankInfoBody) =>
      MerchantChangeAnswer.parse(await api.put<unknown>('/merchant-api/bank-info', body)),
    onSuccess: (_answer, { merchantUuid }) => refreshMerchant(queryClient, merchantUuid),
  });
}
