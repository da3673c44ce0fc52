import { MessageResponse } from '@ebt/core/account';
import {
  RecipientAccount,
  RecipientCreated,
  RecipientSearchPage,
  type AddRecipientBody,
  type MoveRecipientBody,
  type RecipientSearchCriteria,
  type UpdateRecipientBody,
} from '@ebt/core/recipients';
import { RECIPIENT_SEARCH_PAGE_SIZE } from '@ebt/core/constants';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';

// The recipients area (A§2 "Recipient search", "Recipient detail", "Add Recipient"; A§7 "Recipients"): query keys,
// option factories and hooks. Pages never call the API themselves.

/** The portal a staff screen is in: the base of its links and, for activation e-mails, which endpoint to call. */
export type StaffBase = 'program' | 'admin';

export const recipientKeys = {
  all: ['recipients'] as const,
  searches: () => [...recipientKeys.all, 'search'] as const,
  search: (criteria: RecipientSearchCriteria) => [...recipientKeys.searches(), criteria] as const,
  details: () => [...recipientKeys.all, 'detail'] as const,
  detail: (accountUuid: string) => [...recipientKeys.details(), accountUuid] as const,
};

/**
 * GET /account-api/account with pageSize=2000 (A§7, A§9): one request holds every row the screen pages through 10 at
 * a time; totalCount and countCapped say whether more matched than came back.
 */
export const recipientSearchQuery = (criteria: RecipientSearchCriteria) =>
  queryOptions({
    queryKey: recipientKeys.search(criteria),
    queryFn: async ({ signal }) =>
      RecipientSearchPage.parse(
        await api.get<unknown>('/account-api/account', {
          signal,
          query: { ...criteria, pageSize: RECIPIENT_SEARCH_PAGE_SIZE, page: 0 },
        }),
      ),
  });

/** The search for `criteria`; nothing runs while `criteria` is null (no search submitted yet). */
export function useRecipientSearch(criteria: RecipientSearchCriteria | null) {
  return useQuery({
    ...recipientSearchQuery(criteria ?? {}),
    enabled: criteria !== null,
    // A new search keeps the old rows on screen (dimmed) until its answer arrives, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

/** GET /account-api/account/{accountUuid}. */
export const recipientQuery = (accountUuid: string) =>
  queryOptions({
    queryKey: recipientKeys.detail(accountUuid),
    queryFn: async ({ signal }) =>
      RecipientAccount.parse(await api.get<unknown>(`/account-api/account/${accountUuid}`, { signal })),
  });

export function useRecipient(accountUuid: string) {
  return useQuery(recipientQuery(accountUuid));
}

/** Drops cached searches, so a list shows a saved change when the person goes back to it. */
function invalidateSearches(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.invalidateQueries({ queryKey: recipientKeys.searches() });
}

/** POST /account-api/account: answers the new Account ID, program id and account uuid. */
export function useAddRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof AddRecipientBody>) =>
      RecipientCreated.parse(await api.post<unknown>('/account-api/account', body)),
    onSuccess: () => invalidateSearches(queryClient),
  });
}

/**
 * PUT /account-api/account: a form save (every field) or a status change alone ({accountUuid, accountStatusId}).
 * The answer is the saved account, which replaces the cached one.
 */
export function useUpdateRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof UpdateRecipientBody>) =>
      RecipientAccount.parse(await api.put<unknown>('/account-api/account', body)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(recipientKeys.detail(saved.accountUuid), saved);
      await invalidateSearches(queryClient);
    },
  });
}

/** PUT /account-api/account/move with the agency the screen showed and the new one (A§5, A§7). */
export function useMoveRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MoveRecipientBody) =>
      RecipientAccount.parse(await api.put<unknown>('/account-api/account/move', body)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(recipientKeys.detail(saved.accountUuid), saved);
      await invalidateSearches(queryClient);
    },
  });
}

/**
 * The activation e-mail for a recipient's portal user (A§4, A§7): POST /user-api/recipient-users/send-activation on
 * the program side, /user-api/user/send-activation for platform admins, with the user's uuid (a first activation).
 */
export function useSendActivation(base: StaffBase) {
  return useMutation({
    mutationFn: async (userUuid: string) =>
      MessageResponse.parse(
        await api.post<unknown>(
          base === 'admin' ? '/user-api/user/send-activation' : '/user-api/recipient-users/send-activation',
          { uuid: userUuid },
        ),
      ),
  });
}
