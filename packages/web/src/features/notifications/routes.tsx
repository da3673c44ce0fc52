import { lazy } from 'react';
import { placeholderRoute } from '../../components/PlaceholderPage';
import type { FeatureRoutes } from '../../lib/routes';

const StaffNotificationsPage = lazy(() => import('./staff/StaffNotificationsPage'));

/**
 * The recipient's notifications with preferences (A§2; a placeholder until the recipient portal issue), and the staff
 * user's own notifications (decision 0043), reached from the header's bell.
 */
export const notificationsRoutes: FeatureRoutes = {
  recipient: [placeholderRoute('notifications', 'Notifications')],
  program: [{ path: 'notifications', element: <StaffNotificationsPage /> }],
  admin: [{ path: 'notifications', element: <StaffNotificationsPage /> }],
};
