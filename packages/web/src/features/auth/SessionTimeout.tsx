import { INACTIVITY_WARNING_MS } from '@ebt/core/constants';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { overlaysReady } from '../../lib/overlays';
import { currentUserQuery } from './api';
import { useInactivityTimeout } from './use-inactivity-timeout';

const WARNING_MINUTES = INACTIVITY_WARNING_MS / 60_000;

// The dialog's code (Modal with its scroll area, focus trap and portal) is not needed to show a signed-in page, and
// it was most of the shell's code: it loads once the app's other dialogs are in (lib/overlays.ts: a few seconds after
// the page's load event, or at the first dialog), long before a warning is due 18 minutes on, or at the warning.
const SessionWarningDialog = lazy(() => import('./SessionWarningDialog'));

/**
 * The signed-in portals' inactivity time-out (A§1, A§9) with its warning (WCAG 2.2.1, decision 0063): after 18 idle
 * minutes a dialog says the session ends in two minutes and offers 'Stay signed in', which renews the server's
 * session; at 20 minutes the screen goes to /logout as the specification says. Closing the dialog also stays. In the
 * page's language: Spanish on recipient pages when chosen, English on staff pages (decision 0060).
 */
export function SessionTimeout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Any authenticated call renews the server's idle clock; the current user is cheap and worth refreshing.
  const renew = () => void queryClient.fetchQuery({ ...currentUserQuery(), staleTime: 0 }).catch(() => undefined);
  const { warning, restart } = useInactivityTimeout(
    () => void navigate('/logout', { state: { reason: 'inactive' } }),
    renew,
  );
  const staySignedIn = () => {
    restart();
    renew();
  };

  // Once shown, the dialog stays mounted: closing it gives the focus back on a timer of Mantine's Modal, which
  // unmounting it at once would cancel (the warning can come before the app's other dialogs are in, as when a test's
  // clock runs 18 minutes past a page still loading).
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (warning) setShown(true);
  }, [warning]);
  const dialogWanted = useOverlaysReady() || warning || shown;

  return dialogWanted ? (
    <Suspense fallback={null}>
      <SessionWarningDialog
        opened={warning}
        onStay={staySignedIn}
        onSignOut={() => void navigate('/logout')}
        minutes={WARNING_MINUTES}
      />
    </Suspense>
  ) : null;
}

/** Whether the app's dialogs are mounted (lib/overlays.ts). */
function useOverlaysReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let mounted = true;
    void overlaysReady().then(() => mounted && setReady(true));
    return () => {
      mounted = false;
    };
  }, []);
  return ready;
}
