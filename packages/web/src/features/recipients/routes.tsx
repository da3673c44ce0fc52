import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/routes';

const RecipientAddPage = lazy(() => import('./add/RecipientAddPage'));
const RecipientSearchPage = lazy(() => import('./search/RecipientSearchPage'));
const RecipientDetailPage = lazy(() => import('./detail/RecipientDetailPage'));
const RecipientFilePage = lazy(() => import('./file/RecipientFilePage'));

/**
 * Recipient search, add, import and detail (A§2 Screens), each loaded with its first visit. Every page takes the
 * portal it is in (`base`), for its links and, on the detail, the area's activation endpoint.
 */
export const recipientsRoutes: FeatureRoutes = {
  program: [
    { path: 'recipients', element: <RecipientSearchPage base="program" /> },
    { path: 'recipient/add', element: <RecipientAddPage base="program" /> },
    { path: 'recipient/file', element: <RecipientFilePage base="program" /> },
    { path: 'recipient/:id/:progId', element: <RecipientDetailPage base="program" /> },
  ],
  admin: [
    { path: 'recipients', element: <RecipientSearchPage base="admin" /> },
    { path: 'recipient/add', element: <RecipientAddPage base="admin" /> },
    { path: 'recipient/file', element: <RecipientFilePage base="admin" /> },
    { path: 'recipient/:id/:progId', element: <RecipientDetailPage base="admin" /> },
  ],
};
