import {
  ActivationLinkInfo,
  ActivationResult,
  type ConfirmEmailBody,
  EmailChangeLinkInfo,
  RecoveredUsername,
  RecoveryCodeSent,
  RecoveryQuestion,
  ResetLinkInfo,
  ResetLinkSent,
  type ActivateUserBody,
  type RecoveryAnswerBody,
} from '@ebt/core/recovery';
import { MessageResponse } from '@ebt/core/account';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api-client';

// Activation, reset and the forgot password / forgot username flows (A§4, A§7 "Authentication and recovery").
// Every call here is public: none needs a session, and none may send the person to /logout.

export const recoveryKeys = {
  all: ['recovery'] as const,
  activationLink: (hash: string) => [...recoveryKeys.all, 'activation-link', hash] as const,
  resetLink: (hash: string) => [...recoveryKeys.all, 'reset-link', hash] as const,
  emailChangeLink: (hash: string) => [...recoveryKeys.all, 'email-change-link', hash] as const,
};

const segment = encodeURIComponent;

/** A link is checked once per page: a 404 will not turn into a 200 by asking again. */
const LINK_QUERY_DEFAULTS = { retry: false, staleTime: Infinity, gcTime: 0, refetchOnWindowFocus: false } as const;

/** GET /user-api/validate/{hash}: whose account the link activates and the questions to choose from. */
export const activationLinkQuery = (hash: string) =>
  queryOptions({
    queryKey: recoveryKeys.activationLink(hash),
    queryFn: async ({ signal }) =>
      ActivationLinkInfo.parse(await api.get<unknown>(`/user-api/validate/${segment(hash)}`, { signal })),
    ...LINK_QUERY_DEFAULTS,
  });

export function useActivationLink(hash: string) {
  return useQuery({ ...activationLinkQuery(hash), enabled: hash !== '' });
}

/** POST /user-api/activate-user (A§3 activation payload). */
export function useActivateUser() {
  return useMutation({
    mutationFn: async (body: ActivateUserBody) =>
      ActivationResult.parse(await api.post<unknown>('/user-api/activate-user', body)),
  });
}

/** GET /user-api/validate-pass/{hash}. */
export const resetLinkQuery = (hash: string) =>
  queryOptions({
    queryKey: recoveryKeys.resetLink(hash),
    queryFn: async ({ signal }) =>
      ResetLinkInfo.parse(await api.get<unknown>(`/user-api/validate-pass/${segment(hash)}`, { signal })),
    ...LINK_QUERY_DEFAULTS,
  });

export function useResetLink(hash: string) {
  return useQuery({ ...resetLinkQuery(hash), enabled: hash !== '' });
}

/** POST /user-api/reset-pass/{hash} with the new password and its confirmation. */
export function useResetPassword(hash: string) {
  return useMutation({
    mutationFn: async (body: { newPassword: string; confirmPassword: string }) =>
      api.post<unknown>(`/user-api/reset-pass/${segment(hash)}`, body),
  });
}

/** Which flow a recovery step belongs to, and the name it is looked up by. */
export type RecoveryFlow = 'password' | 'username';

const stepOnePath = (flow: RecoveryFlow, key: string) =>
  flow === 'password'
    ? `/user-api/security-question/${segment(key)}`
    : `/user-api/user/forgot-username/${segment(key)}`;
const stepTwoPath = (flow: RecoveryFlow, key: string) =>
  flow === 'password' ? `/user-api/forgot-password/${segment(key)}` : `/user-api/user/forgot-username/${segment(key)}`;

/** Step 1: the security question of the user with this username (forgot password) or e-mail (forgot username). */
export function useRecoveryQuestion(flow: RecoveryFlow) {
  return useMutation({
    mutationFn: async (key: string) => RecoveryQuestion.parse(await api.get<unknown>(stepOnePath(flow, key))),
  });
}

/** Step 2: the answer; a right one sends a one-time code. */
export function useRecoveryAnswer(flow: RecoveryFlow) {
  return useMutation({
    mutationFn: async ({ key, body }: { key: string; body: RecoveryAnswerBody }) =>
      RecoveryCodeSent.parse(await api.post<unknown>(stepTwoPath(flow, key), body)),
  });
}

/** Forgot password step 3: a right code sends the reset e-mail. */
export async function redeemPasswordCode(username: string, code: string) {
  return ResetLinkSent.parse(await api.get<unknown>(`${stepTwoPath('password', username)}/${segment(code)}`));
}

/** Forgot username step 3: a right code answers the username. */
export async function redeemUsernameCode(email: string, code: string) {
  return RecoveredUsername.parse(await api.get<unknown>(`${stepTwoPath('username', email)}/${segment(code)}`));
}

/** The appErrorCode of the first entry of an error answer (USR-404 and SEC-001 of A§8), if any. */
export function appErrorCodeOf(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const body = error.body as { errorMessages?: { appErrorCode?: unknown }[] } | undefined;
  const code = body?.errorMessages?.[0]?.appErrorCode;
  return typeof code === 'string' ? code : undefined;
}

/** GET /user-api/confirm-email/{hash}: whose new e-mail address the link confirms. */
export function useEmailChangeLink(hash: string) {
  return useQuery({
    queryKey: recoveryKeys.emailChangeLink(hash),
    queryFn: async ({ signal }) =>
      EmailChangeLinkInfo.parse(await api.get<unknown>(`/user-api/confirm-email/${segment(hash)}`, { signal })),
    ...LINK_QUERY_DEFAULTS,
    enabled: hash !== '',
  });
}

/** POST /user-api/confirm-email/{hash} with the account's password: the new address becomes the account's. */
export function useConfirmEmailChange(hash: string) {
  return useMutation({
    mutationFn: async (body: ConfirmEmailBody) =>
      MessageResponse.parse(await api.post<unknown>(`/user-api/confirm-email/${segment(hash)}`, body)),
  });
}
