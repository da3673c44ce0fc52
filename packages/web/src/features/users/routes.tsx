import { placeholderRoute } from '../../components/PlaceholderPage';
import type { FeatureRoutes } from '../../lib/routes';

/**
 * User list, add and detail (B§2 Users; resolution 3 adds /admin/user/:id/:progId).
 * Each screen is a placeholder until its issue replaces the entry here.
 */
export const usersRoutes: FeatureRoutes = {
  program: [
    placeholderRoute('users', 'Users'),
    placeholderRoute('user/add', 'Add User'),
    placeholderRoute('user/:id', 'User Detail'),
    placeholderRoute('user/:id/:progId', 'User Detail'),
  ],
  admin: [
    placeholderRoute('users', 'Users'),
    placeholderRoute('user/add', 'Add User'),
    placeholderRoute('user/:id', 'User Detail'),
    placeholderRoute('user/:id/:progId', 'User Detail'),
  ],
};
