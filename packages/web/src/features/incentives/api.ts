import { LIST_PAGE_SIZE } from '@ebt/core/constants';
import { endpointPath } from '@ebt/core/contract';
import {
  type AddIncentiveBody,
  type AddRecipientIncentiveBody,
  type Incentive,
  incentiveApi,
  type IncentivePage,
  type RecipientIncentiveAnswer,
  type RecipientIncentiveList,
  type UpdateIncentiveBody,
  type UpdateRecipientIncentiveBody,
} from '@ebt/core/incentives';
import { recipientApi } from '@ebt/core/recipients';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readStarted } from '../../lib/early-reads';
import { callEndpoint, endpointKey, endpointQuery } from '../../lib/endpoint-client';
import { pageOf, wholeListOf } from '../../lib/list-answers';

// The incentive screens (B§2 "Admin incentives", "Recipient incentives"; part 1 §2 /recipient/incentives; B§7):
// their queries and changes, each through its contract in incentiveApi. Pages never call the API themselves. A change
// reloads what shows it once the server has saved it (resolution 25).

/** The enrolments read with a recipient account's uuid answers its list (with an enrolment's id: that one). */
function enrolmentsOf(answer: RecipientIncentiveAnswer): RecipientIncentiveList {
  if (!('data' in answer)) throw new Error('getRecipientIncentives answered one enrolment where a list was asked for');
  return answer;
}

/** The admin list with page and pageSize=10 (B§2: 10 a page, the server pages; decision 0040). */
export function useIncentivePage(programUuid: string, page: number) {
  return useQuery({
    ...endpointQuery(incentiveApi.list, {
      query: { page, pageSize: LIST_PAGE_SIZE, programUuid: programUuid || undefined },
    }),
    select: pageOf<IncentivePage>,
    placeholderData: keepPreviousData,
  });
}

/** The list with programUuid: a program's incentives, the enrolment form's choices. */
export function useProgramIncentiveChoices(programUuid: string | null) {
  return useQuery({
    ...endpointQuery(incentiveApi.list, { query: { programUuid: programUuid ?? '' } }),
    select: wholeListOf<Incentive>,
    enabled: programUuid !== null,
  });
}

/** One incentive definition. */
export function useIncentive(uuid: string) {
  return useQuery({ ...endpointQuery(incentiveApi.detail, { params: { id: uuid } }), retry: false });
}

/** The programs an incentive may be defined for (B§3 "Program option"). */
export function useIncentivePrograms() {
  return useQuery({ ...endpointQuery(incentiveApi.programs, {}), staleTime: 5 * 60_000 });
}

/** A program's funding sources; idle until a program is chosen. */
export function useIncentiveFunding(programId: number | null) {
  return useQuery({
    ...endpointQuery(incentiveApi.funding, { params: { programId: programId ?? 0 } }),
    enabled: programId !== null,
  });
}

/** After a definition is saved: everything the incentive screens read. */
function useReloadIncentives() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        incentiveApi.list,
        incentiveApi.detail,
        incentiveApi.programs,
        incentiveApi.funding,
        incentiveApi.readEnrolments,
        incentiveApi.ownEnrolments,
        incentiveApi.ownHeadroom,
        recipientApi.detail,
      ].map((endpoint) => queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) })),
    );
}

/** A new incentive: 'New incentive added.'. */
export function useAddIncentive() {
  const reload = useReloadIncentives();
  return useMutation({
    mutationFn: (body: AddIncentiveBody) => callEndpoint(incentiveApi.add, { body }),
    onSuccess: reload,
  });
}

/** An incentive saved: 'Incentive updated.'. */
export function useUpdateIncentive(uuid: string) {
  const reload = useReloadIncentives();
  return useMutation({
    mutationFn: (body: UpdateIncentiveBody) => callEndpoint(incentiveApi.update, { params: { id: uuid }, body }),
    onSuccess: reload,
  });
}

/** A recipient's enrolments, read with the account's uuid (decision 0041). */
export function useRecipientIncentives(accountUuid: string) {
  return useQuery({
    ...endpointQuery(incentiveApi.readEnrolments, { params: { id: accountUuid } }),
    select: enrolmentsOf,
    retry: false,
  });
}

/** The signed-in recipient's enrolments. */
export function useMyIncentives() {
  return useQuery(endpointQuery(incentiveApi.ownEnrolments, {}));
}

/** incentiveApi.ownHeadroom; the recipient home's route starts it (features/home/routes.tsx), the query takes it. */
export const myHeadroomQuery = () =>
  queryOptions({
    queryKey: endpointKey(incentiveApi.ownHeadroom, {}),
    queryFn: async ({ signal }) =>
      incentiveApi.ownHeadroom.answer.parse(await readStarted(endpointPath(incentiveApi.ownHeadroom), signal)),
  });

export function useMyHeadroom() {
  return useQuery(myHeadroomQuery());
}

export type EnrolmentChange =
  | { kind: 'add'; body: AddRecipientIncentiveBody }
  | { kind: 'update'; id: number; body: UpdateRecipientIncentiveBody }
  | { kind: 'delete'; id: number };

/**
 * An enrolment added, changed or deleted (B§7): 'Recipient incentive added.', '… updated.', '… deleted.'
 * (resolution 19); the recipient's list reloads once the change is saved.
 */
export function useEnrolmentChange(accountUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: EnrolmentChange) =>
      change.kind === 'add'
        ? callEndpoint(incentiveApi.enrol, { body: change.body })
        : change.kind === 'update'
          ? callEndpoint(incentiveApi.changeEnrolment, { params: { id: change.id }, body: change.body })
          : callEndpoint(incentiveApi.removeEnrolment, { params: { id: change.id } }),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: endpointKey(incentiveApi.readEnrolments, { params: { id: accountUuid } }),
      }),
  });
}

/** The recipient the enrolment screen is about (its name, program). */
export function useEnrolledRecipient(accountUuid: string) {
  return useQuery({ ...endpointQuery(recipientApi.detail, { params: { accountUuid } }), retry: false });
}
