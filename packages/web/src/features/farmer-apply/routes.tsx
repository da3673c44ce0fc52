import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/routes';

const FarmerApplyPage = lazy(() => import('./FarmerApplyPage'));
const FarmerApplicationStatusPage = lazy(() => import('./FarmerApplicationStatusPage'));

/**
 * The farmers' public application: the form at /apply/farmer and the status page its messages link to,
 * /apply/farmer/status?hash=…. Both speak English and Spanish. Staff review it in features/farmer-applications.
 */
export const farmerApplyRoutes: FeatureRoutes = {
  public: [
    { path: '/apply/farmer', element: <FarmerApplyPage /> },
    { path: '/apply/farmer/status', element: <FarmerApplicationStatusPage /> },
  ],
};
