import { accountApi, type ChangePasswordBody, type UpdateCurrentUserBody } from '@ebt/core/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '../../lib/endpoint-client';
// The header shows the signed-in user's initials from this query; a name change must refresh it.
import { currentUserKey } from '../../lib/query-keys';

// The account page of every portal (A§2, A§7 "Account"): the signed-in user's own info, password and question, each
// through its contract in accountApi.

/**
 * accountApi.userInfo: the form's values alone (decision 0008 notes this read beside the specification's PUT),
 * without the privileges, programs and counts authApi.currentUser gathers.
 */
export function useCurrentUserInfo() {
  return useQuery(endpointQuery(accountApi.userInfo, {}));
}

/** The user's info saved; the mobile number goes as digits (A§5). */
export function useUpdateCurrentUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCurrentUserBody) => callEndpoint(accountApi.updateUserInfo, { body }),
    onSuccess: async (saved) => {
      const { message: _message, ...info } = saved;
      queryClient.setQueryData(endpointKey(accountApi.userInfo, {}), info);
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}

/** The user's password changed. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => callEndpoint(accountApi.changePassword, { body }),
  });
}

/** The security questions to choose from (also used by activation, which is public). */
export function useSecurityQuestions() {
  return useQuery({ ...endpointQuery(accountApi.securityQuestions, {}), staleTime: 30 * 60_000 });
}

/** The question the user answered (never the answer). */
export function useMySecurityQuestions() {
  return useQuery(endpointQuery(accountApi.securityAnswers, {}));
}

/** The user's security question and answer saved, as questionId and answer. */
export function useSetSecurityAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { questionId: number; answer: string }) => callEndpoint(accountApi.setSecurityAnswer, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(accountApi.securityAnswers) }),
  });
}
