import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader';
import { setUnauthorizedHandler } from '../../lib/api-client';

/** The top of every route: wires the API client's "session ended" rule to the router (A§8: 401 goes to logout). */
export function RootLayout() {
  const navigate = useNavigate();

  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        void navigate('/logout', { replace: true, state: { reason: 'expired' } });
      }),
    [navigate],
  );

  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
