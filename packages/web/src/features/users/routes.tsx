import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/routes';

const UserSearchPage = lazy(() => import('./UserSearchPage'));
const UserAddPage = lazy(() => import('./UserAddPage'));
const UserDetailPage = lazy(() => import('./UserDetailPage'));
const RecipientUserPage = lazy(() => import('./RecipientUserPage'));

/**
 * User list, add and detail (B§2 Users), each screen its own chunk. `/program/user/{id}/{progId}` is the
 * recipient-user form; `/admin/user/{id}/{progId}` is an alias of the admin user view (resolution 3).
 */
export const usersRoutes: FeatureRoutes = {
  program: [
    { path: 'users', element: <UserSearchPage base="program" /> },
    { path: 'user/add', element: <UserAddPage base="program" /> },
    { path: 'user/:id', element: <UserDetailPage base="program" /> },
    { path: 'user/:id/:progId', element: <RecipientUserPage /> },
  ],
  admin: [
    { path: 'users', element: <UserSearchPage base="admin" /> },
    { path: 'user/add', element: <UserAddPage base="admin" /> },
    { path: 'user/:id', element: <UserDetailPage base="admin" /> },
    { path: 'user/:id/:progId', element: <UserDetailPage base="admin" /> },
  ],
};
