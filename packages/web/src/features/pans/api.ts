import { endpointPath } from '@ebt/core/contract';
import {
  panApi,
  type BulkPanGenerationBody,
  type CardAction,
  type PanStatusBody,
  type SetPinBody,
} from '@ebt/core/pans';
import { LIST_PAGE_SIZE } from '@ebt/core/constants';
import { recipientApi } from '@ebt/core/recipients';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readStarted } from '../../lib/early-reads';
import { callEndpoint, endpointKey, endpointQuery } from '../../lib/endpoint-client';

// The PAN screens (B§2 "Recipient PANs", "Bulk PAN generation", B§7 "PANs"; decisions 0035-0037): their queries and
// changes, each through its contract in panApi (the account in PAN context: recipientApi.detail). A change reloads
// what shows it once the server has saved it (resolution 25).

/** The account in PAN context (accountTypeId, maxPrintedPans; B§3). */
export function usePanAccount(accountUuid: string) {
  return useQuery({ ...endpointQuery(recipientApi.detail, { params: { accountUuid } }), retry: false });
}

/** The recipient's PANs in the program, newest first, masked ('*' and the last four). */
export function useRecipientPans(programId: number, accountUuid: string) {
  return useQuery({ ...endpointQuery(panApi.list, { query: { programId, accountUuid } }), retry: false });
}

/**
 * The whole number of one PAN, for holders of BULK_PAN_GEN (decision 0097; the server audits each call). Its answer is
 * dropped from the mutation cache as soon as nobody uses it (`gcTime: 0`): the number lives only in the row that
 * shows it.
 */
export function useRevealPan() {
  return useMutation({
    mutationFn: (panId: number) => callEndpoint(panApi.reveal, { params: { panId } }),
    gcTime: 0,
  });
}

/** After a change on the PANs page: the account (its maxPrintedPans) and its PANs reload. */
function useReloadAccount(accountUuid: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: endpointKey(recipientApi.detail, { params: { accountUuid } }) }),
      queryClient.invalidateQueries({ queryKey: endpointKey(panApi.list) }),
    ]);
}

/** A new PAN for the recipient: 'A new Pan has been generated.'; answers the new panId. */
export function useGeneratePan(programId: number, accountUuid: string) {
  const reload = useReloadAccount(accountUuid);
  return useMutation({
    mutationFn: () => callEndpoint(panApi.generate, { body: { programId, accountUuid } }),
    onSuccess: reload,
  });
}

/** Status a PAN Lost (1), Stolen (2) or Inactive (4): 'The pan has been statused.'. */
export function useSetPanStatus(accountUuid: string) {
  const reload = useReloadAccount(accountUuid);
  return useMutation({
    mutationFn: ({ panId, panStatusId }: { panId: number; panStatusId: PanStatusBody['panStatusId'] }) =>
      callEndpoint(panApi.setStatus, { params: { panId }, body: { panStatusId } }),
    onSuccess: reload,
  });
}

/** A printed PAN (19 digits or the last 10) assigned to the recipient in the program: 'PAN reassigned.'. */
export function useAssignPan(programId: number, accountUuid: string) {
  const reload = useReloadAccount(accountUuid);
  return useMutation({
    mutationFn: (digits: string) =>
      callEndpoint(panApi.assign, { params: { pan19: digits, accountUuid }, body: { programId } }),
    onSuccess: reload,
  });
}

/** The program's printed-PAN account and how many printed PANs may be made. */
export function useGenerationSetup(programId: number | null) {
  return useQuery({
    ...endpointQuery(panApi.generationSetup, { params: { programId: programId ?? 0 } }),
    enabled: programId !== null,
    retry: false,
  });
}

/** The program's printed PANs not yet assigned, 10 a page. */
export function usePrintedPans(programId: number | null, page: number) {
  return useQuery({
    ...endpointQuery(panApi.printed, { query: { programId: programId ?? 0, page, pageSize: LIST_PAGE_SIZE } }),
    enabled: programId !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * A generation of printed PANs: panGenId and the first panId. Settled either way, every PAN read reloads (the
 * accounts in PAN context, the PANs, the setup, the printed PANs and the recipient's cards).
 */
export function useBulkGenerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkPanGenerationBody) => callEndpoint(panApi.generatePrinted, { body }),
    onSettled: () =>
      Promise.all(
        [recipientApi.detail, panApi.list, panApi.generationSetup, panApi.printed, panApi.ownCards].map((endpoint) =>
          queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) }),
        ),
      ),
  });
}

/**
 * The recipient's own cards, masked. On the recipient home the page load started the read (lib/early-fetch.ts): the
 * card controls take its answer instead of asking when they mount.
 */
export function useMyCards() {
  return useQuery({
    queryKey: endpointKey(panApi.ownCards, {}),
    queryFn: async ({ signal }) =>
      panApi.ownCards.answer.parse(await readStarted(endpointPath(panApi.ownCards), signal)),
  });
}

/** Lock, unlock, or report lost or stolen one of the recipient's cards: the server's message and the card as it now is. */
export function useCardAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ panId, action }: { panId: number; action: CardAction }) =>
      callEndpoint(panApi.changeOwnCard, { params: { panId }, body: { action } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(panApi.ownCards) }),
  });
}

// Card PINs ------------------------------------------------------------------------------------------------------

/** Set or change the PIN of one of the recipient's cards: the server's message and the card as it now is. */
export function useSetCardPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ panId, body }: { panId: number; body: SetPinBody }) =>
      callEndpoint(panApi.setOwnCardPin, { params: { panId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(panApi.ownCards) }),
  });
}

/** Staff: clear a card's PIN (the recipient sets a new one before paying); the PANs reload. */
export function useClearCardPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (panId: number) => callEndpoint(panApi.clearPin, { params: { panId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(panApi.list) }),
  });
}
