import { ErrorBody } from '@ebt/core/errors';
import {
  StaffNotificationPage,
  StaffNotificationParams,
  StaffNotificationQuery,
  StaffNotificationsRead,
} from '@ebt/core/staff-notifications';
import { STAFF } from '../../platform/access.js';
import { defineRoutes } from '../../platform/routes.js';
import { listStaffNotifications, markAllStaffNotificationsRead, markStaffNotificationRead } from './service.js';

// A staff user's own notifications (decision 0043): any staff role, each user only their own.
const tags = ['staff-notifications'];
const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

export default defineRoutes((app) => {
  app.get(
    '/account-api/staff-notifications',
    {
      schema: {
        tags,
        summary: "The caller's notifications, newest first, with the unread count",
        querystring: StaffNotificationQuery,
        response: { 200: StaffNotificationPage, ...refusals },
      },
      config: { access: STAFF },
    },
    (req) => listStaffNotifications(req.ctx, req.query),
  );

  app.put(
    '/account-api/staff-notifications/read',
    {
      schema: {
        tags,
        summary: "Mark every one of the caller's unread notifications read",
        response: { 200: StaffNotificationsRead, ...refusals },
      },
      config: { access: STAFF },
    },
    (req) => markAllStaffNotificationsRead(req.ctx),
  );

  app.put(
    '/account-api/staff-notifications/:id/read',
    {
      schema: {
        tags,
        summary: "Mark one of the caller's notifications read (another's: 404)",
        params: StaffNotificationParams,
        response: { 200: StaffNotificationsRead, ...refusals, 404: ErrorBody },
      },
      config: { access: STAFF },
    },
    (req) => markStaffNotificationRead(req.ctx, req.params.id),
  );
});
