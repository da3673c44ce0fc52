import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/routes';

const AgencyListPage = lazy(() => import('./AgencyListPage'));
const AgencyAddPage = lazy(() => import('./AgencyAddPage'));
const AgencyDetailPage = lazy(() => import('./AgencyDetailPage'));

/** Agency list, add and update with its users (B§2 "Agencies"), each screen its own chunk. */
export const agenciesRoutes: FeatureRoutes = {
  program: [
    { path: 'agencies', element: <AgencyListPage base="program" /> },
    { path: 'agency/add', element: <AgencyAddPage base="program" /> },
    { path: 'agency/:id', element: <AgencyDetailPage base="program" /> },
  ],
  admin: [
    { path: 'agencies', element: <AgencyListPage base="admin" /> },
    { path: 'agency/add', element: <AgencyAddPage base="admin" /> },
    { path: 'agency/:id', element: <AgencyDetailPage base="admin" /> },
  ],
};
