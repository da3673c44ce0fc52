import { z } from 'zod';
import { ErrorBody } from '@ebt/core/errors';
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
} from '@ebt/core/notifications';
import { PRIVILEGE } from '@ebt/core/privileges';
import { privileges } from '../../platform/access.js';
import { defineRoutes } from '../../platform/routes.js';
import { listNotifications } from './list.js';
import { changePreferences, listNotificationEvents, listPreferences } from './preferences.js';
import { changeNotificationStatus, listNotificationStatuses } from './status.js';

// The recipient's notifications and preferences (part 1 §2 /recipient/notifications, §3, §4, §7 "Recipient portal";
// resolution 24; decision 0048). Recipients only, each their own accounts' rows; staff have their own
// (/account-api/staff-notifications, decision 0043).
const tags = ['notifications'];
const RECIPIENT = privileges(PRIVILEGE.RECIPIENT_ACCESS);
const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

export default defineRoutes((app) => {
  app.get(
    '/account-api/notifications',
    {
      schema: {
        tags,
        summary: "The caller's unread and read notifications, newest first (pageSize default 5), with the unread count",
        querystring: NotificationQuery,
        response: { 200: NotificationPage, ...refusals },
      },
      config: { access: RECIPIENT },
    },
    (req) => listNotifications(req.ctx, req.query),
  );

  app.put(
    '/account-api/notifications',
    {
      schema: {
        tags,
        summary: "Mark read (1) or dismiss (2) some of the caller's notifications; any other's or a gone one: 404",
        body: NotificationStatusChange,
        response: { 200: NotificationStatusAnswer, ...refusals, 404: ErrorBody },
      },
      config: { access: RECIPIENT },
    },
    (req) => changeNotificationStatus(req.ctx, req.body),
  );

  app.get(
    '/account-api/notifications/statuses',
    {
      schema: {
        tags,
        summary: 'Notification statuses: 0 unread, 1 read, 2 dismissed',
        response: { 200: z.array(NotificationStatusOption), 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: RECIPIENT },
    },
    () => listNotificationStatuses(),
  );

  app.get(
    '/account-api/notifications/events',
    {
      schema: {
        tags,
        summary: 'The events a recipient can be told about',
        response: { 200: z.array(NotificationEventOption), 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: RECIPIENT },
    },
    (req) => listNotificationEvents(req.ctx),
  );

  app.get(
    '/account-api/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Every event × method (1 e-mail, 2 SMS), selected when the caller chose it',
        response: { 200: z.array(NotificationPreference), 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: RECIPIENT },
    },
    (req) => listPreferences(req.ctx),
  );

  app.put(
    '/account-api/notifications/preferences',
    {
      schema: {
        tags,
        summary: "Replace the caller's choices with the (eventIds[i], methodIds[i]) pairs",
        body: NotificationPreferencesChange,
        response: { 200: PreferencesAnswer, ...refusals, 404: ErrorBody },
      },
      config: { access: RECIPIENT },
    },
    (req) => changePreferences(req.ctx, req.body),
  );
});
