import type { CurrentUser } from '@ebt/core/auth';
import { createContext, useContext, type ReactNode } from 'react';

const SessionUserContext = createContext<CurrentUser | null>(null);

/** Set by the portal guard once the signed-in user has loaded and may enter the portal. */
export function SessionUserProvider({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return <SessionUserContext.Provider value={user}>{children}</SessionUserContext.Provider>;
}

/** The signed-in user, or null on a screen shown without the network (a route whose handle says `offline`). */
export function useOptionalSessionUser(): CurrentUser | null {
  return useContext(SessionUserContext);
}

/** The signed-in user, for any page inside /recipient, /program or /admin. */
export function useSessionUser(): CurrentUser {
  const user = useContext(SessionUserContext);
  if (!user) throw new Error('useSessionUser is only available inside a signed-in portal');
  return user;
}
