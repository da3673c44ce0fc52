import {
  type AddExternalCardBody,
  ExternalCard,
  ExternalCardList,
  type UpdateExternalCardBody,
} from '@ebt/core/external-cards';
import { RecipientAccount } from '@ebt/core/recipients';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

// The external EBT card screens (A§2, A§7 "Recipient portal", B§2, B§7 "External cards"): query keys, queries and
// changes. A change awaits the list's reload before the screen moves on, so the list it returns to shows it.

export type StaffBase = 'program' | 'admin';

export const cardKeys = {
  all: ['external-cards'] as const,
  own: () => [...cardKeys.all, 'own'] as const,
  card: (id: string) => [...cardKeys.all, 'card', id] as const,
  account: (accountUuid: string) => [...cardKeys.all, 'account', accountUuid] as const,
  recipient: (accountUuid: string) => [...cardKeys.all, 'recipient', accountUuid] as const,
};

const cardPath = (id: string) => `/account-api/external-pan/${encodeURIComponent(id)}`;

/** GET /account-api/external-pan/all: the signed-in recipient's cards. */
export function useOwnCards() {
  return useQuery({
    queryKey: cardKeys.own(),
    queryFn: async ({ signal }) =>
      ExternalCardList.parse(await api.get<unknown>('/account-api/external-pan/all', { signal })),
  });
}

/** GET /account-api/external-pan/{id}: one of the recipient's cards; a 404 is shown, not retried. */
export function useOwnCard(id: string, enabled = true) {
  return useQuery({
    queryKey: cardKeys.card(id),
    queryFn: async ({ signal }) => ExternalCard.parse(await api.get<unknown>(cardPath(id), { signal })),
    enabled,
    retry: false,
  });
}

/** GET /account-api/external-pan/all/{accountUuid} (staff): one recipient's cards; a 404 is shown, not retried. */
export function useAccountCards(accountUuid: string, enabled = true) {
  return useQuery({
    queryKey: cardKeys.account(accountUuid),
    queryFn: async ({ signal }) =>
      ExternalCardList.parse(
        await api.get<unknown>(`/account-api/external-pan/all/${encodeURIComponent(accountUuid)}`, { signal }),
      ),
    enabled,
    retry: false,
  });
}

/** GET /account-api/account/{accountUuid} (staff): whose cards the staff view shows, for its heading. */
export function useCardHolder(accountUuid: string, enabled = true) {
  return useQuery({
    queryKey: cardKeys.recipient(accountUuid),
    queryFn: async ({ signal }) =>
      RecipientAccount.parse(
        await api.get<unknown>(`/account-api/account/${encodeURIComponent(accountUuid)}`, { signal }),
      ),
    enabled,
    retry: false,
  });
}

function useCardChange<Input>(send: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKeys.all }),
  });
}

/** POST /account-api/external-pan: attach a card. */
export function useAttachCard() {
  return useCardChange(async (body: AddExternalCardBody) =>
    ExternalCard.parse(await api.post<unknown>('/account-api/external-pan', body)),
  );
}

/** PUT /account-api/external-pan/{id}: name, type and status. */
export function useUpdateCard(id: string) {
  return useCardChange(async (body: UpdateExternalCardBody) =>
    ExternalCard.parse(await api.put<unknown>(cardPath(id), body)),
  );
}

/** DELETE /account-api/external-pan/{id}. */
export function useDeleteCard(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<unknown>(cardPath(id)),
    // The card's own query is dropped, not refetched (it would answer 404); the lists reload.
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: cardKeys.card(id) });
      await queryClient.invalidateQueries({ queryKey: cardKeys.all });
    },
  });
}
