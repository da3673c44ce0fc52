import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/routes';

const WelcomePage = lazy(() => import('./WelcomePage'));
const AdminHomePage = lazy(() => import('./AdminHomePage'));
const RecipientHomePage = lazy(() => import('./RecipientHomePage'));

/** Each portal's home answers at its prefix and at `home` (A§2, B§2, resolution 8). */
export const homeRoutes: FeatureRoutes = {
  recipient: [
    { index: true, element: <RecipientHomePage /> },
    { path: 'home', element: <RecipientHomePage /> },
  ],
  program: [
    { index: true, element: <WelcomePage /> },
    { path: 'home', element: <WelcomePage /> },
  ],
  admin: [
    { index: true, element: <AdminHomePage /> },
    { path: 'home', element: <AdminHomePage /> },
  ],
};
