import {
  CurrentUserInfo,
  MessageResponse,
  SecurityQuestion,
  UpdateCurrentUserResponse,
  UserSecurityQuestion,
  type ChangePasswordBody,
  type UpdateCurrentUserBody,
} from '@ebt/core/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client';
// The header shows the signed-in user's initials from this query; a name change must refresh it.
import { currentUserKey } from '../../lib/query-keys';

// The account page of every portal (A§2, A§7 "Account"): the signed-in user's own info, password and question.

export const accountKeys = {
  all: ['account'] as const,
  info: () => [...accountKeys.all, 'info'] as const,
  myQuestions: () => [...accountKeys.all, 'security-answers'] as const,
  questions: () => ['security-questions'] as const,
};

/**
 * GET /user-api/user/currentuser: the form's values alone (decision 0008 notes this read beside the specification's
 * PUT), without the privileges, programs and counts GET /user-api/user/current gathers.
 */
export const currentUserInfoQuery = () =>
  queryOptions({
    queryKey: accountKeys.info(),
    queryFn: async ({ signal }) =>
      CurrentUserInfo.parse(await api.get<unknown>('/user-api/user/currentuser', { signal })),
  });

export function useCurrentUserInfo() {
  return useQuery(currentUserInfoQuery());
}

/** PUT /user-api/user/currentuser; the mobile number goes as digits (A§5). */
export function useUpdateCurrentUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateCurrentUserBody) =>
      UpdateCurrentUserResponse.parse(await api.put<unknown>('/user-api/user/currentuser', body)),
    onSuccess: async (saved) => {
      const { message: _message, ...info } = saved;
      queryClient.setQueryData(accountKeys.info(), info);
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}

/** PUT /user-api/user/password. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: ChangePasswordBody) =>
      MessageResponse.parse(await api.put<unknown>('/user-api/user/password', body)),
  });
}

/** GET /user-api/security-questions: the questions to choose from (also used by activation, which is public). */
export const securityQuestionsQuery = () =>
  queryOptions({
    queryKey: accountKeys.questions(),
    queryFn: async ({ signal }) =>
      z.array(SecurityQuestion).parse(await api.get<unknown>('/user-api/security-questions', { signal })),
    staleTime: 30 * 60_000,
  });

export function useSecurityQuestions() {
  return useQuery(securityQuestionsQuery());
}

/** GET /user-api/user/current/security-answers: the question the user answered (never the answer). */
export function useMySecurityQuestions() {
  return useQuery({
    queryKey: accountKeys.myQuestions(),
    queryFn: async ({ signal }) =>
      z
        .array(UserSecurityQuestion)
        .parse(await api.get<unknown>('/user-api/user/current/security-answers', { signal })),
  });
}

/** PUT /user-api/user/current/security-answers with questionId and answer. */
export function useSetSecurityAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { questionId: number; answer: string }) =>
      MessageResponse.parse(await api.put<unknown>('/user-api/user/current/security-answers', body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.myQuestions() }),
  });
}
