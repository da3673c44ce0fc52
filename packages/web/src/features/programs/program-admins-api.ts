import { Incentive } from '@ebt/core/incentives';
import { MESSAGES } from '@ebt/core/messages';
import { ProgramUser } from '@ebt/core/program-admins';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client';

// The program view's calls (A§2 "Program view", A§4 Program admin, A§7 "Programs, agencies, users"): the caller's
// programs, a program's admins and incentives, the search for a new admin, adding and removing one.

export type ProgramAdminRow = ProgramUser;

export const programViewKeys = {
  all: ['program-view'] as const,
  admins: (programUuid: string) => [...programViewKeys.all, 'admins', programUuid] as const,
  incentives: (programUuid: string) => [...programViewKeys.all, 'incentives', programUuid] as const,
};

/** GET /admin-api/programs/{programUuid}/users (A§7): the program's admins. */
export function useProgramAdmins(programUuid: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: programViewKeys.admins(programUuid),
    queryFn: async ({ signal }) =>
      z.array(ProgramUser).parse(await api.get<unknown>(`/admin-api/programs/${programUuid}/users`, { signal })),
  });
}

/** GET /account-api/incentive?programUuid= (A§7): the program's incentives, shown read-only. */
export function useProgramIncentives(programUuid: string) {
  return useQuery({
    queryKey: programViewKeys.incentives(programUuid),
    queryFn: async ({ signal }) =>
      z.array(Incentive).parse(await api.get<unknown>('/account-api/incentive', { signal, query: { programUuid } })),
  });
}

/** GET /user-api/program-users (A§7, resolution 2) with the search's query; nothing runs while it is null. */
function answerMessage(answer: unknown, fallback: string): string {
  const message = (answer as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' && message.length > 0 ? message : fallback;
}

/**
 * POST /admin-api/programs/{programUuid}/users with {userUuid} (A§4): 'User added to Program.'; an admin already
 * there answers 'This user is already assigned to the Program.'. The admins list reloads once the change is saved.
 */
export function useAddProgramAdmin(programUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userUuid: string) =>
      answerMessage(
        await api.post<unknown>(`/admin-api/programs/${programUuid}/users`, { userUuid }),
        MESSAGES.USER_ADDED_TO_PROGRAM,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: programViewKeys.admins(programUuid) }),
  });
}

/** DELETE /admin-api/programs/{programUuid}/users with {userUuid} (A§4): 'User removed from Program.'. */
export function useRemoveProgramAdmin(programUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userUuid: string) =>
      answerMessage(
        await api.delete<unknown>(`/admin-api/programs/${programUuid}/users`, { userUuid }),
        MESSAGES.USER_REMOVED_FROM_PROGRAM,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: programViewKeys.admins(programUuid) }),
  });
}
