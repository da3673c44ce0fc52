import { incentiveApi, type Incentive } from '@ebt/core/incentives';
import { wholeListOf } from '../../lib/list-answers';
import { MESSAGES } from '@ebt/core/messages';
import { programAdminApi, type ProgramUser } from '@ebt/core/program-admins';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '../../lib/endpoint-client';

// The program view's calls (A§2 "Program view", A§4 Program admin, A§7 "Programs, agencies, users"): a program's
// admins (programAdminApi) and incentives (incentiveApi), adding and removing an admin.

export type ProgramAdminRow = ProgramUser;

/** The program's admins (A§7). */
export function useProgramAdmins(programUuid: string, enabled = true) {
  return useQuery({ ...endpointQuery(programAdminApi.list, { params: { programUuid } }), enabled });
}

/** The incentive list with programUuid (A§7): the program's incentives, shown read-only. */
export function useProgramIncentives(programUuid: string) {
  return useQuery({ ...endpointQuery(incentiveApi.list, { query: { programUuid } }), select: wholeListOf<Incentive> });
}

/** The success text of a change: the server's own when it sends one, else the specification's. */
function answerMessage(answer: { message: string }, fallback: string): string {
  return answer.message.length > 0 ? answer.message : fallback;
}

/** After a change (saved or refused): the program's admins again. */
function refreshAdmins(queryClient: ReturnType<typeof useQueryClient>, programUuid: string) {
  return queryClient.invalidateQueries({ queryKey: endpointKey(programAdminApi.list, { params: { programUuid } }) });
}

/**
 * A user added as the program's admin with {userUuid} (programAdminApi.add, A§4): 'User added to Program.'; an admin
 * already there answers 'This user is already assigned to the Program.'. The admins list reloads once the change is
 * saved.
 */
export function useAddProgramAdmin(programUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userUuid: string) =>
      answerMessage(
        await callEndpoint(programAdminApi.add, { params: { programUuid }, body: { userUuid } }),
        MESSAGES.USER_ADDED_TO_PROGRAM,
      ),
    onSettled: () => refreshAdmins(queryClient, programUuid),
  });
}

/** An admin removed with {userUuid} in the body (programAdminApi.remove, A§4): 'User removed from Program.'. */
export function useRemoveProgramAdmin(programUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userUuid: string) =>
      answerMessage(
        await callEndpoint(programAdminApi.remove, { params: { programUuid }, query: {}, body: { userUuid } }),
        MESSAGES.USER_REMOVED_FROM_PROGRAM,
      ),
    onSettled: () => refreshAdmins(queryClient, programUuid),
  });
}
