import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/routes';

const FarmerApplicationListPage = lazy(() => import('./FarmerApplicationListPage'));
const FarmerApplicationDetailPage = lazy(() => import('./FarmerApplicationDetailPage'));
const FarmerApplicationSettingsPage = lazy(() => import('./FarmerApplicationSettingsPage'));

/**
 * The staff review of farmers' online applications in both staff portals (decision 0111), and the
 * platform administrators' settings of a program's farmer application, beside the admin program edit.
 */
export const farmerApplicationsRoutes: FeatureRoutes = {
  program: [
    { path: 'farmer-applications', element: <FarmerApplicationListPage base="program" /> },
    { path: 'farmer-applications/:applicationUuid', element: <FarmerApplicationDetailPage base="program" /> },
  ],
  admin: [
    { path: 'farmer-applications', element: <FarmerApplicationListPage base="admin" /> },
    { path: 'farmer-applications/:applicationUuid', element: <FarmerApplicationDetailPage base="admin" /> },
    { path: 'program/:id/farmer-application', element: <FarmerApplicationSettingsPage /> },
  ],
};
