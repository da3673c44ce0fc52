import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/routes';

const FarmerHomePage = lazy(() => import('./HomePage'));
const FarmerSalesPage = lazy(() => import('./SalesPage'));
const FarmerPayoutsPage = lazy(() => import('./PayoutsPage'));
const FarmerBusinessPage = lazy(() => import('./BusinessPage'));

/** The farmer's merchant portal (docs/farmer-app.md): home, sales, payouts, the business. Selling is features/sell. */
export const farmerRoutes: FeatureRoutes = {
  merchant: [
    { index: true, element: <FarmerHomePage /> },
    { path: 'sales', element: <FarmerSalesPage /> },
    { path: 'payouts', element: <FarmerPayoutsPage /> },
    { path: 'business', element: <FarmerBusinessPage /> },
  ],
};
