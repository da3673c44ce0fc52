import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/routes';

const ConfigListPage = lazy(() => import('./ConfigListPage'));
const ConfigAddPage = lazy(() => import('./ConfigAddPage'));
const ConfigKeyPage = lazy(() => import('./ConfigKeyPage'));

/** Configuration keys and their history (B§2 Admin configuration). */
export const configRoutes: FeatureRoutes = {
  admin: [
    { path: 'configurations', element: <ConfigListPage /> },
    { path: 'configuration/add', element: <ConfigAddPage /> },
    { path: 'configuration/:id', element: <ConfigKeyPage /> },
  ],
};
