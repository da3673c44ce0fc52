import type { CurrentUser, LoginFormValues } from '@ebt/core/auth';
import { CURRENT_USER_PATH } from '@ebt/core/early-reads';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { readStarted } from '../../lib/early-reads';
import { callEndpoint } from '../../lib/endpoint-client';
import { currentUserKey } from '../../lib/query-keys';
import { clearToken, hasSession, setToken } from '../../lib/session';
import { adoptUserLanguage, rememberedLanguage } from '../../lib/i18n';

/**
 * The contracts (authApi, accountApi) carry the answers' schemas, and zod with them: they load with the first call
 * rather than with the startup code, so a portal page paints its header while the user and the schemas come, instead
 * of parsing zod before its first render.
 */
const loadAuthContracts = () => import('@ebt/core/auth').then((module) => module.authApi);
const loadAccountContracts = () => import('@ebt/core/account').then((module) => module.accountApi);

/** The signed-in user (authApi.currentUser): names, privileges, programs, applications and the unread notification count. */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: currentUserKey,
    queryFn: async ({ signal }) => {
      // A portal page's load started the read before any of this code had arrived (lib/early-fetch.ts): the contract
      // and its schema load while it travels, and parse it as callEndpoint would.
      const [authApi, answer] = await Promise.all([loadAuthContracts(), readStarted(CURRENT_USER_PATH, signal)]);
      const user = authApi.currentUser.answer.parse(answer);
      keepUserLanguage(user.preferredLanguage);
      return user;
    },
    // The user changes rarely within a session; screens that change it (account, notifications) invalidate it.
    staleTime: 5 * 60_000,
  });

export function useCurrentUser() {
  return useQuery({ ...currentUserQuery(), enabled: hasSession() });
}

/** Signs in (A§4 Login): authenticates, keeps the token, then loads the user the caller routes by. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: LoginFormValues): Promise<CurrentUser> => {
      // A 401 here means wrong credentials, not an ended session (A§8): the form shows it.
      const answer = await callEndpoint(
        (await loadAuthContracts()).authenticate,
        { body: values },
        { allowUnauthorized: true },
      );
      // A new sign-in replaces whatever an earlier session in this tab had cached.
      queryClient.clear();
      setToken(answer.token);
      try {
        return await queryClient.fetchQuery(currentUserQuery());
      } catch (error) {
        clearToken();
        throw error;
      }
    },
  });
}

/**
 * Ends the session: tells the server (when there is a token to end), then forgets the token and every cached
 * answer, so nothing of this user stays in the tab.
 */
export async function endSession(queryClient: QueryClient): Promise<void> {
  if (hasSession()) {
    try {
      const authApi = await loadAuthContracts();
      await callEndpoint(authApi.logout, { query: { timestamp: String(Date.now()) } }, { allowUnauthorized: true });
    } catch {
      // The server may have ended the session already (time-out); the client forgets it either way.
    }
  }
  clearToken();
  queryClient.clear();
}

/**
 * The user's kept language applies on a device that remembers none; a choice made on this device before signing in
 * is kept on a user who has none yet, so their e-mails and SMS follow it (docs/i18n.md).
 */
function keepUserLanguage(preferred: CurrentUser['preferredLanguage']) {
  const remembered = rememberedLanguage();
  if (preferred) adoptUserLanguage(preferred);
  else if (remembered) {
    void loadAccountContracts()
      .then((accountApi) => callEndpoint(accountApi.setLanguage, { body: { language: remembered } }))
      .catch(() => undefined);
  }
}
