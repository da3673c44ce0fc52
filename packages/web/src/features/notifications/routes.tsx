import { placeholderRoute } from '../../components/PlaceholderPage';
import type { FeatureRoutes } from '../../lib/routes';

/**
 * The recipient's notifications with preferences (A§2).
 * Each screen is a placeholder until its issue replaces the entry here.
 */
export const notificationsRoutes: FeatureRoutes = {
  recipient: [placeholderRoute('notifications', 'Notifications')],
};
