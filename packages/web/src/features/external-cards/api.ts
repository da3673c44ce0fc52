import { externalCardApi, type AddExternalCardBody, type UpdateExternalCardBody } from '@ebt/core/external-cards';
import { recipientApi } from '@ebt/core/recipients';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '../../lib/endpoint-client';

// The external EBT card screens (A§2, A§7 "Recipient portal", B§2, B§7 "External cards"): their queries and changes,
// each through its contract in externalCardApi (the staff view's card holder: recipientApi.detail). A change awaits
// the lists' reload before the screen moves on, so the list it returns to shows it.

/** Every read of the cards' screens: what a change reloads. */
const CARD_READS = [
  externalCardApi.listOwn,
  externalCardApi.detail,
  externalCardApi.listForAccount,
  recipientApi.detail,
] as const;

/** The signed-in recipient's cards. */
export function useOwnCards() {
  return useQuery(endpointQuery(externalCardApi.listOwn, {}));
}

/** One of the recipient's cards; a 404 is shown, not retried. */
export function useOwnCard(id: string, enabled = true) {
  return useQuery({ ...endpointQuery(externalCardApi.detail, { params: { id } }), enabled, retry: false });
}

/** One recipient's cards (staff); a 404 is shown, not retried. */
export function useAccountCards(accountUuid: string, enabled = true) {
  return useQuery({
    ...endpointQuery(externalCardApi.listForAccount, { params: { id: accountUuid } }),
    enabled,
    retry: false,
  });
}

/** The recipient account (staff): whose cards the staff view shows, for its heading. */
export function useCardHolder(accountUuid: string, enabled = true) {
  return useQuery({ ...endpointQuery(recipientApi.detail, { params: { accountUuid } }), enabled, retry: false });
}

function useCardChange<Input>(send: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all(CARD_READS.map((endpoint) => queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) }))),
  });
}

/** Attach a card. */
export function useAttachCard() {
  return useCardChange((body: AddExternalCardBody) => callEndpoint(externalCardApi.add, { body }));
}

/** A card's name, type and status saved. */
export function useUpdateCard(id: string) {
  return useCardChange((body: UpdateExternalCardBody) =>
    callEndpoint(externalCardApi.update, { params: { id }, body }),
  );
}

/** A card removed. */
export function useDeleteCard(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(externalCardApi.remove, { params: { id } }),
    // The card's own query is dropped, not refetched (it would answer 404); the lists reload.
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: endpointKey(externalCardApi.detail, { params: { id } }) });
      await Promise.all(
        CARD_READS.map((endpoint) => queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) })),
      );
    },
  });
}
