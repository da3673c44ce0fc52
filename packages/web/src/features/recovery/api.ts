import { recoveryApi, type ActivateUserBody, type ConfirmEmailBody, type RecoveryAnswerBody } from '@ebt/core/recovery';
import { useMutation, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../lib/api-client';
import { callEndpoint, endpointQuery } from '../../lib/endpoint-client';

// Activation, reset and the forgot password / forgot username flows (A§4, A§7 "Authentication and recovery"), each
// through its contract in recoveryApi. Every call here is public: none needs a session, and none may send the person
// to /logout.

/** A link is checked once per page: a 404 will not turn into a 200 by asking again. */
const LINK_QUERY_DEFAULTS = { retry: false, staleTime: Infinity, gcTime: 0, refetchOnWindowFocus: false } as const;

/** Whose account the activation link activates and the questions to choose from. */
export function useActivationLink(hash: string) {
  return useQuery({
    ...endpointQuery(recoveryApi.validateActivation, { params: { hash } }),
    ...LINK_QUERY_DEFAULTS,
    enabled: hash !== '',
  });
}

/** The account activated (A§3 activation payload). */
export function useActivateUser() {
  return useMutation({
    mutationFn: (body: ActivateUserBody) => callEndpoint(recoveryApi.activate, { body }),
  });
}

/** Whose password the reset link resets. */
export function useResetLink(hash: string) {
  return useQuery({
    ...endpointQuery(recoveryApi.validateReset, { params: { hash } }),
    ...LINK_QUERY_DEFAULTS,
    enabled: hash !== '',
  });
}

/** The new password and its confirmation, through the reset link. */
export function useResetPassword(hash: string) {
  return useMutation({
    mutationFn: (body: { newPassword: string; confirmPassword: string }) =>
      callEndpoint(recoveryApi.resetPassword, { params: { hash }, body }),
  });
}

/** Which flow a recovery step belongs to, and the name it is looked up by. */
export type RecoveryFlow = 'password' | 'username';

/** Step 1: the security question of the user with this username (forgot password) or e-mail (forgot username). */
export function useRecoveryQuestion(flow: RecoveryFlow) {
  return useMutation({
    mutationFn: (key: string) =>
      flow === 'password'
        ? callEndpoint(recoveryApi.passwordQuestion, { params: { username: key } })
        : callEndpoint(recoveryApi.usernameQuestion, { params: { email: key } }),
  });
}

/** Step 2: the answer; a right one sends a one-time code. */
export function useRecoveryAnswer(flow: RecoveryFlow) {
  return useMutation({
    mutationFn: ({ key, body }: { key: string; body: RecoveryAnswerBody }) =>
      flow === 'password'
        ? callEndpoint(recoveryApi.passwordAnswer, { params: { username: key }, body })
        : callEndpoint(recoveryApi.usernameAnswer, { params: { email: key }, body }),
  });
}

/** Forgot password step 3: a right code sends the reset e-mail. */
export function redeemPasswordCode(username: string, code: string) {
  return callEndpoint(recoveryApi.passwordCode, { params: { username, otpCode: code } });
}

/** Forgot username step 3: a right code answers the username. */
export function redeemUsernameCode(email: string, code: string) {
  return callEndpoint(recoveryApi.usernameCode, { params: { email, otpCode: code } });
}

/** The appErrorCode of the first entry of an error answer (USR-404 and SEC-001 of A§8), if any. */
export function appErrorCodeOf(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const body = error.body as { errorMessages?: { appErrorCode?: unknown }[] } | undefined;
  const code = body?.errorMessages?.[0]?.appErrorCode;
  return typeof code === 'string' ? code : undefined;
}

/** Whose new e-mail address the link confirms. */
export function useEmailChangeLink(hash: string) {
  return useQuery({
    ...endpointQuery(recoveryApi.emailChangeLink, { params: { hash } }),
    ...LINK_QUERY_DEFAULTS,
    enabled: hash !== '',
  });
}

/** The account's password: the new address becomes the account's. */
export function useConfirmEmailChange(hash: string) {
  return useMutation({
    mutationFn: (body: ConfirmEmailBody) => callEndpoint(recoveryApi.confirmEmailChange, { params: { hash }, body }),
  });
}
