import { LIST_PAGE_SIZE } from '@ebt/core/constants';
import {
  IncentiveHeadroomList,
  type AddIncentiveBody,
  type AddRecipientIncentiveBody,
  Incentive,
  IncentiveFundingOption,
  IncentivePage,
  IncentiveProgramOption,
  IncentiveSaved,
  RecipientIncentiveList,
  RecipientIncentiveSaved,
  type UpdateIncentiveBody,
  type UpdateRecipientIncentiveBody,
} from '@ebt/core/incentives';
import { RecipientAccount } from '@ebt/core/recipients';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import { readStarted } from '../../lib/early-reads';
import { MY_HEADROOM_PATH } from '../../lib/recipient-reads';

// The incentive screens (B§2 "Admin incentives", "Recipient incentives"; part 1 §2 /recipient/incentives; B§7):
// query keys, queries and changes. Pages never call the API themselves. A change reloads what shows it once the
// server has saved it (resolution 25).

/** The portal a staff screen is in: the base of its links. */
export type StaffBase = 'program' | 'admin';

export const incentiveKeys = {
  all: ['incentives'] as const,
  page: (programUuid: string, page: number) => [...incentiveKeys.all, 'page', programUuid, page] as const,
  detail: (uuid: string) => [...incentiveKeys.all, 'detail', uuid] as const,
  programs: () => [...incentiveKeys.all, 'programs'] as const,
  funding: (programId: number) => [...incentiveKeys.all, 'funding', programId] as const,
  choices: (programUuid: string) => [...incentiveKeys.all, 'choices', programUuid] as const,
  enrolments: (accountUuid: string) => [...incentiveKeys.all, 'enrolments', accountUuid] as const,
  mine: () => [...incentiveKeys.all, 'mine'] as const,
  headroom: () => [...incentiveKeys.all, 'headroom'] as const,
};

/** GET /account-api/incentive with page and pageSize=10 (B§2: 10 a page, the server pages; decision 0040). */
export function useIncentivePage(programUuid: string, page: number) {
  return useQuery({
    queryKey: incentiveKeys.page(programUuid, page),
    queryFn: async ({ signal }) =>
      IncentivePage.parse(
        await api.get<unknown>('/account-api/incentive', {
          signal,
          query: { page, pageSize: LIST_PAGE_SIZE, programUuid: programUuid || undefined },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /account-api/incentive?programUuid=: a program's incentives, the enrolment form's choices. */
export function useProgramIncentiveChoices(programUuid: string | null) {
  return useQuery({
    queryKey: incentiveKeys.choices(programUuid ?? ''),
    queryFn: async ({ signal }) =>
      z.array(Incentive).parse(await api.get<unknown>('/account-api/incentive', { signal, query: { programUuid } })),
    enabled: programUuid !== null,
  });
}

/** GET /account-api/incentive/{id}. */
export function useIncentive(uuid: string) {
  return useQuery({
    queryKey: incentiveKeys.detail(uuid),
    queryFn: async ({ signal }) =>
      Incentive.parse(await api.get<unknown>(`/account-api/incentive/${uuid}`, { signal })),
    retry: false,
  });
}

/** GET /account-api/incentive/programs (B§3 "Program option"). */
export function useIncentivePrograms() {
  return useQuery({
    queryKey: incentiveKeys.programs(),
    queryFn: async ({ signal }) =>
      z.array(IncentiveProgramOption).parse(await api.get<unknown>('/account-api/incentive/programs', { signal })),
    staleTime: 5 * 60_000,
  });
}

/** GET /account-api/incentive/programs/{programId}/funding; idle until a program is chosen. */
export function useIncentiveFunding(programId: number | null) {
  return useQuery({
    queryKey: incentiveKeys.funding(programId ?? 0),
    queryFn: async ({ signal }) =>
      z
        .array(IncentiveFundingOption)
        .parse(await api.get<unknown>(`/account-api/incentive/programs/${programId}/funding`, { signal })),
    enabled: programId !== null,
  });
}

function useReloadIncentives() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: incentiveKeys.all });
}

/** POST /account-api/incentive: 'New incentive added.'. */
export function useAddIncentive() {
  const reload = useReloadIncentives();
  return useMutation({
    mutationFn: async (body: AddIncentiveBody) =>
      IncentiveSaved.parse(await api.post<unknown>('/account-api/incentive', body)),
    onSuccess: reload,
  });
}

/** PUT /account-api/incentive/{id}: 'Incentive updated.'. */
export function useUpdateIncentive(uuid: string) {
  const reload = useReloadIncentives();
  return useMutation({
    mutationFn: async (body: UpdateIncentiveBody) =>
      IncentiveSaved.parse(await api.put<unknown>(`/account-api/incentive/${uuid}`, body)),
    onSuccess: reload,
  });
}

/** GET /account-api/incentive/recipient-incentive/{accountUuid}: a recipient's enrolments (decision 0041). */
export function useRecipientIncentives(accountUuid: string) {
  return useQuery({
    queryKey: incentiveKeys.enrolments(accountUuid),
    queryFn: async ({ signal }) =>
      RecipientIncentiveList.parse(
        await api.get<unknown>(`/account-api/incentive/recipient-incentive/${accountUuid}`, { signal }),
      ),
    retry: false,
  });
}

/** GET /account-api/incentive/recipient-incentive/currentrecipient: the signed-in recipient's enrolments. */
export function useMyIncentives() {
  return useQuery({
    queryKey: incentiveKeys.mine(),
    queryFn: async ({ signal }) =>
      RecipientIncentiveList.parse(
        await api.get<unknown>('/account-api/incentive/recipient-incentive/currentrecipient', { signal }),
      ),
  });
}

/** MY_HEADROOM_PATH; the recipient home's route starts it (features/home/routes.tsx), the query takes it. */
export const myHeadroomQuery = () =>
  queryOptions({
    queryKey: incentiveKeys.headroom(),
    queryFn: async ({ signal }) => IncentiveHeadroomList.parse(await readStarted(MY_HEADROOM_PATH, signal)),
  });

export function useMyHeadroom() {
  return useQuery(myHeadroomQuery());
}

export type EnrolmentChange =
  | { kind: 'add'; body: AddRecipientIncentiveBody }
  | { kind: 'update'; id: number; body: UpdateRecipientIncentiveBody }
  | { kind: 'delete'; id: number };

/**
 * POST, PUT or DELETE /account-api/incentive/recipient-incentive (B§7): 'Recipient incentive added.', '… updated.',
 * '… deleted.' (resolution 19); the recipient's list reloads once the change is saved.
 */
export function useEnrolmentChange(accountUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: EnrolmentChange) => {
      const path = '/account-api/incentive/recipient-incentive';
      const answer =
        change.kind === 'add'
          ? await api.post<unknown>(path, change.body)
          : change.kind === 'update'
            ? await api.put<unknown>(`${path}/${change.id}`, change.body)
            : await api.delete<unknown>(`${path}/${change.id}`);
      return RecipientIncentiveSaved.parse(answer);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: incentiveKeys.enrolments(accountUuid) }),
  });
}

/** GET /account-api/account/{accountUuid}: the recipient the enrolment screen is about (its name, program). */
export function useEnrolledRecipient(accountUuid: string) {
  return useQuery({
    queryKey: [...incentiveKeys.all, 'recipient', accountUuid] as const,
    queryFn: async ({ signal }) =>
      RecipientAccount.parse(await api.get<unknown>(`/account-api/account/${accountUuid}`, { signal })),
    retry: false,
  });
}
