import { z } from 'zod';
import { pagedAnswer } from '../pager/answers.js';

// A staff user's own notifications (decision 0043): what the platform tells program and agency staff (an agency
// nearing its funding amount, a card reported lost or stolen). The specification shows only the recipient's
// notifications; staff ones are ours, read and marked read by their user alone.

/** The most a page of notifications holds. */
export const STAFF_NOTIFICATION_PAGE_MAX = 100;
/** Counts stop here: a user with more sees '1000+' (the badge says '99+' long before). */
export const STAFF_NOTIFICATION_COUNT_CAP = 1000;

export const STAFF_NOTIFICATION_MESSAGES = {
  NO_NOTIFICATIONS: 'You have no notifications.',
  NOT_FOUND: 'The notification was not found.',
  MARKED_READ: 'Notification marked as read.',
  ALL_MARKED_READ: 'All notifications marked as read.',
} as const;

/** GET /account-api/staff-notifications: newest first, zero-based page. */
export const StaffNotificationQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(STAFF_NOTIFICATION_PAGE_MAX).default(10),
});
export type StaffNotificationQuery = z.infer<typeof StaffNotificationQuery>;

export const StaffNotificationParams = z.object({ id: z.uuid() });
export type StaffNotificationParams = z.infer<typeof StaffNotificationParams>;

export const StaffNotification = z.object({
  notificationId: z.uuid(),
  /** What it is about: 'agency-funding', 'card-report'. */
  topic: z.string(),
  text: z.string(),
  read: z.boolean(),
  notifiedDate: z.iso.datetime({ offset: true }),
});
export type StaffNotification = z.infer<typeof StaffNotification>;

export const StaffNotificationPage = pagedAnswer(StaffNotification).extend({ unreadCount: z.number().int() });
export type StaffNotificationPage = z.infer<typeof StaffNotificationPage>;

export const StaffNotificationsRead = z.object({ message: z.string(), updated: z.number().int() });
export type StaffNotificationsRead = z.infer<typeof StaffNotificationsRead>;
