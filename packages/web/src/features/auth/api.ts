import type { CurrentUser, LoginFormValues } from '@ebt/core/auth';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { currentUserKey } from '../../lib/query-keys';
import { clearToken, hasSession, setToken } from '../../lib/session';
import { adoptUserLanguage, rememberedLanguage } from '../../lib/i18n';

export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => currentUserKey,
};

/**
 * The answers' schemas, and zod with them, load beside the first call rather than with the startup code: a portal
 * page paints its header while the user and the schemas come, instead of parsing zod before its first render.
 */
const loadAuthSchemas = () => import('@ebt/core/auth');

/** The signed-in user: names, privileges, programs, applications and the unread notification count. */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: authKeys.currentUser(),
    queryFn: async ({ signal }) => {
      const [schemas, body] = await Promise.all([
        loadAuthSchemas(),
        api.get<unknown>('/user-api/user/current', { signal }),
      ]);
      const user = schemas.CurrentUser.parse(body);
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
      const [schemas, body] = await Promise.all([loadAuthSchemas(), api.post<unknown>('/api/authenticate', values)]);
      const answer = schemas.AuthenticateResponse.parse(body);
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
      await api.get<void>('/api/logout', { query: { timestamp: Date.now() }, allowUnauthorized: true });
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
    void api.put('/user-api/user/current/language', { language: remembered }).catch(() => undefined);
  }
}
