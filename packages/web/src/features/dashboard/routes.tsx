import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/routes';

const DashboardPage = lazy(() => import('./DashboardPage'));

/** The dashboard of charts (B§2 Dashboard): one screen for program staff and platform administrators, its own chunk. */
export const dashboardRoutes: FeatureRoutes = {
  program: [{ path: 'dash', element: <DashboardPage area="program" /> }],
  admin: [{ path: 'dash', element: <DashboardPage area="admin" /> }],
};
