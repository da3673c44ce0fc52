import { endpoint, REFUSED, STAFF } from '../contract/index.js';
import {
  StaffNotificationPage,
  StaffNotificationParams,
  StaffNotificationQuery,
  StaffNotificationsRead,
} from './schemas.js';

// A staff user's own notifications: any staff role, each user only their own.

const tags = ['staff-notifications'];

export const list = endpoint({
  method: 'GET',
  path: '/account-api/staff-notifications',
  operationId: 'listStaffNotifications',
  tags,
  summary: "The caller's notifications, newest first, with the unread count",
  access: STAFF,
  query: StaffNotificationQuery,
  answer: StaffNotificationPage,
  returns: "A page of the caller's notifications and their unread count",
  refusals: REFUSED.list,
});

export const markAllRead = endpoint({
  method: 'PUT',
  path: '/account-api/staff-notifications/read',
  operationId: 'markAllStaffNotificationsRead',
  tags,
  summary: "Mark every one of the caller's unread notifications read",
  access: STAFF,
  answer: StaffNotificationsRead,
  returns: 'How many notifications were marked read',
  refusals: REFUSED.list,
});

export const markRead = endpoint({
  method: 'PUT',
  path: '/account-api/staff-notifications/:id/read',
  operationId: 'markStaffNotificationRead',
  tags,
  summary: "Mark one of the caller's notifications read (another's: 404)",
  access: STAFF,
  params: StaffNotificationParams,
  answer: StaffNotificationsRead,
  returns: 'The notification marked read',
  refusals: REFUSED.record,
});
