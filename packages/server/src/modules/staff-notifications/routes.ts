import { staffNotificationApi } from '@ebt/core/staff-notifications';
import { handle, routeTable } from '../../platform/routes.js';
import { listStaffNotifications, markAllStaffNotificationsRead, markStaffNotificationRead } from './service.js';

// A staff user's own notifications: each contract of @ebt/core/staff-notifications (staffNotificationApi) bound to its
// use case.
export default routeTable([
  handle(staffNotificationApi.list, (req) => listStaffNotifications(req.ctx, req.query)),
  handle(staffNotificationApi.markAllRead, (req) => markAllStaffNotificationsRead(req.ctx)),
  handle(staffNotificationApi.markRead, (req) => markStaffNotificationRead(req.ctx, req.params.id)),
]);
