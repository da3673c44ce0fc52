import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/routes';

const AccountPage = lazy(() => import('./AccountPage'));

/** The personal account page, one screen shared by every portal (A§2 Screens). */
export const accountRoutes: FeatureRoutes = {
  recipient: [{ path: 'account', element: <AccountPage /> }],
  merchant: [{ path: 'account', element: <AccountPage /> }],
  program: [{ path: 'account', element: <AccountPage /> }],
  admin: [{ path: 'account', element: <AccountPage /> }],
};
