import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/routes';

const StaffNotificationsPage = lazy(() => import('./staff/StaffNotificationsPage'));
const RecipientNotificationsPage = lazy(() => import('./recipient/RecipientNotificationsPage'));

/**
 * The recipient's notifications with preferences (A§2), and the staff
 * user's own notifications (decision 0043), reached from the header's bell.
 */
export const notificationsRoutes: FeatureRoutes = {
  recipient: [{ path: 'notifications', element: <RecipientNotificationsPage /> }],
  program: [{ path: 'notifications', element: <StaffNotificationsPage /> }],
  admin: [{ path: 'notifications', element: <StaffNotificationsPage /> }],
};
