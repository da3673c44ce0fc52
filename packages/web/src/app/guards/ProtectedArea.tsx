import { navigationLoaded, preloadNavigation } from '../navigation/lazy-nav';
import type { CurrentUser } from '@ebt/core/auth';
import { MESSAGES } from '@ebt/core/messages';
import { canAccessArea } from '@ebt/core/privileges';
import { Alert, Button, Center, Stack } from '@mantine/core';
import { lazy, Suspense, useDeferredValue, useState, type ComponentType } from 'react';
import { Navigate, Outlet, useMatches } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader';
import { currentUserQuery, useCurrentUser } from '../../features/auth/api';
import { isApiError } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import type { PortalArea, RouteHandle } from '../../lib/routes';
import { hasKeptPayCards } from '../../lib/device-data';
import { hasSession } from '../../lib/session';
import { SessionUserProvider } from '../../lib/session-user';
import { queryClient } from '../../lib/query-client';
import { AreaSkeleton } from '../layouts/AreaSkeleton';

type AreaLayoutProps = { area: PortalArea; user: CurrentUser };
// The signed-in shell is not needed to sign in, so it loads with the first protected page.
let loadedAreaLayout: ComponentType<AreaLayoutProps> | undefined;
// With the navigation its first screen shows (navigation/lazy-nav.tsx), so the shell never paints an empty menu.
const loadAreaLayout = () =>
  Promise.all([import('../layouts/AreaLayout'), navigationLoaded()]).then(([module]) => {
    loadedAreaLayout = module.default;
    return module;
  });
const LazyAreaLayout = lazy(loadAreaLayout);

/**
 * The shell, as its module's own component when the loader has loaded it by the time the user is in (the usual case:
 * both start with the portal's route), else lazily. React.lazy suspends on its first render even when the module is
 * there, and React holds the reveal of a Suspense boundary that showed its fallback for 300 ms: the shell and page
 * waited that long after the skeleton with everything loaded (Lighthouse's largest paint, and the card controls'
 * read, came that much later). Chosen once per mount, as switching from one to the other would remount the shell.
 */
function AreaLayout(props: AreaLayoutProps) {
  const [Layout] = useState<ComponentType<AreaLayoutProps>>(() => loadedAreaLayout ?? LazyAreaLayout);
  return <Layout {...props} />;
}
// The recipient's home without a network (decision 0051): its own chunk, precached by the service worker.
const OfflineHome = lazy(() => import('../../features/home').then((m) => ({ default: m.OfflineHome })));

/**
 * The portal route's loader: on entering a portal, the signed-in user and the shell's code start loading at once,
 * alongside the page's own code (a route `lazy`), instead of one after the other as each component renders.
 * It returns nothing: the guard below reads the user from the query cache.
 */
export function loadArea(area: PortalArea): null {
  if (hasSession()) {
    void queryClient.prefetchQuery(currentUserQuery());
    // A failed load shows when the shell renders (React.lazy throws it to the route's error page).
    preloadNavigation(area);
    loadAreaLayout().catch(() => undefined);
  }
  return null;
}

/**
 * A§2 protected areas: /recipient needs RECIPIENT_ACCESS, /program a program, agency admin or agency user
 * privilege, /admin NDGADMIN_ACCESS; without the session or the privilege the user is sent to /login.
 */
export function ProtectedArea({ area }: { area: PortalArea }) {
  const { t, m } = useI18n();
  const { data, error, refetch, isRefetching } = useCurrentUser();
  // The user's arrival renders the signed-in shell and the page, the heaviest render of a page load. Deferred, it
  // renders in slices that leave the browser free to answer a tap between them, instead of in one long task.
  const user = useDeferredValue(data);
  // A screen that works without the network (the Pay screen, decision 0108) shows itself offline, without the shell.
  const worksOffline = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.offline);

  // The app closed without signing out and opened again (the session lived in the closed tab): the phone still pays
  // with the cards it kept (decision 0108). The Pay screen opens from them, and with no signal the offline home too.
  if (!hasSession() && area === 'recipient' && hasKeptPayCards() && (worksOffline || !navigator.onLine))
    return <Suspense fallback={<FullPageLoader />}>{worksOffline ? <Outlet /> : <OfflineHome />}</Suspense>;
  if (error) {
    if (area === 'recipient' && isApiError(error, 0) && hasSession())
      return <Suspense fallback={<FullPageLoader />}>{worksOffline ? <Outlet /> : <OfflineHome />}</Suspense>;
    // A 401 has already sent the browser to /logout (api-client); don't race it to /login.
    if (isApiError(error, 401)) return <FullPageLoader />;
    return (
      <Center mih="60vh" p="md">
        <Stack maw={480}>
          <Alert color="red" variant="light" role="alert" title={t('kit.accountLoadFailed')}>
            {m(isApiError(error, 0) ? MESSAGES.API_UNAVAILABLE : MESSAGES.GENERIC_ERROR)}
          </Alert>
          <Button onClick={() => void refetch()} loading={isRefetching}>
            {t('common.tryAgain')}
          </Button>
        </Stack>
      </Center>
    );
  }
  if (!hasSession()) return <Navigate to="/login" replace />;
  if (!user) return <AreaSkeleton area={area} />;
  if (!canAccessArea(user.privileges, area)) return <Navigate to="/login" replace />;

  return (
    <SessionUserProvider user={user}>
      <Suspense fallback={<AreaSkeleton area={area} />}>
        <AreaLayout area={area} user={user} />
      </Suspense>
    </SessionUserProvider>
  );
}
