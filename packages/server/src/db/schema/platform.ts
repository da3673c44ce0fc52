import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.js';

/**
 * Sign-in sessions. The token itself is never stored: only its SHA-256 (a 256-bit random token needs no slow
 * hash). A session ends after 20 minutes without a call (idle), 12 hours in all (absolute) or at logout.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/**
 * Fixed-window counters for throttling (failed sign-ins per address, lookups, public forms). Kept in the database
 * so that every server instance sees the same counts (architecture.md "Scale").
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 200 }).primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});

/** Who changed what and when, with the before/after of the changed fields. Written by every change via the API. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    // No foreign key (decision 0087): an audit row keeps the actor it was written with, whatever becomes of the user
    // row (the key's `on delete set null` would have erased who did it), and the server writes it from the session.
    actorUserId: integer('actor_user_id'),
    action: varchar('action', { length: 60 }).notNull(),
    entity: varchar('entity', { length: 60 }).notNull(),
    entityId: varchar('entity_id', { length: 100 }),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: varchar('ip', { length: 64 }),
    requestId: varchar('request_id', { length: 64 }),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_actor_idx').on(t.actorUserId, t.at),
    index('audit_log_at_idx').on(t.at),
  ],
);

/** E-mails and SMS. Without a provider configured they stay here and are listed at GET /admin-api/outbox. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: varchar('channel', { length: 5 }).notNull(),
    to: varchar('to', { length: 255 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    body: text('body').notNull(),
    /** The e-mail's HTML part, beside the text part in `body`; null for a text message or a text-only e-mail. */
    html: text('html'),
    /** What the message is about ('benefit-issued', 'sign-in-code', …): the delivery log's "kind". */
    kind: varchar('kind', { length: 60 }).notNull().default('other'),
    /** The provider's id of a sent text message, so its delivery report and replies can be matched. */
    providerMessageId: varchar('provider_message_id', { length: 100 }),
    /** A text message's parts as the phone network counts them (GSM-7 or UCS-2), at most two. */
    segments: integer('segments'),
    /** Given up after the last attempt, or refused for good (an opted-out number): no further try. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Not before this time is a failed message tried again (back-off, decision 0050); null: at once. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_created_at_idx').on(t.createdAt),
    index('outbox_unsent_idx')
      .on(t.id)
      .where(sql`${t.sentAt} is null`),
  ],
);

/** Raw bytes (bytea): node-postgres answers a Buffer, PGlite a Uint8Array; both read back as a Buffer. */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Files sent with an outbox e-mail (a merchant's settlement statement, decision 0069), in the order given. Kept with
 * the message so a delivery retried later sends the same file; they go when the message row goes.
 */
export const outboxAttachments = pgTable(
  'outbox_attachments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    outboxId: bigint('outbox_id', { mode: 'number' })
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    filename: varchar('filename', { length: 200 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    content: bytes('content').notNull(),
  },
  (t) => [index('outbox_attachments_outbox_idx').on(t.outboxId)],
);

/**
 * Mobile numbers (E.164) that answered STOP to our texts: no text goes to them until they answer START. Kept by
 * number, not by account, because the carrier's opt-out is the phone's, whoever's account lists it.
 */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: varchar('phone', { length: 16 }).primaryKey(),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull(),
  /** The keyword the provider forwarded ('STOP', 'UNSUBSCRIBE', …). */
  keyword: varchar('keyword', { length: 20 }).notNull(),
});

/**
 * Answers of the street-address geocoder, by the normalised query, so one address costs the provider one call. A
 * miss is kept too (null coordinates), so a bad address is not asked again and again.
 */
export const geocodeCache = pgTable('geocode_cache', {
  query: varchar('query', { length: 300 }).primaryKey(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  label: varchar('label', { length: 300 }),
  provider: varchar('provider', { length: 40 }).notNull(),
  createdAt: createdAt(),
});

/** Lease-based locks for scheduled jobs, so one instance runs a job at a time when several are up. */
export const jobLocks = pgTable('job_locks', {
  name: varchar('name', { length: 100 }).primaryKey(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
  lockedBy: varchar('locked_by', { length: 100 }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});
