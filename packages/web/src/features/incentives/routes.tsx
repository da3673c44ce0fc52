import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/routes';

const IncentiveListPage = lazy(() => import('./IncentiveListPage'));
const IncentiveAddPage = lazy(() => import('./IncentiveAddPage'));
const IncentiveEditPage = lazy(() => import('./IncentiveEditPage'));
const RecipientIncentivesPage = lazy(() => import('./RecipientIncentivesPage'));
const MyIncentivesPage = lazy(() => import('./MyIncentivesPage'));

/**
 * Incentives (B§2): the admin list and forms, a recipient's enrolments for staff, the recipient's own list; each
 * screen its own chunk.
 */
export const incentivesRoutes: FeatureRoutes = {
  recipient: [{ path: 'incentives', element: <MyIncentivesPage /> }],
  program: [{ path: 'recipient/incentives/:id/:progId', element: <RecipientIncentivesPage base="program" /> }],
  admin: [
    { path: 'incentives', element: <IncentiveListPage /> },
    { path: 'incentive/add', element: <IncentiveAddPage /> },
    { path: 'incentive/:id', element: <IncentiveEditPage /> },
    { path: 'recipient/incentives/:id/:progId', element: <RecipientIncentivesPage base="admin" /> },
  ],
};
