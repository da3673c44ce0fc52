import { notificationApi } from '@ebt/core/notifications';
import { handle, routeTable } from '../../platform/routes.js';
import { listNotifications } from './list.js';
import { changePreferences, listNotificationEvents, listPreferences } from './preferences.js';
import { changeNotificationStatus, listNotificationStatuses } from './status.js';

// The recipient's notifications: each contract of @ebt/core/notifications (notificationApi) bound to its use case.
export default routeTable([
  handle(notificationApi.list, (req) => listNotifications(req.ctx, req.query)),
  handle(notificationApi.setStatus, (req) => changeNotificationStatus(req.ctx, req.body)),
  handle(notificationApi.statuses, () => listNotificationStatuses()),
  handle(notificationApi.events, (req) => listNotificationEvents(req.ctx)),
  handle(notificationApi.preferences, (req) => listPreferences(req.ctx)),
  handle(notificationApi.savePreferences, (req) => changePreferences(req.ctx, req.body)),
]);
