import { MESSAGES } from '@ebt/core/messages';
import { canAccessArea } from '@ebt/core/privileges';
import { Alert, Button, Center, Stack } from '@mantine/core';
import { lazy, Suspense, useDeferredValue } from 'react';
import { Navigate } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader';
import { useCurrentUser } from '../../features/auth/api';
import { isApiError } from '../../lib/api-client';
import type { PortalArea } from '../../lib/routes';
import { hasSession } from '../../lib/session';
import { SessionUserProvider } from '../../lib/session-user';

// The signed-in shell is not needed to sign in, so it loads with the first protected page: while the current user
// is being fetched, not after (one round trip fewer before the page shows).
const loadAreaLayout = () => import('../layouts/AreaLayout');
const AreaLayout = lazy(loadAreaLayout);

/**
 * A§2 protected areas: /recipient needs RECIPIENT_ACCESS, /program a program, agency admin or agency user
 * privilege, /admin NDGADMIN_ACCESS; without the session or the privilege the user is sent to /login.
 */
export function ProtectedArea({ area }: { area: PortalArea }) {
  const { data, error, refetch, isRefetching } = useCurrentUser();
  // The user's arrival renders the signed-in shell and the page, the heaviest render of a page load. Deferred, it
  // renders in slices that leave the browser free to answer a tap between them, instead of in one long task.
  const user = useDeferredValue(data);
  if (hasSession()) void loadAreaLayout();

  if (error) {
    // A 401 has already sent the browser to /logout (api-client); don't race it to /login.
    if (isApiError(error, 401)) return <FullPageLoader />;
    return (
      <Center mih="60vh" p="md">
        <Stack maw={480}>
          <Alert color="red" variant="light" role="alert" title="Your account could not be loaded">
            {isApiError(error, 0) ? MESSAGES.API_UNAVAILABLE : MESSAGES.GENERIC_ERROR}
          </Alert>
          <Button onClick={() => void refetch()} loading={isRefetching}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }
  if (!hasSession()) return <Navigate to="/login" replace />;
  if (!user) return <FullPageLoader />;
  if (!canAccessArea(user.privileges, area)) return <Navigate to="/login" replace />;

  return (
    <SessionUserProvider user={user}>
      <Suspense fallback={<FullPageLoader />}>
        <AreaLayout area={area} user={user} />
      </Suspense>
    </SessionUserProvider>
  );
}
