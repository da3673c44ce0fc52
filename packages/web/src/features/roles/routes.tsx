import { placeholderRoute } from '../../components/PlaceholderPage';
import type { FeatureRoutes } from '../../lib/routes';

/**
 * Roles and privileges (B§2 Admin privileges, roles).
 * Each screen is a placeholder until its issue replaces the entry here.
 */
export const rolesRoutes: FeatureRoutes = {
  admin: [
    placeholderRoute('roles', 'Roles'),
    placeholderRoute('roles/:roleId', 'Edit Role'),
    placeholderRoute('role/add', 'Add Role'),
    placeholderRoute('privileges', 'Privileges'),
  ],
};
