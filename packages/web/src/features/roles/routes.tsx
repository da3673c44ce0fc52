import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/routes';

const RolesPage = lazy(() => import('./RolesPage'));
const RoleEditPage = lazy(() => import('./RoleEditPage'));
const RoleAddPage = lazy(() => import('./RoleAddPage'));
const PrivilegesPage = lazy(() => import('./PrivilegesPage'));

/** Roles and privileges (B§2 Admin privileges, roles), admin portal only, each screen its own chunk. */
export const rolesRoutes: FeatureRoutes = {
  admin: [
    { path: 'roles', element: <RolesPage /> },
    { path: 'roles/:roleId', element: <RoleEditPage /> },
    { path: 'role/add', element: <RoleAddPage /> },
    { path: 'privileges', element: <PrivilegesPage /> },
  ],
};
