import {
  recipientApi,
  type AddRecipientBody,
  type MoveRecipientBody,
  type RecipientSearchCriteria,
  type UpdateRecipientBody,
} from '@ebt/core/recipients';
import { recoveryApi } from '@ebt/core/recovery';
import { RECIPIENT_SEARCH_PAGE_SIZE } from '@ebt/core/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint, endpointKey, endpointQuery } from '../../lib/endpoint-client';
import type { StaffBase } from '../../lib/staff-base';

// The recipients area (A§2 "Recipient search", "Recipient detail", "Add Recipient"; A§7 "Recipients"): its queries
// and changes, each through its contract in recipientApi. Pages never call the API themselves.

/**
 * The recipient search with pageSize=2000 (A§7, A§9): one request holds every row the screen pages through 10 at a
 * time; totalCount and countCapped say whether more matched than came back.
 */
export const recipientSearchQuery = (criteria: RecipientSearchCriteria) =>
  endpointQuery(recipientApi.search, { query: { ...criteria, pageSize: RECIPIENT_SEARCH_PAGE_SIZE, page: 0 } });

/** The search for `criteria`; nothing runs while `criteria` is null (no search submitted yet). */
export function useRecipientSearch(criteria: RecipientSearchCriteria | null) {
  return useQuery({
    ...recipientSearchQuery(criteria ?? {}),
    enabled: criteria !== null,
    // A new search keeps the old rows on screen (dimmed) until its answer arrives, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

/** One recipient account (recipientApi.detail). */
export const recipientQuery = (accountUuid: string) => endpointQuery(recipientApi.detail, { params: { accountUuid } });

export function useRecipient(accountUuid: string) {
  return useQuery(recipientQuery(accountUuid));
}

/** Drops cached searches, so a list shows a saved change when the person goes back to it. */
function invalidateSearches(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.invalidateQueries({ queryKey: endpointKey(recipientApi.search) });
}

/** A new recipient (recipientApi.add): answers the new Account ID, program id and account uuid. */
export function useAddRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof AddRecipientBody>) => callEndpoint(recipientApi.add, { body }),
    onSuccess: () => invalidateSearches(queryClient),
  });
}

/**
 * A form save (every field) or a status change alone ({accountUuid, accountStatusId}), recipientApi.update.
 * The answer is the saved account, which replaces the cached one.
 */
export function useUpdateRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof UpdateRecipientBody>) => callEndpoint(recipientApi.update, { body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(recipientQuery(saved.accountUuid).queryKey, saved);
      await invalidateSearches(queryClient);
    },
  });
}

/** The move to another agency (recipientApi.move) with the agency the screen showed and the new one (A§5, A§7). */
export function useMoveRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MoveRecipientBody) => callEndpoint(recipientApi.move, { body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(recipientQuery(saved.accountUuid).queryKey, saved);
      await invalidateSearches(queryClient);
    },
  });
}

/**
 * The activation e-mail for a recipient's portal user (A§4, A§7): recoveryApi.sendRecipientActivation on the program
 * side, recoveryApi.sendActivation for platform admins, with the user's uuid (a first activation).
 */
export function useSendActivation(base: StaffBase) {
  return useMutation({
    mutationFn: (userUuid: string) =>
      callEndpoint(base === 'admin' ? recoveryApi.sendActivation : recoveryApi.sendRecipientActivation, {
        body: { uuid: userUuid },
      }),
  });
}
