import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { benefits } from './benefits.js';
import { createdAt, publicUuid } from './columns.js';
import { recipientAccounts } from './recipients.js';
import { users } from './users.js';

/** What a notification is about (reference data, GET /account-api/notifications/events). */
export const notificationEvents = pgTable('notification_events', {
  id: smallint('id').primaryKey(), // eventId
  descr: varchar('descr', { length: 100 }).notNull(),
  active: boolean('active').notNull().default(true),
});

/**
 * A message shown in the recipient portal. Status 0 unread, 1 read, 2 dismissed (resolutions §24); dismissed ones
 * are no longer listed.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uuid: publicUuid(), // notificationUuid
    accountId: integer('account_id')
      .notNull()
      .references(() => recipientAccounts.id, { onDelete: 'cascade' }),
    // No foreign key (decision 0087): only the server writes a notification, with an event of NOTIFICATION_EVENTS,
    // the list notification_events is filled from at every start; preferences, which callers choose, keep theirs.
    eventId: smallint('event_id').notNull(),
    text: varchar('text', { length: 500 }).notNull(),
    // The same notice in Spanish, as its e-mail or SMS said it (null for a notice without one): a Spanish page shows
    // it, never a translation guessed from the English words.
    textEs: varchar('text_es', { length: 500 }),
    statusId: smallint('status_id').notNull().default(0),
    notifiedDate: timestamp('notified_date', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    // The list (status in (0,1), newest first) and the unread badge count (status 0).
    index('notifications_account_status_idx').on(t.accountId, t.statusId, t.notifiedDate),
    check('notifications_status_check', sql`${t.statusId} between 0 and 2`),
  ],
);

/** Which events a recipient wants sent, and how: method 1 e-mail, 2 SMS. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => recipientAccounts.id, { onDelete: 'cascade' }),
    eventId: smallint('event_id')
      .notNull()
      .references(() => notificationEvents.id),
    methodId: smallint('method_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.eventId, t.methodId] }),
    check('notification_preferences_method_check', sql`${t.methodId} in (1, 2)`),
  ],
);

/**
 * A message for a staff user (program admins, agency admins): the agency funding alert (decision 0029). Kept apart
 * from `notifications`, which belong to recipient accounts and their preference events. Status as there: 0 unread,
 * 1 read, 2 dismissed.
 */
export const staffNotifications = pgTable(
  'staff_notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uuid: publicUuid(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What it is about, for a screen that groups them: 'agency-funding'. */
    topic: varchar('topic', { length: 40 }).notNull(),
    text: varchar('text', { length: 500 }).notNull(),
    statusId: smallint('status_id').notNull().default(0),
    notifiedDate: timestamp('notified_date', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_notifications_user_status_idx').on(t.userId, t.statusId, t.notifiedDate),
    // The user's list, newest first (decision 0043).
    index('staff_notifications_user_date_idx').on(t.userId, t.notifiedDate, t.id),
    check('staff_notifications_status_check', sql`${t.statusId} between 0 and 2`),
  ],
);

/**
 * The benefits whose 'expiring soon' reminder was sent (decision 0049): once per benefit, whoever
 * runs the life-cycle job and however often. Kept apart from benefits so the job's marker never rewrites a benefit row.
 */
export const benefitExpiryReminders = pgTable('benefit_expiry_reminders', {
  benefitId: integer('benefit_id')
    .primaryKey()
    .references(() => benefits.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});
