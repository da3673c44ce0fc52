import { z } from 'zod';
import { endpoint, privileges, REFUSED } from '../contract/index.js';
import { PRIVILEGE } from '../privileges/index.js';
import {
  NotificationEventOption,
  NotificationPage,
  NotificationPreference,
  NotificationPreferencesChange,
  NotificationQuery,
  NotificationStatusAnswer,
  NotificationStatusChange,
  NotificationStatusOption,
  PreferencesAnswer,
} from './schemas.js';

// The recipient's notifications and preferences (part 1 §2 /recipient/notifications, §3, §4, §7 "Recipient portal";
// resolution 24). Recipients only, each their own accounts' rows; staff have their own
// (/account-api/staff-notifications).

const tags = ['notifications'];
const RECIPIENT = privileges(PRIVILEGE.RECIPIENT_ACCESS);

export const list = endpoint({
  method: 'GET',
  path: '/account-api/notifications',
  operationId: 'listNotifications',
  tags,
  summary: "The caller's unread and read notifications, newest first (pageSize default 5), with the unread count",
  access: RECIPIENT,
  query: NotificationQuery,
  answer: NotificationPage,
  returns: "A page of the caller's notifications and their unread count",
  refusals: REFUSED.list,
});

export const setStatus = endpoint({
  method: 'PUT',
  path: '/account-api/notifications',
  operationId: 'setNotificationStatus',
  tags,
  summary: "Mark read (1) or dismiss (2) some of the caller's notifications; any other's or a gone one: 404",
  access: RECIPIENT,
  body: NotificationStatusChange,
  answer: NotificationStatusAnswer,
  returns: 'The notifications marked',
  refusals: REFUSED.record,
});

export const statuses = endpoint({
  method: 'GET',
  path: '/account-api/notifications/statuses',
  operationId: 'listNotificationStatuses',
  tags,
  summary: 'Notification statuses: 0 unread, 1 read, 2 dismissed',
  access: RECIPIENT,
  answer: z.array(NotificationStatusOption),
  returns: 'The notification statuses',
  refusals: [401, 403],
});

export const events = endpoint({
  method: 'GET',
  path: '/account-api/notifications/events',
  operationId: 'listNotificationEvents',
  tags,
  summary: 'The events a recipient can be told about',
  access: RECIPIENT,
  answer: z.array(NotificationEventOption),
  returns: 'The notification events',
  refusals: [401, 403],
});

export const preferences = endpoint({
  method: 'GET',
  path: '/account-api/notifications/preferences',
  operationId: 'listNotificationPreferences',
  tags,
  summary: 'Every event × method (1 e-mail, 2 SMS), selected when the caller chose it',
  access: RECIPIENT,
  answer: z.array(NotificationPreference),
  returns: 'Every event and method, each marked whether the caller chose it',
  refusals: [401, 403],
});

export const savePreferences = endpoint({
  method: 'PUT',
  path: '/account-api/notifications/preferences',
  operationId: 'saveNotificationPreferences',
  tags,
  summary: "Replace the caller's choices with the (eventIds[i], methodIds[i]) pairs",
  access: RECIPIENT,
  body: NotificationPreferencesChange,
  answer: PreferencesAnswer,
  returns: 'The choices saved',
  refusals: REFUSED.record,
});
