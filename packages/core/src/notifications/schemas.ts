import { z } from 'zod';
import { pagedAnswer } from '../pager/answers.js';
import { NOTIFICATION_MESSAGES } from './messages.js';

// The recipient's notifications and preferences (part 1 §3 Notification, Preference; §7 "Recipient portal";
// resolution 24; decision 0048).

/** A5§9: notifications show 5 per page. */
export const NOTIFICATION_PAGE_SIZE = 5;
/** The most a page holds, and the most uuids one PUT changes. */
export const NOTIFICATION_PAGE_MAX = 100;
/** Counts stop here (the badge says '99+' long before). */
export const NOTIFICATION_COUNT_CAP = 1000;
/** A9: unread items on the page shown are marked read after 4 seconds. */
export const NOTIFICATION_AUTO_READ_MS = 4000;

/** GET /account-api/notifications: newest first, zero-based page. */
export const NotificationQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(NOTIFICATION_PAGE_SIZE),
});
export type NotificationQuery = z.infer<typeof NotificationQuery>;

export const Notification = z.object({
  notificationUuid: z.uuid(),
  notificationEventId: z.number().int(),
  notificationText: z.string(),
  /** The same notice in Spanish, as its e-mail or SMS said it; null for one written without it. */
  notificationTextEs: z.string().nullable(),
  /** 0 unread, 1 read (dismissed ones are not listed). */
  notificationStatusId: z.number().int(),
  notifiedDate: z.iso.datetime({ offset: true }),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationPage = pagedAnswer(Notification).extend({ unreadCount: z.number().int() });
export type NotificationPage = z.infer<typeof NotificationPage>;

/**
 * PUT /account-api/notifications: mark read (1) or dismiss (2) some of the caller's notifications. Marking unread
 * again is not offered (decision 0048).
 */
export const NotificationStatusChange = z.object({
  notificationStatusId: z.union([z.literal(1), z.literal(2)]),
  notificationUuids: z.array(z.uuid()).min(1).max(NOTIFICATION_PAGE_MAX),
});
export type NotificationStatusChange = z.infer<typeof NotificationStatusChange>;

export const NotificationStatusAnswer = z.object({
  message: z.string(),
  updated: z.number().int(),
  unreadCount: z.number().int(),
});
export type NotificationStatusAnswer = z.infer<typeof NotificationStatusAnswer>;

/** GET /account-api/notifications/statuses (resolution 24). */
export const NotificationStatusOption = z.object({ notificationStatusId: z.number().int(), descr: z.string() });
export type NotificationStatusOption = z.infer<typeof NotificationStatusOption>;

/** GET /account-api/notifications/events. */
export const NotificationEventOption = z.object({ eventId: z.number().int(), descr: z.string() });
export type NotificationEventOption = z.infer<typeof NotificationEventOption>;

/** GET /account-api/notifications/preferences: every event × method, `selected` when the recipient chose it. */
export const NotificationPreference = z.object({
  eventId: z.number().int(),
  methodId: z.number().int(),
  descr: z.string(),
  selected: z.boolean(),
  /**
   * The account's mobile number replied STOP to our texts (decision 0112): no text reaches it until it replies START.
   * The same on every row; the preference screen says so beside the SMS choices.
   */
  smsOptedOut: z.boolean(),
});
export type NotificationPreference = z.infer<typeof NotificationPreference>;

const smallId = z.number().int().min(1).max(32_767);

/**
 * PUT /account-api/notifications/preferences: the chosen (event, method) pairs as two arrays of the same length,
 * eventIds[i] with methodIds[i]; what is not named is no longer chosen (decision 0048).
 */
export const NotificationPreferencesChange = z
  .object({
    eventIds: z.array(smallId).max(200),
    methodIds: z.array(smallId).max(200),
  })
  .refine((b) => b.eventIds.length === b.methodIds.length, { message: NOTIFICATION_MESSAGES.PAIRS_MISMATCH });
export type NotificationPreferencesChange = z.infer<typeof NotificationPreferencesChange>;

export const PreferencesAnswer = z.object({ message: z.string() });
export type PreferencesAnswer = z.infer<typeof PreferencesAnswer>;
