import {
  BulkPanGenerated,
  CardChanged,
  PanAssigned,
  PanGenerated,
  PanGenerationSetup,
  PanList,
  PanRevealed,
  PanStatused,
  PrintedPanPage,
  RecipientCards,
  type CardAction,
} from '@ebt/core/pans';
import { LIST_PAGE_SIZE } from '@ebt/core/constants';
import { RecipientAccount } from '@ebt/core/recipients';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

// The PAN screens (B§2 "Recipient PANs", "Bulk PAN generation", B§7 "PANs"; decisions 0035-0037): query keys,
// queries and changes. A change reloads what shows it once the server has saved it (resolution 25).

/** The portal a staff screen is in: the base of its links. */
export type StaffBase = 'program' | 'admin';

export const panKeys = {
  all: ['pans'] as const,
  account: (accountUuid: string) => [...panKeys.all, 'account', accountUuid] as const,
  list: (programId: number, accountUuid: string) => [...panKeys.all, 'list', programId, accountUuid] as const,
  setup: (programId: number) => [...panKeys.all, 'setup', programId] as const,
  printed: (programId: number, page: number) => [...panKeys.all, 'printed', programId, page] as const,
  cards: () => [...panKeys.all, 'cards'] as const,
};

/** GET /account-api/account/{id}: the account in PAN context (accountTypeId, maxPrintedPans; B§3). */
export function usePanAccount(accountUuid: string) {
  return useQuery({
    queryKey: panKeys.account(accountUuid),
    queryFn: async ({ signal }) =>
      RecipientAccount.parse(await api.get<unknown>(`/account-api/account/${accountUuid}`, { signal })),
    retry: false,
  });
}

/** GET /account-api/pans?programId&accountUuid: the recipient's PANs, newest first, masked ('*' and the last four). */
export function useRecipientPans(programId: number, accountUuid: string) {
  return useQuery({
    queryKey: panKeys.list(programId, accountUuid),
    queryFn: async ({ signal }) =>
      PanList.parse(await api.get<unknown>('/account-api/pans', { signal, query: { programId, accountUuid } })),
    retry: false,
  });
}

/**
 * POST /account-api/pans/{panId}/reveal: the whole number of one PAN, for holders of BULK_PAN_GEN (decision 0097;
 * the server audits each call). Its answer is dropped from the mutation cache as soon as nobody uses it
 * (`gcTime: 0`): the number lives only in the row that shows it.
 */
export function useRevealPan() {
  return useMutation({
    mutationFn: async (panId: number) =>
      PanRevealed.parse(await api.post<unknown>(`/account-api/pans/${panId}/reveal`)),
    gcTime: 0,
  });
}

/** After a change on the PANs page: the account (its maxPrintedPans) and its PANs reload. */
function useReloadAccount(accountUuid: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: panKeys.account(accountUuid) }),
      queryClient.invalidateQueries({ queryKey: [...panKeys.all, 'list'] }),
    ]);
}

/** POST /account-api/pans: 'A new Pan has been generated.'; answers the new panId. */
export function useGeneratePan(programId: number, accountUuid: string) {
  const reload = useReloadAccount(accountUuid);
  return useMutation({
    mutationFn: async () =>
      PanGenerated.parse(await api.post<unknown>('/account-api/pans', { programId, accountUuid })),
    onSuccess: reload,
  });
}

/** PATCH /benefit-api/pans/{panId} with panStatusId 1, 2 or 4: 'The pan has been statused.'. */
export function useSetPanStatus(accountUuid: string) {
  const reload = useReloadAccount(accountUuid);
  return useMutation({
    mutationFn: async ({ panId, panStatusId }: { panId: number; panStatusId: number }) =>
      PanStatused.parse(await api.patch<unknown>(`/benefit-api/pans/${panId}`, { panStatusId })),
    onSuccess: reload,
  });
}

/** PUT /benefit-api/pans/{pan19}/{accountUuid} with the program: 'PAN reassigned.'. */
export function useAssignPan(programId: number, accountUuid: string) {
  const reload = useReloadAccount(accountUuid);
  return useMutation({
    mutationFn: async (digits: string) =>
      PanAssigned.parse(await api.put<unknown>(`/benefit-api/pans/${digits}/${accountUuid}`, { programId })),
    onSuccess: reload,
  });
}

/** GET /account-api/account/pangen/{programId}: the printed-PAN account and how many printed PANs may be made. */
export function useGenerationSetup(programId: number | null) {
  return useQuery({
    queryKey: panKeys.setup(programId ?? 0),
    queryFn: async ({ signal }) =>
      PanGenerationSetup.parse(await api.get<unknown>(`/account-api/account/pangen/${programId}`, { signal })),
    enabled: programId !== null,
    retry: false,
  });
}

/** GET /account-api/pans/printed: the program's printed PANs not yet assigned, 10 a page. */
export function usePrintedPans(programId: number | null, page: number) {
  return useQuery({
    queryKey: panKeys.printed(programId ?? 0, page),
    queryFn: async ({ signal }) =>
      PrintedPanPage.parse(
        await api.get<unknown>('/account-api/pans/printed', {
          signal,
          query: { programId: programId ?? 0, page, pageSize: LIST_PAGE_SIZE },
        }),
      ),
    enabled: programId !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST /account-api/pans/gen/printed: panGenId and the first panId. */
export function useBulkGenerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { programId: number; accountUuid: string; count: number }) =>
      BulkPanGenerated.parse(await api.post<unknown>('/account-api/pans/gen/printed', body)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: panKeys.all }),
  });
}

/** GET /account-api/pans/currentuser: the recipient's own cards, masked. */
export function useMyCards() {
  return useQuery({
    queryKey: panKeys.cards(),
    queryFn: async ({ signal }) =>
      RecipientCards.parse(await api.get<unknown>('/account-api/pans/currentuser', { signal })),
  });
}

/** PATCH /account-api/pans/currentuser/{panId} with an action: the server's message and the card as it now is. */
export function useCardAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ panId, action }: { panId: number; action: CardAction }) =>
      CardChanged.parse(await api.patch<unknown>(`/account-api/pans/currentuser/${panId}`, { action })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: panKeys.cards() }),
  });
}
