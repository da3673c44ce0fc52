import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader';
import { setUnauthorizedHandler } from '../../lib/api-client';
import { isStaffPath } from '../../components/LanguageSwitch';
import { setStaffPage } from '../../lib/i18n';

/** The top of every route: wires the API client's "session ended" rule to the router (A§8: 401 goes to logout). */
export function RootLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Staff pages stay English; the public and recipient pages speak the chosen language (docs/i18n.md).
  useEffect(() => setStaffPage(isStaffPath(pathname)), [pathname]);

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
